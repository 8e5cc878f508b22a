import type { Row } from '../../db/schema';
import type { Executor } from '../indexes/indexes.repository';

export type MaintenanceCallRow = Row<'maintenance_calls'>;

/** Maintenance status (SPEC §3): 0 Waiting, 1 Started, 2 Finished, 4 NoMtto. A call is in progress while 0 or 1. */
export const MAINTENANCE_STATUS = { WAITING: 0, STARTED: 1, FINISHED: 2, NO_MAINTENANCE: 4 } as const;
const IN_PROGRESS = [MAINTENANCE_STATUS.WAITING, MAINTENANCE_STATUS.STARTED];

/** The oldest call in progress of each line (the beacon turns amber while there is one). */
export async function callsInProgress(db: Executor, lineIDs: readonly number[]): Promise<Map<number, MaintenanceCallRow>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('maintenance_calls')
    .selectAll()
    .where('resourceLineID', 'in', [...lineIDs])
    .where('status', 'in', IN_PROGRESS)
    .orderBy('callDate', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.resourceLineID, row]));
}
