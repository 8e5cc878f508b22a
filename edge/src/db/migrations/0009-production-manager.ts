import { sql, type Kysely } from 'kysely';

/**
 * The production manager (lines with enableProductionManager):
 * - wrapper_types: the wrapper types a lot is packed in (a configuration page lists them).
 * - production_lots.minuteStart: the minute of its order's production the lot counts in (summaries by range);
 *   production_lots.booked: 1 when its units were booked there as production, through the engine's ingestion, on a
 *   line with no units counter (its lots are its production); 0 for a lot declared beside a counted production. An
 *   edit or a delete of a booked lot books the difference into that same minute.
 * - declared_discards: discards declared by hand on a line with no discards signal. The quantity itself is booked into
 *   production_minutes (minuteStart) by the engine like a counted discard, so indexes, dashboard and report see it;
 *   this row records who declared what, so it can be listed and withdrawn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE wrapper_types (
      wrapperTypeID INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      description TEXT,
      updatedBy TEXT,
      updateDate INTEGER
    )`,
    `CREATE UNIQUE INDEX wrapper_types_name ON wrapper_types(name COLLATE NOCASE)`,
    `ALTER TABLE production_lots ADD COLUMN minuteStart INTEGER`,
    `ALTER TABLE production_lots ADD COLUMN booked INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE production_lots ADD COLUMN createdBy TEXT`,
    `CREATE INDEX production_lots_line ON production_lots(lineID, minuteStart)`,
    `CREATE TABLE declared_discards (
      discardID INTEGER PRIMARY KEY AUTOINCREMENT,
      lineID INTEGER NOT NULL REFERENCES lines(lineID),
      "order" TEXT NOT NULL REFERENCES orders("order"),
      minuteStart INTEGER NOT NULL,
      quantity REAL NOT NULL,
      observation TEXT,
      createdBy TEXT,
      createDate INTEGER NOT NULL
    )`,
    `CREATE INDEX declared_discards_order ON declared_discards("order")`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
