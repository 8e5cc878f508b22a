import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { databasePath, readInstallation } from '../../edge/src/db/installation';
import { DEMO_PASSWORD } from '../../edge/src/demo/demo-plant';
import { EdgeProcess } from '../support/edge-process';
import { Mosquitto } from '../support/mosquitto';
import { waitFor } from '../support/simulated-plant';

/**
 * `oee-edge demo --source modbus` and `--source mqtt --broker <url> [--payload json]` (issue 30), each run as the
 * command it is, in a process of its own on an empty data directory: the demo plant's server and tags are Modbus (or
 * MQTT) ones, every tag of its lines reads good through `/api/opcstatus/get`, and the engine books production from
 * them within a bounded time. The MQTT runs publish to a Mosquitto the test starts.
 */

const folders: string[] = [];
const running: EdgeProcess[] = [];
let broker: Mosquitto | null = null;

afterAll(async () => {
  for (const edge of running) await edge.stop();
  await broker?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type TagStatus = { tagName: string; goodQuality: boolean; data: unknown; url: string };

async function demoRunsOver(
  args: string[],
): Promise<{ tags: TagStatus[]; servers: { serverType: string; connected: boolean }[]; units: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oee-demo-source-'));
  folders.push(dataDir);
  const edge = await EdgeProcess.start(dataDir, 'America/Argentina/Buenos_Aires', { command: 'demo', args });
  running.push(edge);
  // The demo plant is made after the edge listens (four users hashed at full cost): the sign-in waits for it.
  const token = await waitFor(
    async () => {
      const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: DEMO_PASSWORD } });
      return login.status === 200 ? (login.body.token as string) : undefined;
    },
    'the demo plant',
    60_000,
  );
  let seen = '';
  const tags = await waitFor(
    async () => {
      const lineTags: TagStatus[] = [];
      for (const line of [1, 2, 3, 4]) {
        const status = await edge.call<TagStatus[]>('GET', '/api/opcstatus/get', { token, query: { line } });
        if (status.status === 200) lineTags.push(...status.body.filter((tag) => /^Line\d\.(Running|Units|Discards)$/.test(tag.tagName)));
      }
      seen = JSON.stringify(lineTags.map((tag) => [tag.tagName, tag.goodQuality]));
      // Every line's beacon and units (line 3 has no discards script, so it reads no Discards tag).
      const names = new Set(lineTags.map((tag) => tag.tagName));
      const complete = [1, 2, 3, 4].every((line) => names.has(`Line${line}.Running`) && names.has(`Line${line}.Units`));
      return complete && lineTags.every((tag) => tag.goodQuality) ? lineTags : undefined;
    },
    'every line tag of good quality',
    45_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; last /api/opcstatus/get: ${seen.slice(0, 2_000)}`);
  });
  const servers = (await edge.call('GET', '/api/diagnostics/opcservers', { token })).body;
  // Production booked by the engine: the demo's lines run at 60..120 units a minute, and most start running.
  const file = databasePath(dataDir, readInstallation(dataDir)!.connectionString);
  const units = await waitFor(
    () => {
      const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      try {
        const total = Number(
          (sqlite.prepare('SELECT COALESCE(SUM(units), 0) AS units FROM production_minutes').get() as { units: number }).units,
        );
        return total > 0 ? total : undefined;
      } finally {
        sqlite.close();
      }
    },
    'production counted',
    60_000,
  );
  await edge.stop();
  return { tags, servers, units };
}

describe('the demo plant over the other sources', () => {
  it('--source modbus: the simulator serves Modbus TCP, the demo server and tags are Modbus ones, read good, and production is counted', async () => {
    const { tags, servers, units } = await demoRunsOver(['--source', 'modbus']);
    expect(servers).toEqual([expect.objectContaining({ serverType: 'Modbus', connected: true })]);
    expect(tags.find((tag) => tag.tagName === 'Line1.Units')).toMatchObject({ url: 'hr:1:uint32:counter', data: expect.any(Number) });
    expect(units).toBeGreaterThan(0);
  }, 150_000);

  it('--source mqtt: the simulator publishes Sparkplug B (or JSON with --payload json) to the broker, the demo reads it good and counts production', async () => {
    broker = await Mosquitto.start();
    const sparkplug = await demoRunsOver(['--source', 'mqtt', '--broker', broker.url]);
    expect(sparkplug.servers).toEqual([expect.objectContaining({ serverType: 'MQTT', connected: true })]);
    expect(sparkplug.tags.find((tag) => tag.tagName === 'Line1.Units')?.url).toBe('spBv1.0/OEE/Simulator/Line1|Units');
    expect(sparkplug.units).toBeGreaterThan(0);

    const json = await demoRunsOver(['--source', 'mqtt', '--broker', broker.url, '--payload', 'json']);
    expect(json.tags.find((tag) => tag.tagName === 'Line1.Units')?.url).toBe('oee-sim/Line1|$.units|$.ts');
    expect(json.units).toBeGreaterThan(0);
  }, 300_000);
});
