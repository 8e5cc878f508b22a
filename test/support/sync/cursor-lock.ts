import { sql } from 'kysely';
import pg from 'pg';
import type { CentralDatabase } from '../../../sync/central/central-database';

/**
 * Holding an agent inside a batch, for the tests (imported by tests only): a connection of the test's own takes a
 * lock the batch's cursor update needs, and PostgreSQL says when the agent's session waits for it.
 */

/** A connection that holds a lock the agent's cursor update needs, until `release`. */
export async function blockCursorUpdates(url: string): Promise<{ release(): Promise<void>; client: pg.Client }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE oee.plant_cursors IN EXCLUSIVE MODE');
  return {
    client,
    async release() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** The agent's backend (by its application name) is inside a batch, waiting for the cursor lock. */
export async function agentWaitsOnCursor(central: CentralDatabase, plantId: string): Promise<boolean> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
    WHERE application_name = ${`oee-edge sync ${plantId}`} AND wait_event_type = 'Lock' AND xact_start IS NOT NULL`.execute(central);
  return Number(rows[0]!.n) > 0;
}
