import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { version as packageVersion } from '../../../../package.json';
import { startTestEdge, type TestEdge } from '../../../../test/support/test-edge';

let t: TestEdge;
afterEach(async () => {
  await t?.close();
});

describe('first-run setup', () => {
  it('reports setup pending with the SQLite provider and answers 503 to every other API call', async () => {
    t = await startTestEdge({ configured: false });
    const info = await t.call('GET', '/api/setup/information');
    expect(info.status).toBe(200);
    expect(info.body.setupPending).toBe(true);
    expect(info.body.dataProviders).toEqual([{ value: 'sqlite', text: 'SQLite' }]);

    const other = await t.call('GET', '/api/log/get');
    expect(other.status).toBe(503);
    expect(other.body.error.code).toBe('setupPending');
    const login = await t.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: 'x' } });
    expect(login.status).toBe(503);
  });

  it('creates the database and the administrator admin with a temporary password returned once', async () => {
    t = await startTestEdge({ configured: false });
    const result = await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', connectionString: 'plant.db' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ valid: true, error: null, created: true });
    expect(result.body.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(existsSync(join(t.dataDir, 'plant.db'))).toBe(true);
    // Kept relative to the data directory: a copied or restored data directory opens its own database.
    expect(JSON.parse(readFileSync(join(t.dataDir, 'setup.json'), 'utf8')).connectionString).toBe('plant.db');
    // The service user's alone.
    expect(statSync(join(t.dataDir, 'plant.db')).mode & 0o777).toBe(0o600);
    expect(statSync(t.dataDir).mode & 0o777).toBe(0o700);

    const login = await t.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: result.body.password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ userID: 'admin', roleID: 1 });
    expect(login.body.token.length).toBeGreaterThanOrEqual(43);
    // After setup, only that it is done: never where the database is.
    expect((await t.call('GET', '/api/setup/information')).body).toEqual({ setupPending: false });
  });

  it('a data directory copied elsewhere opens its own database, not the one at the old place', async () => {
    t = await startTestEdge();
    const copy = mkdtempSync(join(tmpdir(), 'oee-copied-'));
    await t.close({ keepData: true });
    cpSync(t.dataDir, copy, { recursive: true });
    // The old place is gone, as after a move: a copy that still pointed there could not open anything.
    rmSync(t.dataDir, { recursive: true, force: true });
    t = await startTestEdge({ again: { dataDir: copy, adminPassword: t.adminPassword! } });
    await t.call('POST', '/api/sectors', { token: t.adminToken, json: { values: { sectorName: 'Solo en la copia' } } });
    expect(t.edge.plant.db).not.toBeNull();
    expect(existsSync(join(copy, 'oee.db'))).toBe(true);
    const sectors = (await t.call('GET', '/api/sectors', { token: t.adminToken })).body.data.map(
      (row: { sectorName: string }) => row.sectorName,
    );
    expect(sectors).toContain('Solo en la copia');
    expect(JSON.parse(readFileSync(join(copy, 'setup.json'), 'utf8')).connectionString).not.toMatch(/^\//);
  });

  it('once configured, configure is no longer public and answers 409 El sistema ya fue configurado. to an administrator', async () => {
    t = await startTestEdge();
    const anonymous = await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite' } });
    expect(anonymous.status).toBe(401);
    const again = await t.call('POST', '/api/setup/configure', { token: t.adminToken, json: { databaseSelected: 'sqlite' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('El sistema ya fue configurado.');
  });

  it('a bad connection string gives valid:false with the reason and changes nothing', async () => {
    t = await startTestEdge({ configured: false });
    const missingDir = await t.call('POST', '/api/setup/configure', {
      json: { databaseSelected: 'sqlite', connectionString: '/no/such/dir/x.db' },
    });
    expect(missingDir.body).toMatchObject({ valid: false, created: false, password: null });
    expect(missingDir.body.error).toContain('No se pudo conectar a la base de datos. Por favor, verifique la cadena de conexión.');

    writeFileSync(
      join(t.dataDir, 'notes.txt'),
      'this is not a database, just some text long enough to look like a file header\n'.repeat(20),
    );
    const notSqlite = await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', connectionString: 'notes.txt' } });
    expect(notSqlite.body.valid).toBe(false);
    expect(readFileSync(join(t.dataDir, 'notes.txt'), 'utf8')).toContain('this is not a database');

    const unknown = await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'oracle' } });
    expect(unknown.body.valid).toBe(false);
    expect(existsSync(join(t.dataDir, 'setup.json'))).toBe(false);
    expect((await t.call('GET', '/api/setup/information')).body.setupPending).toBe(true);
  });

  it('survives a restart: the configured database is opened again at start', async () => {
    t = await startTestEdge();
    const dataDir = t.dataDir;
    expect(existsSync(join(dataDir, 'setup.json'))).toBe(true);
    const meta = await t.call('GET', '/meta.json');
    expect(meta.body).toEqual({ version: packageVersion });
  });
});
