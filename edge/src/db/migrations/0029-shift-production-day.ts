import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, a calendar change applies from a date on: productionDay on shift_indexes, the production day
 * ('YYYY-MM-DD') of the calendar the engine computed the row with, stored with it (as 0027's shiftCode) so a closed
 * shift keeps its day when a calendar version is added later, until a recalculation of its range computes it again.
 * Null on the rows computed before: the edge fills them at start, before it serves or computes anything, with the day
 * of the calendar in force (the day they showed until then; engine/production-day-fill.ts), since the plant's zone is
 * not the database's to know.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE shift_indexes ADD COLUMN productionDay TEXT`).execute(db);
  // The fill finds its rows by this index; the grid's production-day filter uses it with the line.
  await sql.raw(`CREATE INDEX shift_indexes_production_day ON shift_indexes (productionDay, lineID)`).execute(db);
}
