import { apiToRow, type HookContext } from '../grid/grid-resource';
import { fieldError } from '../../http/errors';
import { checkReferences } from '../grid/references';
import { findStopReason } from './equipments.repository';
import { EQUIPMENT_STOP_COLUMNS, type EquipmentStopValues } from './equipments.schemas';

/** A stop reason is linked to an equipment so the operator can pick it for that equipment: a category cannot be picked. */
export async function prepareEquipmentStop(values: EquipmentStopValues, ctx: HookContext): Promise<Record<string, unknown>> {
  await checkReferences(ctx.trx, values, [{ field: 'equipmentID', table: 'equipments', column: 'equipmentID' }]);
  const reason = await findStopReason(ctx.trx, values.reasonID);
  if (!reason) throw fieldError('validation', 'validation.reference', 'reasonID');
  if (reason.isCategory) throw fieldError('validation', 'equipment.reasonIsCategory', 'reasonID');
  return apiToRow(values, EQUIPMENT_STOP_COLUMNS);
}
