import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDatabase, fullableDisk } from '../support/full-disk';
import { startTestEdge, type CallResult, type TestEdge } from '../support/test-edge';

/**
 * A full disk (issue 15): the edge keeps running and serving reads, a write answers 'Disco lleno' in the API's error
 * shape and changes nothing, the log gets SQLite's own error, and once there is space again everything works and the
 * log lines that could not be written are reported.
 */
const disk = fullableDisk();
let t: TestEdge;
let giveRoomBack: () => Promise<void>;

beforeAll(async () => {
  t = await startTestEdge({ logFileSystem: disk.fileSystem });
});
afterAll(async () => {
  await t.close();
});

const lineNames = async () =>
  ((await t.call('GET', '/api/Resources', { token: t.adminToken })).body.data as { description: string }[]).map((line) => line.description);
let sectorID: number;
/** A line whose beacon script (15 KB, mostly a comment) needs pages the full database cannot give. */
const newLine = (lineID: number, description: string) => ({
  token: t.adminToken,
  form: { values: { lineID, sectorID, description, calculationBaliza: `1 > 0 ${' '.repeat(15_000)}` } },
});

function expectDiskFull(response: CallResult, message: string): void {
  expect(response.status, response.text).toBe(507);
  expect(response.body).toEqual({ error: { code: 'diskFull', message } });
}

describe('a full disk', () => {
  it('serves reads, refuses writes with the disk-full message and changes nothing, logs the cause, and resumes when space is freed', async () => {
    sectorID = (await t.call('POST', '/api/sectors', { token: t.adminToken, form: { values: { sectorName: 'Envasado' } } })).body.sectorID;
    expect((await t.call('POST', '/api/Resources/PostResources', newLine(1, 'Llenadora'))).status).toBe(200);
    giveRoomBack = await fillDatabase(t.edge.plant.db!);
    disk.full = true;

    expect(await lineNames()).toEqual(['Llenadora']);
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ version: expect.any(String), setupPending: false, storage: { databaseBytes: expect.any(Number) } });
    const storage = await t.call('GET', '/api/diagnostics/storage', { token: t.adminToken });
    expect(storage.status).toBe(200);
    expect(storage.body).toEqual({
      freeBytes: expect.any(Number),
      totalBytes: expect.any(Number),
      databaseBytes: expect.any(Number),
      warnings: health.body.warnings,
    });
    expect(storage.body.databaseBytes).toBeGreaterThan(100_000);

    const refused = await t.call('POST', '/api/Resources/PostResources', newLine(2, 'Paletizadora'));
    expectDiskFull(refused, 'Disco lleno: no se pudo guardar. Libere espacio en el disco del servidor.');
    expect(refused.text).not.toMatch(/<html|at .*\.(js|ts):\d+/i);
    const english = await t.call('POST', '/api/Resources/PostResources', { ...newLine(2, 'Paletizadora'), language: 'en' });
    expectDiskFull(english, "Disk full: could not save. Free space on the server's disk.");
    expect(await lineNames()).toEqual(['Llenadora']);
    const outbox = await t.edge.plant.db!.selectFrom('outbox').select('entity').where('entity', '=', 'lines').execute();
    expect(outbox).toHaveLength(1);

    // The log viewer has SQLite's own error (the log file could not take it: it is counted).
    const logged = t.edge.plant.recentLogs.all().filter((entry) => entry.message.startsWith('Disk full: a write was refused'));
    expect(logged).toHaveLength(2);
    expect(logged[0]!.message).toContain('database or disk is full');
    expect(t.edge.plant.recentLogs.all().some((entry) => entry.message.includes('cannot rollback'))).toBe(false);

    await giveRoomBack();
    disk.full = false;
    expect((await t.call('POST', '/api/Resources/PostResources', newLine(2, 'Paletizadora'))).status).toBe(200);
    expect(await lineNames()).toEqual(['Llenadora', 'Paletizadora']);
    t.edge.plant.logger.warn('space is back');
    const file = readFileSync(join(t.dataDir, 'logs', 'oee-edge.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; lost?: number });
    const report = file.find((line) => line.lost !== undefined);
    expect(report).toMatchObject({ msg: 'Log lines could not be written and were lost', lost: 2 });
    expect(file.at(-1)?.msg).toBe('space is back');
  });

  it('starts on a full disk (the start-up log line cannot be written) and serves reads', async () => {
    const { dataDir, adminPassword } = t;
    await t.close({ keepData: true });
    disk.full = true;
    t = await startTestEdge({ again: { dataDir, adminPassword: adminPassword! }, logFileSystem: disk.fileSystem });
    expect(await lineNames()).toEqual(['Llenadora', 'Paletizadora']);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    disk.full = false;
  });
});
