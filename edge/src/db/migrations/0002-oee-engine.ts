import { sql, type Kysely } from 'kysely';

/**
 * Additive changes for the OEE engine:
 * - stops.rootID: the top category (below the technical root) a recognized stop belongs to, by id. The stop summary
 *   filters by it (SPEC §7 getStopsSummary "root when > 0"); the name in stops.root alone would break on a rename.
 * - maintenance_calls(stopID): the split rule looks up the maintenance call of a stop.
 */
const statements = [
  `ALTER TABLE stops ADD COLUMN rootID INTEGER`,
  `CREATE INDEX stops_line_root ON stops(lineID, rootID)`,
  `CREATE INDEX maintenance_calls_stop ON maintenance_calls(stopID)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
