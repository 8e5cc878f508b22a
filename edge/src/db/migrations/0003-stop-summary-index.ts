import { sql, type Kysely } from 'kysely';

/**
 * A covering index for the stop summary (SPEC §7 getStopsSummary): a year of a busy line is added up by SQLite
 * from the index alone — no table row is read — in well under the 150 ms the summary has. It holds what the summary
 * groups and filters by: the times, the reason and its pareto flag, the top category and the order (product filter).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE INDEX stops_summary ON stops(lineID, startDate, endDate, reasonID, pareto, rootID, "order")`).execute(db);
}
