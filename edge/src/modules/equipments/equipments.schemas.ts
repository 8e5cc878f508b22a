import { z } from 'zod';
import { optionalId, optionalText, requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 3: Equipment (equipmentID, name, description, tag, lineID) and its linked stop reasons. */
export const EQUIPMENT_COLUMNS = { equipmentID: 'number', name: 'string', description: 'string', tag: 'string', lineID: 'number' } as const;

/** The link rows, with the reason's text for display (read-only). */
export const EQUIPMENT_STOP_COLUMNS = { equipmentID: 'number', reasonID: 'number', reason: 'string' } as const;

export const equipmentSchema = z.object({
  name: requiredText(40),
  description: requiredText(100),
  tag: optionalText(48),
  lineID: optionalId(),
});

export const equipmentStopSchema = z.object({ equipmentID: requiredInt({ min: 1 }), reasonID: requiredInt({ min: 1 }) });
export type EquipmentStopValues = z.output<typeof equipmentStopSchema>;
