import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, where the time went, on the central copy: each shift index keeps its counted stop time (stopTime less its
 * share of adjustments) by loss kind, as the waterfall splits it (domain/losses.ts): breakdownTime, setupTime,
 * smallStopTime and notLineLossTime, in ms, adding up to stopTime − adjustedDiscountTime. The sync carries them, so
 * the central views and the portal sum the very minutes the edge's waterfall shows. Null on a shift index computed
 * before this migration, until the shift is computed again (the open shift at its next refresh, older ones by
 * 'Recalcular').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['breakdownTime', 'setupTime', 'smallStopTime', 'notLineLossTime']) {
    await sql.raw(`ALTER TABLE shift_indexes ADD COLUMN ${column} REAL`).execute(db);
  }
}
