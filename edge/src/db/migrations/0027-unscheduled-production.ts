import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the engine follows the work calendar:
 * - unscheduledQuantity, unscheduledDiscards and unscheduledRuntime (ms) on order_indexes and shift_indexes: what the
 *   line made outside its calendar's schedule (a holiday, a weekend not worked, after a shorter day), beside the
 *   figures and never dropped. 0 on every index computed before (the default calendar schedules every instant).
 * - shiftCode on shift_indexes: the code of the calendar shift the row is (any code a calendar names), stored with it so
 *   a row keeps its shift when the calendar changes later; null on rows computed before, whose shift is then the
 *   default calendar's at its start (TM, TT or TN: the only calendar the engine knew).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_indexes', 'shift_indexes']) {
    for (const column of ['unscheduledQuantity', 'unscheduledDiscards', 'unscheduledRuntime']) {
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${column} REAL NOT NULL DEFAULT 0`).execute(db);
    }
  }
  await sql.raw(`ALTER TABLE shift_indexes ADD COLUMN shiftCode TEXT`).execute(db);
}
