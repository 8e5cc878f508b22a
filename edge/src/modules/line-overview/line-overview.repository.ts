import type { Database } from '../../db/database';

/** The lines (all, of a sector, or the ones given) with what they were last seen doing. */
export function overviewLines(db: Database, filter: { lineIDs?: readonly number[]; sectorID?: number }) {
  let query = db
    .selectFrom('lines as l')
    .leftJoin('line_states as s', 's.lineID', 'l.lineID')
    .select(['l.lineID', 'l.sectorID', 'l.description', 'l.enableIndicadorPorTurno', 's.running', 's.changedAt', 's.lastSampleAt'])
    .orderBy('l.lineID');
  if (filter.lineIDs) query = query.where('l.lineID', 'in', filter.lineIDs.length ? [...filter.lineIDs] : [-1]);
  if (filter.sectorID !== undefined) query = query.where('l.sectorID', '=', filter.sectorID);
  return query.execute();
}

export type OverviewLine = Awaited<ReturnType<typeof overviewLines>>[number];

/** The targets of the lines, in the order they were defined. */
export async function targetsOfLines(db: Database, lineIDs: readonly number[]) {
  if (lineIDs.length === 0) return [];
  return db
    .selectFrom('targets')
    .select(['lineID', 'tag', 'targetSummary', 'targetOEE'])
    .where('lineID', 'in', [...lineIDs])
    .orderBy('targetID')
    .execute();
}
