import { sql, type Kysely } from 'kysely';

/**
 * Edge migration 0019 (issue 25):
 * - oee.shift_indexes.unstaffed_quantity / unstaffed_discards: units and discards made while the line was not
 *   staffed (no order running on a line with the order manager), beside production_quantity / discard_quantity (the
 *   staffed production the indicators are computed from), as on the edge.
 * - oee.stops.event_id: the stop a split piece was cut from (null: never split); failures are counted per event.
 * Nullable: rows synced before the edge had them hold no value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS unstaffed_quantity double precision`,
    `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS unstaffed_discards double precision`,
    `ALTER TABLE oee.stops ADD COLUMN IF NOT EXISTS event_id bigint`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
