import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCentral, openCentral, type CentralDatabase } from '../../../../sync/central/central-database';
import { agentWaitsOnCursor, blockCursorUpdates } from '../../../../test/support/sync/cursor-lock';
import { centralDigest, edgeDigest } from '../../../../test/support/sync/digest';
import { startTestPostgres, type TestPostgres } from '../../../../test/support/sync/postgres';
import { waitUntil } from '../../../../test/support/sync/wait';
import { completeFirstSignIn, startTestEdge, type TestEdge } from '../../../../test/support/test-edge';
import type { Settings } from '../../config';
import { ROLE } from '../../domain/roles';
import { startEdge, type RunningEdge } from '../../server';

/**
 * The edge with sync on: the agent starts with the plant's database, the edge answers and stores as usual while the
 * central PostgreSQL is down or its agent is stuck inside a central transaction (the backlog waits in the outbox), the
 * status tells the administrator, and once the server is back the central copy catches up. Without
 * SYNC_DATABASE_URL and PLANT_ID, sync is off.
 */

let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startTestPostgres();
});

afterAll(async () => {
  await postgres?.close();
});

/** A real edge on a temporary data directory with sync settings (test-edge.ts starts edges without them). */
async function startSyncedEdge(plantId: string): Promise<{
  edge: RunningEdge;
  dataDir: string;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  login(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oee-sync-edge-'));
  const settings: Settings = Object.freeze({
    command: 'serve',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    timeZone: 'America/Argentina/Buenos_Aires',
    logLevel: 'silent',
    args: [],
    failedSignInsPerMinute: 30,
    syncDatabaseUrl: postgres.url,
    plantId,
  });
  const edge = await startEdge({ settings, stdout: false });
  let token: string | null = null;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, edge.url), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    edge,
    dataDir,
    call,
    async login() {
      const setup = await call('POST', '/api/setup/configure', { databaseSelected: 'sqlite', connectionString: '' });
      token = (await completeFirstSignIn(edge.url, setup.body.password)).token;
    },
  };
}

describe('GET /api/sync/status', () => {
  let t: TestEdge;
  beforeAll(async () => {
    t = await startTestEdge();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says sync is off on an edge without SYNC_DATABASE_URL and PLANT_ID, with the outbox as the unsent changes', async () => {
    const status = await t.call('GET', '/api/sync/status', { token: t.adminToken });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ enabled: false, plantId: null, lastSuccessAt: null, lastError: null, acknowledgedSeq: null });
    expect(status.body.lagRows).toBeGreaterThan(0); // the seeded stop reasons, at least
  });

  it('is refused to every role but the administrator', async () => {
    for (const role of [ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT]) {
      const { token } = await t.userWithRole(role);
      expect((await t.call('GET', '/api/sync/status', { token })).status).toBe(403);
    }
  });
});

describe('an edge with sync on', () => {
  let central: CentralDatabase;
  let synced: Awaited<ReturnType<typeof startSyncedEdge>>;
  let closed = false;

  beforeAll(async () => {
    central = openCentral(postgres.url);
    await migrateCentral(central);
  });
  afterAll(async () => {
    if (!closed) await synced?.edge.close();
    if (synced) rmSync(synced.dataDir, { recursive: true, force: true });
    await central?.destroy();
  });

  it('keeps answering and storing while PostgreSQL is down, reports it, and catches up once it is back', async () => {
    await postgres.stop();
    try {
      synced = await startSyncedEdge('edge-1');
      await synced.login();
      const building = await synced.call('POST', '/api/buildings', { values: { buildingName: 'Norte' } });
      expect(building.status).toBe(200);
      const sector = await synced.call('POST', '/api/sectors', {
        values: { sectorName: 'Envasado', buildingId: building.body.buildingId },
      });
      expect(sector.status).toBe(200);
      for (const lineID of [1, 2, 3]) {
        const line = await synced.call('POST', '/api/Resources', {
          values: { lineID, sectorID: sector.body.sectorID, description: `Línea ${lineID}` },
        });
        expect(line.status).toBe(200);
      }
      await waitUntil(
        'the agent to report the outage',
        async () => (await synced.call('GET', '/api/sync/status')).body.consecutiveFailures >= 2,
        15_000,
      );
      const down = await synced.call('GET', '/api/sync/status');
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ enabled: true, plantId: 'edge-1' });
      expect(down.body.lagRows).toBeGreaterThanOrEqual(13); // 8 seeded stop reasons, a building, a sector, 3 lines
      expect(down.body.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(down.body.lastError.message).toMatch(/ECONNREFUSED|connect/);
      expect(down.body.lastError.message).not.toContain(new URL(postgres.url).password);
      expect(down.body.nextRetryAt).not.toBeNull();
      // /api/health says so, for the plant's monitoring.
      const health = await synced.call('GET', '/api/health');
      expect(health.body.status).toBe('degraded');
      expect(health.body.warnings).toContainEqual({
        code: 'syncFailing',
        message: expect.stringMatching(/^La sincronización con la base central falla \(\d+ intentos seguidos\); se reintenta\.$/),
      });
      // Still answering, with what was stored, while the agent retries.
      const list = await synced.call('GET', '/api/buildings');
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).toContain('Norte');
    } finally {
      await postgres.start();
    }
    await waitUntil(
      'the backlog to reach PostgreSQL',
      async () => (await synced.call('GET', '/api/sync/status')).body.lagRows === 0,
      30_000,
    );
    const up = await synced.call('GET', '/api/sync/status');
    expect(up.body).toMatchObject({ enabled: true, lagRows: 0, lagSeconds: 0, consecutiveFailures: 0, nextRetryAt: null });
    expect(up.body.lastSuccessAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect((await synced.call('GET', '/api/health')).body.warnings.map((warning: { code: string }) => warning.code)).not.toContain(
      'syncFailing',
    );
    const db = synced.edge.plant.db!;
    expect(await centralDigest(central, db, 'edge-1')).toEqual(await edgeDigest(db));

    // A change made now follows within the agent's poll.
    expect((await synced.call('PUT', '/api/buildings/put', { key: 1, values: { buildingName: 'Norte 2' } })).status).toBe(200);
    await waitUntil(
      'the rename to reach PostgreSQL',
      async () => (await synced.call('GET', '/api/sync/status')).body.lagRows === 0,
      10_000,
    );
    expect(await centralDigest(central, db, 'edge-1')).toEqual(await edgeDigest(db));
  });

  it('answers and stores while its agent is stuck inside a central transaction: no request waits for PostgreSQL', async () => {
    const held = await startSyncedEdge('edge-held');
    try {
      const lock = await blockCursorUpdates(postgres.url);
      try {
        // The setup's rows are the agent's first batch; it stops at the cursor update and stays there.
        await held.login();
        await waitUntil('the agent to be inside a batch', () => agentWaitsOnCursor(central, 'edge-held'));
        const building = await held.call('POST', '/api/buildings', { values: { buildingName: 'Sur' } });
        expect(building.status).toBe(200);
        const list = await held.call('GET', '/api/buildings');
        expect(list.status).toBe(200);
        expect(JSON.stringify(list.body)).toContain('Sur');
        const status = await held.call('GET', '/api/sync/status');
        expect(status.status).toBe(200);
        expect(status.body).toMatchObject({ enabled: true, plantId: 'edge-held' });
        expect(status.body.lagRows).toBeGreaterThanOrEqual(9); // 8 seeded stop reasons and the building
        // Every answer came while the agent was still inside its batch: none of them waited for it.
        expect(await agentWaitsOnCursor(central, 'edge-held')).toBe(true);
      } finally {
        await lock.release();
      }
      await waitUntil(
        'the backlog to reach PostgreSQL',
        async () => (await held.call('GET', '/api/sync/status')).body.lagRows === 0,
        30_000,
      );
      const db = held.edge.plant.db!;
      expect(await centralDigest(central, db, 'edge-held')).toEqual(await edgeDigest(db));
    } finally {
      await held.edge.close();
      rmSync(held.dataDir, { recursive: true, force: true });
    }
  });

  it('stops its agent when the edge closes', async () => {
    await synced.edge.close();
    closed = true;
    // The agent's connections are closed; PostgreSQL drops a closed session's row from pg_stat_activity once its
    // backend has exited, which on a loaded machine can take a moment.
    const sessions = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'oee-edge sync edge-1'`.execute(
            central,
          )
        ).rows[0]!.n,
      );
    await waitUntil("the agent's sessions to end", async () => (await sessions()) === 0, 10_000);
  });
});
