import { sql, type Kysely } from 'kysely';

/**
 * line_states.firstSeenAt: when the acquisition (or any line event) first reported the line. A line without the
 * order manager is staffed from then on; before it, nothing was known of the line and nothing is counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE line_states ADD COLUMN firstSeenAt INTEGER`).execute(db);
  await sql.raw(`UPDATE line_states SET firstSeenAt = coalesce(changedAt, lastSampleAt)`).execute(db);
}
