import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the quality loss split into start-up and production rejects:
 * - lines.startupRejectMinutes: the start-up window the line declares, in minutes after each of its orders starts (a
 *   changeover): the discards made in those minutes are start-up rejects, the rest production rejects. null (every
 *   line before this migration): the line declares none, all its discards are production rejects.
 * - startupDiscards on order_indexes and shift_indexes: the part of discardQuantity that is start-up rejects, as the
 *   waterfall splits its quality bar (domain/losses.ts). 0 on every index computed before: no line had a window.
 * - declared_discards.startup: discards declared by hand as start-up rejects (the production manager's page, whatever
 *   the window), and production_minutes.startupDiscards, the part of a minute's discards so declared. 0 before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE lines ADD COLUMN startupRejectMinutes INTEGER`).execute(db);
  for (const table of ['order_indexes', 'shift_indexes']) {
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN startupDiscards REAL NOT NULL DEFAULT 0`).execute(db);
  }
  await sql.raw(`ALTER TABLE declared_discards ADD COLUMN startup INTEGER NOT NULL DEFAULT 0`).execute(db);
  await sql.raw(`ALTER TABLE production_minutes ADD COLUMN startupDiscards REAL NOT NULL DEFAULT 0`).execute(db);
}
