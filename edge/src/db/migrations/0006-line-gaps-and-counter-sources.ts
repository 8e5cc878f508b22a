import { sql, type Kysely } from 'kysely';

/**
 * What the engine needs to keep its numbers true through outages, restarts and re-pointed counters (issue 12):
 * - line_states.interruptedStopID: the stop a gap (the line's state unknown: OPC disconnected, the edge not running)
 *   closed at its start; when the gap proves empty (the first reading after it says nothing changed), that stop is
 *   reopened instead of being split in two.
 * - line_states.unitsSource / discardsSource: where the line's counters were read from (script, tags, node ids,
 *   servers). A reading from another source starts a new baseline instead of booking the jump between two sources.
 * - line_states.countersReadAt: when the counters' baseline was read, to judge whether a step is one the line could
 *   make.
 * - parameters.counterPlausibilityFactor: a counter step larger than this many times the line's nominal speed over
 *   the elapsed time (at least a minute) is not production: it is logged and taken as the new baseline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE line_states ADD COLUMN interruptedStopID INTEGER`,
    `ALTER TABLE line_states ADD COLUMN unitsSource TEXT`,
    `ALTER TABLE line_states ADD COLUMN discardsSource TEXT`,
    `ALTER TABLE line_states ADD COLUMN countersReadAt INTEGER`,
    `ALTER TABLE parameters ADD COLUMN counterPlausibilityFactor REAL NOT NULL DEFAULT 10`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
