import { sql, type Kysely } from 'kysely';

/**
 * A covering index for the stop summary (SPEC §7 getStopsSummary): a year of a busy line is added up by SQLite
 * from the index alone — no table row is read, and no sort: the entries come in the order the summary groups them
 * (line, reason, pareto flag) — in a few tens of milliseconds. It also holds what the summary filters by: the times,
 * the top category and the order (product filter).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE INDEX stops_summary ON stops(lineID, reasonID, pareto, startDate, endDate, rootID, "order")`).execute(db);
}
