import { expect } from 'vitest';
import { startTestEdge, type CallResult, type TestEdge } from './test-edge';
import type { Database } from '../../edge/src/db/database';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import { applyLineEvents, type LineEvent } from '../../edge/src/modules/engine';
import { trailCounts } from './test-plant';

/**
 * A real edge over HTTP for the engine's API tests (imported by tests only): Madrid time (it has DST), a clock the
 * test moves, a signed-in user of every role, and the ingestion service at hand to make the line do things.
 */

export interface EngineEdge {
  t: TestEdge;
  db: Database;
  /** The plant clock (epoch ms); set it to move time. */
  clock: { now: number };
  tokens: Record<RoleId, string>;
  /** userID = password of the user of each role. */
  users: Record<RoleId, string>;
  /** Events through the one ingestion service, at the current clock. */
  events(events: LineEvent[]): ReturnType<typeof applyLineEvents>;
  close(): Promise<void>;
}

export const ENGINE_TZ = 'Europe/Madrid';

export async function startEngineEdge(startMs: number): Promise<EngineEdge> {
  const clock = { now: startMs };
  const t = await startTestEdge({ timeZone: ENGINE_TZ, now: () => clock.now });
  const db = t.edge.plant.db!;
  const [supervisor, operator, consultant] = [
    await t.userWithRole(ROLE.SUPERVISOR),
    await t.userWithRole(ROLE.OPERATOR),
    await t.userWithRole(ROLE.CONSULTANT),
  ];
  return {
    t,
    db,
    clock,
    tokens: {
      [ROLE.ADMINISTRATOR]: t.adminToken!,
      [ROLE.SUPERVISOR]: supervisor.token,
      [ROLE.OPERATOR]: operator.token,
      [ROLE.CONSULTANT]: consultant.token,
    },
    users: {
      [ROLE.ADMINISTRATOR]: 'admin',
      [ROLE.SUPERVISOR]: supervisor.userID,
      [ROLE.OPERATOR]: operator.userID,
      [ROLE.CONSULTANT]: consultant.userID,
    },
    events: (events) => applyLineEvents(db, events, { nowMs: clock.now, timeZone: ENGINE_TZ, userID: null }),
    close: () => t.close(),
  };
}

/** The signature of a user of `role` (the administrator's password is setup's). */
export function signatureOf(edge: EngineEdge, role: RoleId, password?: string) {
  const username = edge.users[role];
  return { username, password: password ?? (role === ROLE.ADMINISTRATOR ? edge.t.adminPassword! : username) };
}

/** The answer is an error with this status and (Spanish) message. */
export function expectError(result: CallResult, status: number, message?: string) {
  expect(result.status, result.text).toBe(status);
  if (message !== undefined) expect(result.body.error.message).toBe(message);
}

/**
 * Snapshot of what a refused call must leave unchanged: a table's rows and its outbox/audit rows. Only the table's: the
 * edge's own jobs run meanwhile and may queue other tables' rows (a shift index refreshed), which no call did.
 */
export async function snapshot(db: Database, table: 'stops' | 'orders' | 'order_indexes' | 'shift_indexes') {
  return { rows: await db.selectFrom(table).selectAll().execute(), trail: await trailCounts(db, table) };
}
