import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../edge/src/db/database';
import { SyncAgent } from './agent';
import { applyBatch, readCursor, type OutboxRow } from './central/apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from './central/central-database';
import { readSyncStatus } from './status';
import { bundleChildAgent, startChildAgent, type ChildAgent } from '../test/support/sync/child-agent';
import { agentWaitsOnCursor, blockCursorUpdates } from '../test/support/sync/cursor-lock';
import { centralDigest, centralKeyCounts, edgeDigest } from '../test/support/sync/digest';
import {
  editHistory,
  FIXTURE_TZ,
  openEdgeDatabase,
  runProduction,
  writeConfiguration,
  writeStops,
} from '../test/support/sync/edge-fixture';
import { startTestPostgres, type TestPostgres } from '../test/support/sync/postgres';
import { waitUntil } from '../test/support/sync/wait';

/**
 * The agent against a real PostgreSQL and a real edge SQLite file, including the faults it exists to survive: the
 * agent killed (SIGKILL, in a child process) in the middle of a batch and after a COMMIT it had not yet acknowledged
 * on the edge, PostgreSQL stopped in the middle of a batch and started again, batches replayed. After each, the
 * central rows equal the edge's (count and content hash per table) and no key is held twice.
 */

let postgres: TestPostgres;
let central: CentralDatabase;
let child: { script: string; cleanup(): void };
/** The outage test's batch size: the agent sends and prunes the outbox this many rows at a time. */
const BATCH = 300;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  central = openCentral(postgres.url);
  await migrateCentral(central);
  child = await bundleChildAgent();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await central?.destroy();
  await postgres?.close();
  child?.cleanup();
});

interface TestEdgeFile {
  file: string;
  db: Database;
}

/** An edge database file with the fixture's history (every entity, updates, deletes) and `extraStops` more stops. */
async function edgeWithHistory(extraStops = 0): Promise<TestEdgeFile> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-sync-agent-'));
  const file = join(dir, 'oee.db');
  const db = await openEdgeDatabase(file);
  cleanups.push(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  await writeConfiguration(db);
  const end = await runProduction(db, { hours: 12 });
  await editHistory(db, end);
  if (extraStops) await writeStops(db, extraStops, end + 60_000);
  return { file, db };
}

function runChild(edge: TestEdgeFile, plantId: string, batchSize: number): ChildAgent {
  const agent = startChildAgent(child.script, { file: edge.file, url: postgres.url, plantId, timeZone: FIXTURE_TZ, batchSize });
  cleanups.push(() => agent.kill('SIGKILL'));
  return agent;
}

const outboxSize = async (db: Database) =>
  Number(
    (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expectCentralEqualsEdge(db: Database, plantId: string): Promise<void> {
  const expected = await edgeDigest(db);
  expect(await centralDigest(central, db, plantId)).toEqual(expected);
  for (const [table, count] of Object.entries(await centralKeyCounts(central, plantId)))
    expect(count.keys, `${table}: a key held twice`).toBe(count.rows);
}

async function agentBackends(plantId: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${`oee-edge sync ${plantId}`}`.execute(central);
  return Number(rows[0]!.n);
}

async function centralRowCount(plantId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT (SELECT count(*) FROM oee.stops WHERE plant_id = ${plantId})
    + (SELECT count(*) FROM oee.stop_reasons WHERE plant_id = ${plantId}) AS n`.execute(central);
  return Number(rows[0]!.n);
}

describe('sync agent', { timeout: 90_000 }, () => {
  it('replicates every synced entity with its updates and deletes, batch by batch in sequence order, and prunes what was acknowledged', async () => {
    const edge = await edgeWithHistory();
    const agent = new SyncAgent({
      edge: edge.db,
      centralUrl: postgres.url,
      plant: { plantId: 'inproc', timeZone: FIXTURE_TZ },
      batchSize: 40,
      pollMs: 20,
    });
    cleanups.push(() => agent.stop());
    const pending = await outboxSize(edge.db);
    const lastSeq = Number(
      (
        await edge.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('seq').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    agent.start();
    await waitUntil('the outbox to drain', async () => (await outboxSize(edge.db)) === 0);
    expect(agent.state()).toMatchObject({ acknowledgedSeq: lastSeq, rowsSent: pending, lastError: null });
    expect(await readCursor(central, 'inproc')).toBe(lastSeq);
    await expectCentralEqualsEdge(edge.db, 'inproc');
    // The plant has no name yet (parameter plantName empty): the central copy holds none.
    const centralName = async () =>
      (await central.selectFrom('oee.plants').select('name').where('plant_id', '=', 'inproc').executeTakeFirstOrThrow()).name;
    expect(await centralName()).toBeNull();

    // Later changes follow on their own: another stretch of production and more edits, and the plant is named.
    await edge.db.updateTable('parameters').set({ plantName: 'Planta Norte' }).where('id', '=', 1).execute();
    const end = await runProduction(edge.db, { hours: 4, fromMs: Date.parse('2026-03-03T09:00:00Z'), seed: 11, orders: false });
    await editHistory(edge.db, end);
    await waitUntil('the new changes to be sent', async () => (await outboxSize(edge.db)) === 0);
    await expectCentralEqualsEdge(edge.db, 'inproc');
    expect(await centralName()).toBe('Planta Norte');
    const status = await readSyncStatus(edge.db, agent.state(), Date.now());
    expect(status).toMatchObject({ enabled: true, plantId: 'inproc', lagRows: 0, lagSeconds: 0, lastError: null });
  });

  it('killed with SIGKILL in the middle of a batch: none of that batch is visible, and a restarted agent finishes with the copy equal', async () => {
    const edge = await edgeWithHistory(3_000);
    const firstBatch: OutboxRow[] = await edge.db.selectFrom('outbox').selectAll().orderBy('seq').limit(500).execute();
    const pending = await outboxSize(edge.db);
    const lock = await blockCursorUpdates(postgres.url);
    cleanups.push(() => lock.release());

    const first = runChild(edge, 'sigkill', 500);
    await waitUntil('the agent to be inside its first batch', () => agentWaitsOnCursor(central, 'sigkill'));
    await first.kill('SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');
    await lock.release();
    await waitUntil("PostgreSQL to end the dead agent's session", async () => (await agentBackends('sigkill')) === 0);
    expect(await centralRowCount('sigkill')).toBe(0);
    expect(await readCursor(central, 'sigkill')).toBe(0);
    expect(await outboxSize(edge.db)).toBe(pending);

    const second = runChild(edge, 'sigkill', 500);
    await waitUntil('the restarted agent to drain the outbox', async () => (await outboxSize(edge.db)) === 0, 30_000);
    await second.kill('SIGTERM');
    await expectCentralEqualsEdge(edge.db, 'sigkill');

    // The first batch replayed once more, long after: nothing changes.
    const before = await centralDigest(central, edge.db, 'sigkill');
    const cursor = await readCursor(central, 'sigkill');
    await applyBatch(central, { plantId: 'sigkill', timeZone: FIXTURE_TZ }, firstBatch);
    expect(await centralDigest(central, edge.db, 'sigkill')).toEqual(before);
    expect(await readCursor(central, 'sigkill')).toBe(cursor);
    await expectCentralEqualsEdge(edge.db, 'sigkill');
  });

  it('killed after a COMMIT but before pruning the edge outbox: the restarted agent prunes what the cursor acknowledges and the copy ends equal', async () => {
    const edge = await edgeWithHistory(2_000);
    const pending = await outboxSize(edge.db);
    // Another connection holds the edge's write lock: the agent can read and send, but not prune.
    const sqlite = new BetterSqlite3(edge.file);
    sqlite.exec('BEGIN IMMEDIATE');
    cleanups.push(() => {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
    });

    const first = runChild(edge, 'unpruned', 400);
    await waitUntil('the first batch to commit centrally', async () => (await readCursor(central, 'unpruned')) > 0);
    await first.kill('SIGKILL');
    sqlite.exec('ROLLBACK');
    const acknowledged = await readCursor(central, 'unpruned');
    expect(await outboxSize(edge.db)).toBe(pending);

    const second = runChild(edge, 'unpruned', 400);
    await waitUntil('the restarted agent to drain the outbox', async () => (await outboxSize(edge.db)) === 0, 30_000);
    await second.kill('SIGTERM');
    expect(second.output()).toContain(`"acknowledgedSeq":${acknowledged}`);
    await expectCentralEqualsEdge(edge.db, 'unpruned');
  });

  it('PostgreSQL stopped in the middle of a batch and started again: the agent retries with backoff, the backlog stays on the edge, the copy ends equal', async () => {
    const edge = await edgeWithHistory(3_000);
    const agent = runChild(edge, 'outage', BATCH);
    await waitUntil('a first batch to commit', async () => (await readCursor(central, 'outage')) > 0);
    const lock = await blockCursorUpdates(postgres.url);
    cleanups.push(() => lock.release());
    await waitUntil('the agent to be inside a batch', () => agentWaitsOnCursor(central, 'outage'));
    const backlog = await outboxSize(edge.db);

    await postgres.stop();
    try {
      const failedAttempts = (count: number) =>
        waitUntil(`${count} failed attempts`, () => agent.output().split('Sync failed').length > count, 10_000).catch((error) => {
          throw new Error(`${error.message}\n${agent.output()}`);
        });
      await failedAttempts(1);
      // The shutdown may end the blocking session before the agent's: the batch it was inside can then commit and be
      // pruned as the server goes down. At most that batch; every failed attempt after it prunes nothing.
      const afterFirstFailure = await outboxSize(edge.db);
      expect(backlog).toBeGreaterThan(0);
      expect(afterFirstFailure).toBeGreaterThanOrEqual(backlog - BATCH);
      await failedAttempts(3);
      expect(await outboxSize(edge.db)).toBe(afterFirstFailure);
    } finally {
      await postgres.start();
    }
    await lock.release();
    await waitUntil('the backlog to be sent after the restart', async () => (await outboxSize(edge.db)) === 0, 30_000);
    expect(agent.output()).toContain('Sync recovered');
    const failures = agent
      .output()
      .split('\n')
      .filter((line) => line.includes('Sync failed'))
      .map((line) => JSON.parse(line) as { failures: number; retryInMs: number });
    // Backoff: the waits grow with the failures in a row (each within its jittered window), up to the cap.
    for (const failure of failures) {
      const window = Math.min(400, 50 * 2 ** (failure.failures - 1));
      expect(failure.retryInMs).toBeGreaterThanOrEqual(window / 2);
      expect(failure.retryInMs).toBeLessThanOrEqual(window);
    }
    await agent.kill('SIGTERM');
    await expectCentralEqualsEdge(edge.db, 'outage');
  });

  it('refuses an edge database whose outbox is behind the central cursor of its plant id (a restored backup or a new installation)', async () => {
    const synced = await edgeWithHistory();
    const first = new SyncAgent({
      edge: synced.db,
      centralUrl: postgres.url,
      plant: { plantId: 'reused', timeZone: FIXTURE_TZ },
      pollMs: 20,
    });
    first.start();
    await waitUntil('the first database to be sent', async () => (await outboxSize(synced.db)) === 0);
    await first.stop();
    const before = await centralDigest(central, synced.db, 'reused');

    const dir = mkdtempSync(join(tmpdir(), 'oee-sync-fresh-'));
    const fresh = await openEdgeDatabase(join(dir, 'oee.db'));
    cleanups.push(async () => {
      await fresh.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    const pending = await outboxSize(fresh);
    const second = new SyncAgent({
      edge: fresh,
      centralUrl: postgres.url,
      plant: { plantId: 'reused', timeZone: FIXTURE_TZ },
      pollMs: 20,
      retry: { baseMs: 50, maxMs: 100 },
    });
    cleanups.push(() => second.stop());
    second.start();
    await waitUntil('the agent to refuse', () => second.state().lastError !== null);
    expect(second.state().lastError!.message).toMatch(/another database.*its own PLANT_ID/);
    expect(await outboxSize(fresh)).toBe(pending);
    expect(await centralDigest(central, synced.db, 'reused')).toEqual(before);
  });
});
