import type { AuthedContext } from '../../http/api';
import { apiToRow, type HookContext } from '../grid/grid-resource';
import { deleteValidationOrders } from './validation-orders.repository';
import { VALIDATION_ORDER_COLUMNS } from './validation-orders.schemas';

type AnyRow = Record<string, unknown>;

/** Stores the order's fields; an insert also records who created it and when (updates are stamped by the grid). */
export function prepareValidationOrder(values: AnyRow, ctx: HookContext & { before: AnyRow | null }): AnyRow {
  const row = apiToRow(values, VALIDATION_ORDER_COLUMNS);
  return ctx.before ? row : { ...row, createdBy: ctx.user.userID, createDate: ctx.now };
}

/**
 * "Clear selection": deletes the selected orders in one transaction, so the selection goes as a whole or not at
 * all. Orders already gone are not an error (another supervisor may have removed them); the answer says how many
 * were deleted.
 */
export async function deleteSelectedValidationOrders(ctx: AuthedContext, orderIDs: readonly string[]): Promise<{ deleted: number }> {
  const deleted = await ctx.db.transaction().execute((trx) => deleteValidationOrders(trx, orderIDs));
  return { deleted };
}
