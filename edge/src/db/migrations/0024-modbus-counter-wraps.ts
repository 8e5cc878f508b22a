import { sql, type Kysely } from 'kysely';

/**
 * Modbus counters that wrap (issue 30): a `:counter` tag is read as an absolute count, the register's value plus the
 * wraps seen so far (domain CounterUnwrapper). The wraps were kept in memory only, so after an edge restart the first
 * reading of a counter that had wrapped was below the count the engine had stored: taken as a reset, and the units
 * since the reset were booked again. The unwrapper's state is kept here, per register: the source (server endpoint,
 * unit id and the tag's address, so a tag re-pointed elsewhere starts afresh), the last raw reading and the count
 * added by the wraps. Written at once when a wrap (or reset) changes the offset, and every few seconds for the raw
 * reading (what tells a wrap made while the edge was down).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE modbus_counters (
        source TEXT PRIMARY KEY,
        lastRaw INTEGER NOT NULL,
        wrapOffset INTEGER NOT NULL,
        updatedAt INTEGER NOT NULL
      )`,
    )
    .execute(db);
}
