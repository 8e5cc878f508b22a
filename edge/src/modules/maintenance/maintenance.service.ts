import { z } from 'zod';
import type { Database } from '../../db/database';
import { listResource, rowToApi, type GridResource } from '../../http/grid-resource';
import type { ColumnMap } from '../../http/load-options';
import type { EngineClock } from '../indexes/indexes.service';
import { callsInProgress, type MaintenanceCallRow } from './maintenance.repository';

/** SPEC §4: a warning shows when a line has been under maintenance for more than 10 minutes. */
export const MAINTENANCE_WARNING_MINUTES = 10;

export const MAINTENANCE_COLUMNS = {
  callID: 'number',
  resourceLineID: 'number',
  stopID: 'number',
  status: 'number',
  callReason: 'string',
  message: 'string',
  callDate: 'date',
  declarationDate: 'date',
  startDate: 'date',
  endDate: 'date',
  updatedBy: 'string',
  updateDate: 'date',
} as const satisfies ColumnMap;

/** The maintenance calls grid (GET /api/maintenance/get); resourceLineID and status as plain parameters too. */
export const MAINTENANCE_GRID: GridResource = {
  name: 'maintenance',
  path: '/api/maintenance',
  table: 'maintenance_calls',
  key: ['callID'],
  columns: MAINTENANCE_COLUMNS,
  plainFilters: ['resourceLineID', 'status'],
  schema: z.object({}),
  access: { read: 'authenticated', write: [] },
  defaultSort: [{ column: 'callDate', desc: true }],
};

export function listMaintenanceCalls(db: Database, query: Record<string, unknown>, timeZone: string) {
  return listResource(MAINTENANCE_GRID, db, query, timeZone);
}

/** A call in progress as the dashboard shows it: minutes since the call, and whether it is past the warning. */
export function callToApi(call: MaintenanceCallRow, clock: EngineClock) {
  const minutes = Math.max(0, Math.floor((clock.nowMs - call.callDate) / 60_000));
  return { ...rowToApi(call, MAINTENANCE_COLUMNS, clock.timeZone), minutes, overLimit: minutes > MAINTENANCE_WARNING_MINUTES };
}

/** The maintenance call in progress on a line (GET /api/alerts/first), or null. */
export async function firstAlert(db: Database, lineID: number, clock: EngineClock) {
  const call = (await callsInProgress(db, [lineID])).get(lineID);
  return call ? callToApi(call, clock) : null;
}
