import type { Database } from '../../db/database';

export function sectorsWithLines(db: Database) {
  return db
    .selectFrom('sectors')
    .leftJoin('lines', 'lines.sectorID', 'sectors.sectorID')
    .select(['sectors.sectorID', 'sectors.sectorName', 'lines.lineID', 'lines.description'])
    .orderBy('sectors.sectorName')
    .orderBy('sectors.sectorID')
    .orderBy('lines.lineID')
    .execute();
}

export function lineLookup(db: Database, sectorID: number | undefined) {
  let query = db.selectFrom('lines').select(['lineID as value', 'description as text', 'sectorID']).orderBy('lineID');
  if (sectorID !== undefined) query = query.where('sectorID', '=', sectorID);
  return query.execute();
}

export function findLineSummary(db: Database, lineID: number) {
  return db
    .selectFrom('lines')
    .innerJoin('sectors', 'sectors.sectorID', 'lines.sectorID')
    .select([
      'lines.lineID',
      'lines.description',
      'lines.sectorID',
      'sectors.sectorName',
      'lines.fixedThroughput',
      'lines.enableStopsManager',
      'lines.enableOrderManager',
      'lines.enableProductionManager',
      'lines.enableCalculationRelative',
      'lines.enableIndicadorPorTurno',
    ])
    .where('lines.lineID', '=', lineID)
    .executeTakeFirst();
}

export async function tagNames(db: Database): Promise<string[]> {
  return (await db.selectFrom('opc_tags').select('tagName').execute()).map((row) => row.tagName);
}
