import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function findStopReason(db: Database, reasonID: number) {
  return db.selectFrom('stop_reasons').selectAll().where('reasonID', '=', reasonID).executeTakeFirst();
}

export async function countChildren(db: Database, reasonID: number): Promise<number> {
  const row = await db
    .selectFrom('stop_reasons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentID', '=', reasonID)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when `reasonID` is `candidateID` or one of its ancestors (so `reasonID` cannot become its child). */
export async function isSelfOrAncestor(db: Database, reasonID: number, candidateID: number): Promise<boolean> {
  const found = await sql<{ id: number }>`
    WITH RECURSIVE up(id) AS (
      SELECT ${candidateID}
      UNION
      SELECT r.parentID FROM stop_reasons r JOIN up ON r.reasonID = up.id WHERE r.parentID IS NOT NULL
    )
    SELECT id FROM up WHERE id = ${reasonID} LIMIT 1`.execute(db);
  return found.rows.length > 0;
}

export async function allLineIDs(db: Database): Promise<number[]> {
  return (await db.selectFrom('lines').select('lineID').orderBy('lineID').execute()).map((row) => row.lineID);
}

/** Equipment links of a reason (not synced: the equipment–reason pairing is configuration of this plant only). */
export async function deleteEquipmentLinks(db: Database, reasonID: number): Promise<void> {
  await db.deleteFrom('equipment_stop_reasons').where('reasonID', '=', reasonID).execute();
}

export function childrenOf(db: Database, parentID: number) {
  return db
    .selectFrom('stop_reasons')
    .select(['reasonID', 'reason'])
    .where('parentID', '=', parentID)
    .orderBy('reason')
    .orderBy('reasonID')
    .execute();
}
