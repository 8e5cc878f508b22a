import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the engine follows the work calendar (edge migration 0027): what a line made outside its calendar's
 * schedule — unscheduled_quantity, unscheduled_discards, unscheduled_runtime_ms — on oee.order_indexes and
 * oee.shift_indexes, and oee.shift_indexes.shift_code_edge, the code of the calendar shift the edge computed the row
 * for (null on rows sent before; the stored shift_code of 0005 stays the default calendar's).
 */
const statements = [
  `ALTER TABLE oee.order_indexes ADD COLUMN IF NOT EXISTS unscheduled_quantity double precision,
    ADD COLUMN IF NOT EXISTS unscheduled_discards double precision,
    ADD COLUMN IF NOT EXISTS unscheduled_runtime_ms double precision`,
  `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS unscheduled_quantity double precision,
    ADD COLUMN IF NOT EXISTS unscheduled_discards double precision,
    ADD COLUMN IF NOT EXISTS unscheduled_runtime_ms double precision,
    ADD COLUMN IF NOT EXISTS shift_code_edge text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
