import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { ColumnMap } from '../grid/load-options';
import { optionalId, optionalText, queryInt, requiredInt, requiredText } from '../grid/fields';

/**
 * Who does what with maintenance calls. There is no maintenance role in SPEC.md section 3: maintenance staff log in
 * on their terminals with the operator role, so operators and supervisors call, start and finish; closing a call as
 * not a maintenance matter (NoMtto) is the supervisor's decision. Every role that sees a line reads the calls.
 */
export const CALL_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;
export const CLOSE_ROLES = [ROLE.SUPERVISOR] as const;
/** The call reasons are a supervisor's configuration tab (the administrator sees it); every caller reads the list. */
export const REASON_ACCESS = { read: 'authenticated', write: [ROLE.SUPERVISOR] } as const;

/** A stored call as the API shows it (the table's columns). */
export const MAINTENANCE_COLUMNS = {
  callID: 'number',
  resourceLineID: 'number',
  stopID: 'number',
  status: 'number',
  callReason: 'string',
  equipmentID: 'number',
  message: 'string',
  callDate: 'date',
  declarationDate: 'date',
  startDate: 'date',
  endDate: 'date',
  calledBy: 'string',
  startedBy: 'string',
  finishedBy: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const satisfies ColumnMap;

/** The calls grid (GET /api/maintenance): the call with its line, sector, equipment and phase minutes. */
export const MAINTENANCE_GRID_COLUMNS = {
  ...MAINTENANCE_COLUMNS,
  lineDescription: 'string',
  sectorID: 'number',
  sectorName: 'string',
  equipmentName: 'string',
  waitingMinutes: 'number',
  maintenanceMinutes: 'number',
} as const satisfies ColumnMap;

export const CALL_REASON_COLUMNS = {
  callReasonID: 'number',
  name: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const satisfies ColumnMap;
export const callReasonSchema = z.object({ name: requiredText(60) });

export const newCallSchema = z.object({
  lineID: requiredInt({ min: 1, max: 99 }),
  callReasonID: requiredInt({ min: 1 }),
  equipmentID: optionalId(),
  message: optionalText(255),
});
export type NewCallInput = z.output<typeof newCallSchema>;

export const callActionSchema = z.object({ callID: requiredInt({ min: 1 }) });

/** The MTTR query: first and last production day (YYYY-MM-DD; default the last 30) and optionally a sector. */
export const mttrQuery = z.object({
  from: z.string().trim().max(10).optional(),
  to: z.string().trim().max(10).optional(),
  sectorID: queryInt().optional(),
});
