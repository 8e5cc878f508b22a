import { sql, type Kysely } from 'kysely';

/**
 * stops.manual: 1 for a stop entered by hand (the manual stops manager), 0 for one the line's acquisition recorded.
 * Only stops entered by hand may be deleted or have their times changed: an acquired stop is plant history. Stops
 * entered by hand before this column existed are found by their audit row (action 'manualInsert'); the pieces of a
 * split copy the flag of the stop they came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE stops ADD COLUMN manual INTEGER NOT NULL DEFAULT 0`).execute(db);
  await sql
    .raw(
      `UPDATE stops SET manual = 1 WHERE stopID IN (
         SELECT CAST(json_extract(entityKey, '$.stopID') AS INTEGER) FROM audit_log WHERE entity = 'stops' AND action = 'manualInsert')`,
    )
    .execute(db);
}
