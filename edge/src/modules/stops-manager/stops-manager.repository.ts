import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { StopRow } from '../stops';

/** The lines with the stops managers on (enableStopsManager), with their sector and beacon script, by lineID. */
export function stopsManagerLines(db: Database) {
  return db
    .selectFrom('lines')
    .leftJoin('sectors', 'sectors.sectorID', 'lines.sectorID')
    .select(['lines.lineID', 'lines.description', 'lines.sectorID', 'sectors.sectorName', 'lines.calculationBaliza'])
    .where('lines.enableStopsManager', '=', 1)
    .orderBy('lines.lineID')
    .execute();
}

/** Every equipment's name and line (null: not tied to one line), by name. */
export function equipmentNames(db: Database) {
  return db.selectFrom('equipments').select(['name', 'lineID']).orderBy('name').execute();
}

export interface PendingStopsQuery {
  sectorID?: number;
  lineID?: number;
  /** Bounds of the stop's length (an open stop: up to now), in ms. */
  minDurationMs?: number;
  maxDurationMs?: number;
  nowMs: number;
  limit: number;
}

/**
 * Unrecognized stops of the lines with the stops managers on, latest first, at most `limit`, and how many match.
 * Stops of a line never overlap, so a plant holds few unrecognized ones; the length is computed in the query.
 */
export async function pendingStops(db: Database, query: PendingStopsQuery): Promise<{ rows: StopRow[]; total: number }> {
  const length = sql<number>`coalesce(stops.endDate, ${query.nowMs}) - stops.startDate`;
  let base = db
    .selectFrom('stops')
    .innerJoin('lines', 'lines.lineID', 'stops.lineID')
    .where('lines.enableStopsManager', '=', 1)
    .where('stops.recognized', '=', 0);
  if (query.sectorID !== undefined) base = base.where('lines.sectorID', '=', query.sectorID);
  if (query.lineID !== undefined) base = base.where('stops.lineID', '=', query.lineID);
  if (query.minDurationMs !== undefined) base = base.where(length, '>=', query.minDurationMs);
  if (query.maxDurationMs !== undefined) base = base.where(length, '<', query.maxDurationMs);
  const [rows, count] = await Promise.all([
    base.selectAll('stops').orderBy('stops.startDate', 'desc').limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
