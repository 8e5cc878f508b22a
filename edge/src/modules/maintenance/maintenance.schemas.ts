import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import { gridPageSchema, rowSchemaOf } from '../grid/grid-resource';
import type { ColumnMap } from '../grid/load-options';
import { optionalId, optionalText, queryInt, requiredInt, requiredText } from '../grid/fields';

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

const CALL_REQUIRED = ['callID', 'resourceLineID', 'status', 'callDate'] as const;

/** A call as the calls grid and every call action answer it. */
export const maintenanceCallRowSchema = rowSchemaOf(MAINTENANCE_GRID_COLUMNS, CALL_REQUIRED);
export const maintenanceCallPageSchema = gridPageSchema(maintenanceCallRowSchema);

/** GET /api/alerts/first: the line's call in progress, minutes since it was made and whether past the warning; or null. */
export const maintenanceAlertSchema = rowSchemaOf(MAINTENANCE_COLUMNS, CALL_REQUIRED)
  .extend({ minutes: z.number(), overLimit: z.boolean() })
  .nullable();

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

/** One row of the MTTR page: the finished calls, their maintenance minutes, mttr and meanWaiting (minutes; null: no call). */
const mttrFigures = {
  finishedCalls: z.number().int(),
  maintenanceMinutes: z.number(),
  mttr: z.number().nullable(),
  meanWaiting: z.number().nullable(),
};

/** GET /api/maintenance/mttr: per line, and per equipment (null: calls without equipment). */
export const mttrResponseSchema = z.object({
  lines: z.array(z.object({ lineID: z.number().int(), description: z.string(), ...mttrFigures })),
  equipment: z.array(z.object({ equipmentID: z.number().int().nullable(), equipmentName: z.string().nullable(), ...mttrFigures })),
});
