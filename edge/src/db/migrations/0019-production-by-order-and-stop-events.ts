import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, numbers exact at every boundary:
 * - production_minutes is keyed by line, minute AND order (no order: NULL). A minute in which an order starts or ends
 *   holds one row per order, so the units made after an order change belong to the order Ready when they were made,
 *   not to the one the minute's first reading saw. SQLite cannot put an expression in a PRIMARY KEY: the key is a
 *   unique index over ifnull("order", ''), which the engine's upsert names as its conflict target.
 * - stops.eventID: the stop a split piece was cut from (the first stop of the event); NULL for a stop never split. A
 *   split relabels one event, so the failure count, MTBF and MTTR classify and count the event, not its pieces.
 * - shift_indexes.unstaffedQuantity / unstaffedDiscards: units and discards made while the line was not staffed (no
 *   order running on a line with the order manager), beside the shift's productionQuantity and discardQuantity (the
 *   staffed production its OEE factors are computed from: there is no planned time to charge them to).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE production_minutes_by_order (
      lineID INTEGER NOT NULL REFERENCES lines(lineID),
      minuteStart INTEGER NOT NULL,
      "order" TEXT,
      units REAL NOT NULL DEFAULT 0,
      discards REAL NOT NULL DEFAULT 0
    )`,
    `INSERT INTO production_minutes_by_order (lineID, minuteStart, "order", units, discards)
       SELECT lineID, minuteStart, "order", units, discards FROM production_minutes`,
    `DROP TABLE production_minutes`,
    `ALTER TABLE production_minutes_by_order RENAME TO production_minutes`,
    `CREATE UNIQUE INDEX production_minutes_key ON production_minutes (lineID, minuteStart, ifnull("order", ''))`,
    `CREATE INDEX production_minutes_order ON production_minutes ("order")`,
    `ALTER TABLE stops ADD COLUMN eventID INTEGER`,
    `CREATE INDEX stops_event ON stops (eventID) WHERE eventID IS NOT NULL`,
    `ALTER TABLE shift_indexes ADD COLUMN unstaffedQuantity REAL NOT NULL DEFAULT 0`,
    `ALTER TABLE shift_indexes ADD COLUMN unstaffedDiscards REAL NOT NULL DEFAULT 0`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
