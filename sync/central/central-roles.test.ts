import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../edge/src/config';
import type { Database } from '../../edge/src/db/database';
import { readOutboxBatch } from '../edge-outbox';
import { FIXTURE_TZ, openEdgeDatabase, runProduction, writeConfiguration } from '../../test/support/sync/edge-fixture';
import { startTestPostgres, type TestPostgres } from '../../test/support/sync/postgres';
import { applyBatch } from './apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from './central-database';
import { startPortal, type RunningPortal } from '../../portal/portal-server';

/**
 * deploy/central-roles.sql on a real PostgreSQL: after the owner migrated the schema, a plant's sync role replicates
 * its outbox (and finds the schema current), the portal's role serves the plants and keeps its own users, and neither
 * can change the schema; the portal's role cannot write plant data.
 */
const ROOT = join(import.meta.dirname, '../..');
let postgres: TestPostgres;
let dir: string;
let edge: Database;
let portal: RunningPortal | null = null;
const opened: CentralDatabase[] = [];

/** The test server's URL signed in as another role. */
function as(role: string, password: string): string {
  const url = new URL(postgres.url);
  url.username = role;
  url.password = password;
  return url.toString();
}

async function superuser(statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

function central(url: string): CentralDatabase {
  const db = openCentral(url);
  opened.push(db);
  return db;
}

async function refused(url: string, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oee-roles-'));
  postgres = await startTestPostgres();
  const database = new URL(postgres.url).pathname.slice(1);
  await superuser(`CREATE ROLE oee_owner LOGIN PASSWORD 'owner-pass'; GRANT CREATE ON DATABASE "${database}" TO oee_owner;`);
  await migrateCentral(central(as('oee_owner', 'owner-pass')));
  const roles = readFileSync(join(ROOT, 'deploy/central-roles.sql'), 'utf8').replace(/ON DATABASE oee /g, `ON DATABASE "${database}" `);
  await superuser(roles);
  edge = await openEdgeDatabase(join(dir, 'plant.db'));
  await writeConfiguration(edge);
  await runProduction(edge, { hours: 4 });
}, 240_000);

afterAll(async () => {
  await portal?.close();
  for (const db of opened) await db.destroy();
  await edge?.destroy();
  await postgres?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/central-roles.sql', () => {
  it("lets a plant's sync role replicate its outbox, and not change the schema", async () => {
    const plantUrl = as('oee_plant', 'change-me');
    const db = central(plantUrl);
    // The agent migrates at connect: with the schema current that reads, and needs no right to create.
    expect(await migrateCentral(db)).toEqual([]);
    const rows = await readOutboxBatch(edge, 0, 1_000_000);
    expect(rows.length).toBeGreaterThan(0);
    await applyBatch(db, { plantId: 'norte', timeZone: FIXTURE_TZ }, rows);
    // Applied again (a replay): nothing changes, and the role may do it.
    await applyBatch(db, { plantId: 'norte', timeZone: FIXTURE_TZ }, rows);
    const client = new pg.Client({ connectionString: plantUrl });
    await client.connect();
    const lines = await client.query(`SELECT count(*)::int AS n FROM oee.lines WHERE plant_id = 'norte'`);
    await client.end();
    expect(lines.rows[0].n).toBeGreaterThan(0);
    expect(await refused(plantUrl, 'CREATE TABLE oee.extra (x int)')).toMatch(/permission denied/);
    expect(await refused(plantUrl, 'DROP TABLE oee.stops')).toMatch(/must be owner|permission denied/);
  });

  it("lets the portal's role serve the plants and keep its own users, and not write plant data", async () => {
    const portalUrl = as('oee_portal', 'change-me');
    const parsed = parseCommandLine(['central', 'serve', '--port', '0', '--host', '127.0.0.1', '--log-level', 'silent'], {
      SYNC_DATABASE_URL: portalUrl,
    });
    if (parsed.kind !== 'run') throw new Error('settings');
    portal = await startPortal({ settings: parsed.settings, stdout: false });
    // Its first start created the administrator (a write to the schema portal).
    expect(portal.firstPassword).not.toBeNull();
    const signIn = await fetch(`${portal.url}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userid: 'admin', password: portal.firstPassword }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const change = await fetch(`${portal.url}/api/users/changePassword`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: portal.firstPassword, newPassword: 'clave-del-portal-1' }),
    });
    expect(change.status).toBe(204);
    const plants = await fetch(`${portal.url}/api/portal/plants`, { headers: { Authorization: `Bearer ${token}` } });
    expect(plants.status).toBe(200);
    expect(((await plants.json()) as { plantId: string }[]).map((plant) => plant.plantId)).toEqual(['norte']);
    expect(await refused(portalUrl, `UPDATE oee.lines SET description = 'x'`)).toMatch(/permission denied/);
    expect(await refused(portalUrl, `DELETE FROM oee.plants`)).toMatch(/permission denied/);
    expect(await refused(portalUrl, 'CREATE TABLE portal.extra (x int)')).toMatch(/permission denied/);
  });
});
