import { sql, type Kysely } from 'kysely';

/** oee.stops.manual: the edge's stops.manual (edge migration 0010): true for a stop entered by hand. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE oee.stops ADD COLUMN IF NOT EXISTS manual boolean`).execute(db);
}
