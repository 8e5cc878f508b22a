import type { Database } from '../../db/database';

export function buildingLookup(db: Database) {
  return db
    .selectFrom('buildings')
    .select(['buildingId as value', 'buildingName as text'])
    .orderBy('buildingName')
    .orderBy('buildingId')
    .execute();
}

export function sectorLookup(db: Database) {
  return db
    .selectFrom('sectors')
    .select(['sectorID as value', 'sectorName as text', 'buildingId'])
    .orderBy('sectorName')
    .orderBy('sectorID')
    .execute();
}
