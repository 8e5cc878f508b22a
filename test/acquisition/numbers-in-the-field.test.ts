import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { simulatorNodeId } from '../../edge/src/acquisition/simulator/plant-simulator';
import { REASON } from '../../edge/src/domain/stops';
import { lineScripts, storedScript, TAG_KINDS, waitFor } from '../support/simulated-plant';
import { SimulatorProcess } from '../support/simulator-process';
import { EdgeProcess } from '../support/edge-process';
import { fillDatabase } from '../support/full-disk';
import { completeFirstSignIn, startTestEdge, type CallOptions, type CallResult, type TestEdge } from '../support/test-edge';

/**
 * The engine's numbers through what a plant's OPC UA servers and the edge itself go through (issue 12): counters
 * re-pointed to another node, server or script; a beacon script that fails on the values it gets; a server killed
 * while a line is stopped; the edge stopped while the line goes on. Real OPC UA on 127.0.0.1, the simulator in a
 * process of its own (killed with SIGKILL where a crash is meant), a real edge with its SQLite database.
 */

interface Rig {
  t: TestEdge;
  serverIDs: number[];
  tagIDs: Map<string, number>;
}

let rig: Rig | null = null;
/** What a test started, stopped or removed after it whatever its outcome. */
const simulators: SimulatorProcess[] = [];
const edges: EdgeProcess[] = [];
const closers: (() => void)[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) close();
  for (const edge of edges.splice(0)) await edge.stop();
  await rig?.t.close();
  rig = null;
  for (const simulator of simulators.splice(0)) await simulator.stop();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

async function startSimulator(options: {
  lines: number;
  port?: number;
  pkiDir?: string;
  initial?: Record<number, { units?: number; discards?: number; running?: boolean }>;
}) {
  const simulator = await SimulatorProcess.start({
    port: 0,
    automatic: false,
    speeds: Array(options.lines).fill(0),
    pkiDir: tempDir('oee-sim-pki-'),
    ...options,
  });
  simulators.push(simulator);
  return simulator;
}

function ok(result: { status: number; text: string; body: any }, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${result.text}`);
  return result.body;
}

type Call = (method: string, path: string, options?: CallOptions) => Promise<CallResult>;

/**
 * Configures an edge to read the simulators, through the API as an administrator would: server k's tags are named
 * `S<k>.Line<n>.<Variable>`; lines 1..`lines` read server 0's tags of their own number.
 */
async function configurePlant(call: Call, token: string | null, plcs: SimulatorProcess[], lines: number) {
  const serverIDs: number[] = [];
  const tagIDs = new Map<string, number>();
  for (const [index, simulator] of plcs.entries()) {
    const server = ok(
      await call('POST', '/api/opcservers', {
        token,
        form: { values: { name: `PLC ${index}`, hostName: simulator.endpointUrl, serverType: 'UA', enabled: true } },
      }),
      'server',
    );
    serverIDs.push(server.opcServerID);
    for (let line = 1; line <= lines; line += 1) {
      for (const [variable, tagType] of TAG_KINDS) {
        const tagName = `S${index}.Line${line}.${variable}`;
        const values = { tagName, tagType, opcServerID: server.opcServerID, tagValue: simulatorNodeId(line, variable) };
        tagIDs.set(tagName, ok(await call('POST', '/api/tags', { token, form: { values } }), 'tag').tagID);
      }
    }
  }
  const sector = ok(await call('POST', '/api/sectors', { token, form: { values: { sectorName: 'Envasado' } } }), 'sector');
  for (let line = 1; line <= lines; line += 1) {
    const scripts = Object.fromEntries(
      Object.entries(lineScripts(line)).map(([field, stored]) => [field, stored.replaceAll(`Line${line}.`, `S0.Line${line}.`)]),
    );
    ok(
      await call('POST', '/api/Resources', {
        token,
        form: { values: { lineID: line, sectorID: sector.sectorID, description: `Línea ${line}`, ...scripts } },
      }),
      'line',
    );
  }
  return { serverIDs, tagIDs };
}

/** An edge in this process reading the simulators, its lines seen once. */
async function startRig(plcs: SimulatorProcess[], lines: number): Promise<Rig> {
  const t = await startTestEdge();
  const started = { t, ...(await configurePlant(t.call, t.adminToken, plcs, lines)) };
  for (let line = 1; line <= lines; line += 1) await lineKnown(started, line);
  return started;
}

const db = (r: Rig) => r.t.edge.plant.db!;
const stopsOf = (r: Rig, lineID: number) =>
  db(r)
    .selectFrom('stops')
    .select(['stopID', 'reasonID', 'startDate', 'endDate'])
    .where('lineID', '=', lineID)
    .orderBy('startDate')
    .orderBy('stopID')
    .execute();
const lineState = (r: Rig, lineID: number) => db(r).selectFrom('line_states').selectAll().where('lineID', '=', lineID).executeTakeFirst();
async function unitsOf(r: Rig, lineID: number): Promise<number> {
  const row = await db(r)
    .selectFrom('production_minutes')
    .select((eb) => eb.fn.sum<number>('units').as('units'))
    .where('lineID', '=', lineID)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}
const lineKnown = (r: Pick<Rig, 't'>, lineID: number) =>
  waitFor(async () => {
    const state = await r.t.edge.plant.db!.selectFrom('line_states').selectAll().where('lineID', '=', lineID).executeTakeFirst();
    return state?.running !== null && state?.running !== undefined && state.unitsCounter !== null ? state : undefined;
  }, `line ${lineID} known`);
const unitsReach = (r: Rig, lineID: number, units: number) =>
  waitFor(async () => ((await unitsOf(r, lineID)) === units ? true : undefined), `line ${lineID} at ${units} units`);
const counterReads = (r: Rig, lineID: number, value: number) =>
  waitFor(
    async () => ((await lineState(r, lineID))?.unitsCounter === value ? true : undefined),
    `line ${lineID}'s counter to read ${value}`,
  );
const editTag = (r: Rig, tagName: string, values: Record<string, unknown>) =>
  r.t.call('PUT', '/api/tags', { token: r.t.adminToken, form: { key: r.tagIDs.get(tagName), values } });
const editLine = (r: Rig, lineID: number, values: Record<string, unknown>) =>
  r.t.call('PUT', '/api/Resources', { token: r.t.adminToken, form: { key: lineID, values } });

describe('numbers that hold in the field, over real OPC UA', () => {
  it('a counter re-pointed to another node, another server or another script counts only the real deltas of each source', async () => {
    const plcA = await startSimulator({ lines: 2, initial: { 2: { units: 1_000_000 } } });
    const plcB = await startSimulator({ lines: 1, initial: { 1: { units: 1_183 } } });
    rig = await startRig([plcA, plcB], 2);

    await plcA.produce(1, 10);
    await unitsReach(rig, 1, 10);

    // Another node of the same server: line 2's counter, at 1,000,000.
    ok(await editTag(rig, 'S0.Line1.Units', { tagValue: simulatorNodeId(2, 'Units') }), 'node id');
    await counterReads(rig, 1, 1_000_000);
    await plcA.produce(2, 5);
    await unitsReach(rig, 1, 15);

    // Another server: PLC B's counter, at 1,183 (a drop that is neither a reset nor production).
    ok(await editTag(rig, 'S0.Line1.Units', { opcServerID: rig.serverIDs[1], tagValue: simulatorNodeId(1, 'Units') }), 'server');
    await counterReads(rig, 1, 1_183);
    await plcB.produce(1, 7);
    await unitsReach(rig, 1, 22);

    // Another script over the same tag (PLC B's counter is at 1,190 now).
    ok(await editLine(rig, 1, { calculationUnits: storedScript('S0.Line1.Units + 1000') }), 'script');
    await counterReads(rig, 1, 2_190);
    await plcB.produce(1, 3);
    await unitsReach(rig, 1, 25);

    const events = ok(await rig.t.call('GET', '/api/diagnostics/counters', { token: rig.t.adminToken }), 'diagnostics');
    // Each re-pointing is one new baseline (taken from the new source's first reading), never a reset or a jump.
    expect(events.filter((event: { lineID: number }) => event.lineID === 1).map((event: { kind: string }) => event.kind)).toEqual([
      'newSource',
      'newSource',
      'newSource',
    ]);
    expect(await unitsOf(rig, 2)).toBe(5);
  }, 120_000);

  it('a beacon script that fails on the values it gets makes the line unknown (reason 4), logged once, and the tag type is reported', async () => {
    const plc = await startSimulator({ lines: 2 });
    rig = await startRig([plc], 2);
    const token = rig.t.adminToken;
    // A Boolean tag bound to a UInt32 node: the script compiles, and fails on every value.
    ok(
      await rig.t.call('POST', '/api/tags', {
        token,
        form: {
          values: { tagName: 'Odd.Running', tagType: 'Boolean', opcServerID: rig.serverIDs[0], tagValue: simulatorNodeId(2, 'Units') },
        },
      }),
      'tag',
    );
    ok(await editLine(rig, 2, { calculationBaliza: storedScript('Odd.Running') }), 'script');

    const stop = await waitFor(
      async () => (await stopsOf(rig!, 2)).find((row) => row.endDate === null && row.reasonID === REASON.OPC_DISCONNECTED),
      'line 2 unknown',
    );
    expect((await lineState(rig, 2))?.running).toBeNull();
    for (let step = 1; step <= 3; step += 1) await plc.produce(2, 1);
    await waitFor(async () => ((await lineState(rig!, 2))?.unitsCounter === 3 ? true : undefined), 'line 2 evaluated three more times');
    const failures = rig.t.edge.plant.recentLogs.all().filter((entry) => entry.message.startsWith('Line 2: its beacon script fails'));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/is a number, expected a boolean/);

    const status = ok(await rig.t.call('GET', '/api/opcstatus/get', { token, query: { line: 2 } }), 'opcstatus');
    expect(status.find((tag: { tagName: string }) => tag.tagName === 'Odd.Running')).toMatchObject({
      goodQuality: true,
      problem: 'configured as Boolean, the server sends UInt32',
    });
    expect(rig.t.edge.plant.recentLogs.all().filter((entry) => entry.message.includes('OPC UA tag type mismatch'))).toHaveLength(1);

    // Fixed: the line is known again and the gap's stop ends.
    ok(await editLine(rig, 2, { calculationBaliza: storedScript('S0.Line2.Running') }), 'script');
    await waitFor(
      async () => ((await stopsOf(rig!, 2)).find((row) => row.stopID === stop.stopID)?.endDate ? true : undefined),
      'the reason-4 stop to end',
    );
  }, 120_000);

  it('a tag re-pointed to a node the server does not know shows no value, and is read again as soon as it is fixed', async () => {
    const plc = await startSimulator({ lines: 1, initial: { 1: { units: 321 } } });
    rig = await startRig([plc], 1);
    const token = rig.t.adminToken;
    const tagStatus = async () =>
      (
        ok(await rig!.t.call('GET', '/api/opcstatus/get', { token, query: { line: 1 } }), 'opcstatus') as {
          tagName: string;
          status: string;
          data: unknown;
        }[]
      ).find((tag) => tag.tagName === 'S0.Line1.Units');
    ok(await editTag(rig, 'S0.Line1.Units', { tagValue: simulatorNodeId(1, 'Nowhere') }), 'bad node id');
    const refused = await waitFor(
      async () => ((await tagStatus())?.status === 'BadNodeIdUnknown' ? tagStatus() : undefined),
      'the tag refused',
    );
    // Not the value the previous node had.
    expect(refused).toMatchObject({ status: 'BadNodeIdUnknown', data: null });

    ok(await editTag(rig, 'S0.Line1.Units', { tagValue: simulatorNodeId(1, 'Units') }), 'fixed node id');
    // Well before the periodic retry of refused tags (every 30 s): at once, as any other tag change.
    await waitFor(async () => ((await tagStatus())?.status === 'Good' ? true : undefined), 'the fixed tag read', 10_000);
    expect(await tagStatus()).toMatchObject({ data: 321 });
    await plc.produce(1, 2);
    await unitsReach(rig, 1, 2);
  }, 120_000);

  it('a server killed while a line is stopped ends that stop at the disconnection; a reason-4 stop covers the outage', async () => {
    // The same PLC comes back later, with its own certificate (a restarted simulator on a new one is no real PLC).
    const pkiDir = tempDir('oee-sim-pki-');
    const plc = await startSimulator({ lines: 1, pkiDir });
    rig = await startRig([plc], 1);
    await plc.stopLine(1);
    const stopped = await waitFor(async () => (await stopsOf(rig!, 1)).find((row) => row.endDate === null), 'line 1 stopped');

    const killedAt = Date.now();
    await plc.kill();
    const outage = await waitFor(
      async () => (await stopsOf(rig!, 1)).find((row) => row.endDate === null && row.reasonID === REASON.OPC_DISCONNECTED),
      'the outage',
    );
    expect(outage.startDate).toBeGreaterThanOrEqual(killedAt);
    expect((await stopsOf(rig, 1)).find((row) => row.stopID === stopped.stopID)?.endDate).toBe(outage.startDate);

    // The PLC comes back (its counters kept), the line still stopped: the outage ends at the source time of its values.
    const restartedAt = Date.now();
    await startSimulator({ lines: 1, port: plc.port, pkiDir, initial: { 1: { running: false, units: 40 } } });
    const resumed = await waitFor(
      async () => {
        const stops = await stopsOf(rig!, 1);
        return stops.find((row) => row.stopID === outage.stopID)?.endDate ? stops : undefined;
      },
      'the outage to end',
      60_000,
    );
    const [first, gap, after] = resumed;
    expect(resumed).toHaveLength(3);
    expect(first).toMatchObject({ stopID: stopped.stopID, endDate: outage.startDate });
    expect(gap).toMatchObject({ reasonID: REASON.OPC_DISCONNECTED, startDate: outage.startDate });
    expect(gap!.endDate).toBeGreaterThanOrEqual(restartedAt);
    expect(after).toMatchObject({ reasonID: null, startDate: gap!.endDate, endDate: null });
    await unitsReach(rig, 1, 40);
  }, 120_000);

  it('the edge stopped with a stop open: its downtime is a stop of its own (reason 9), and what follows starts at the source times', async () => {
    const plc = await startSimulator({ lines: 1 });
    rig = await startRig([plc], 1);
    await plc.stopLine(1);
    const open = await waitFor(async () => (await stopsOf(rig!, 1)).find((row) => row.endDate === null), 'line 1 stopped');
    const { dataDir, adminPassword } = rig.t;
    await rig.t.close({ keepData: true });

    // While the edge is down the line runs, stops, runs (50 units) and stops again; these are the source times.
    const downAt = Date.now();
    await plc.runLine(1, downAt + 1);
    await plc.stopLine(1, downAt + 2);
    await plc.runLine(1, downAt + 3);
    await plc.produce(1, 50, 0, downAt + 4);
    await plc.stopLine(1, downAt + 5);

    const t = await startTestEdge({ again: { dataDir, adminPassword: adminPassword! } });
    rig = { ...rig, t };
    const stops = await waitFor(async () => {
      const rows = await stopsOf(rig!, 1);
      return rows.some((row) => row.startDate === downAt + 5) ? rows : undefined;
    }, 'the stop the first reading tells of');
    expect(stops).toHaveLength(3);
    const [before, downtime, after] = stops;
    expect(before).toMatchObject({ stopID: open.stopID, reasonID: null });
    expect(before!.endDate).toBeLessThan(downAt);
    expect(downtime).toMatchObject({ reasonID: REASON.EDGE_DOWN, startDate: before!.endDate, endDate: downAt + 5 });
    expect(after).toMatchObject({ reasonID: null, startDate: downAt + 5, endDate: null });
    await unitsReach(rig, 1, 50);
  }, 120_000);

  it('an edge killed (SIGKILL) with a stop open: the stop ends at the last instant it knew, its downtime is reason 9, nothing is lost', async () => {
    const plc = await startSimulator({ lines: 1, initial: { 1: { units: 500 } } });
    const dataDir = tempDir('oee-killed-');
    let edge = await EdgeProcess.start(dataDir);
    edges.push(edge);
    const setup = ok(
      await edge.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', connectionString: '' } }),
      'setup',
    );
    const login = await completeFirstSignIn(edge.url, setup.password);
    await configurePlant((method, path, options) => edge.call(method, path, options), login.token, [plc], 1);
    const database = new Sqlite(join(dataDir, 'oee.db'), { readonly: true, fileMustExist: true });
    closers.push(() => database.close());
    type StopRow = { stopID: number; reasonID: number | null; startDate: number; endDate: number | null };
    const stops = () =>
      database.prepare('SELECT stopID, reasonID, startDate, endDate FROM stops WHERE lineID = 1 ORDER BY startDate').all() as StopRow[];
    const units = () =>
      Number(
        (database.prepare('SELECT coalesce(sum(units), 0) AS units FROM production_minutes WHERE lineID = 1').get() as { units: number })
          .units,
      );
    await waitFor(
      () =>
        (database.prepare('SELECT unitsCounter FROM line_states WHERE lineID = 1').get() as { unitsCounter: number } | undefined)
          ?.unitsCounter === 500,
      'line 1 read',
    );
    await plc.produce(1, 20);
    await waitFor(() => units() === 20, '20 units');
    await plc.stopLine(1);
    const open = await waitFor(() => stops().find((row) => row.endDate === null), 'line 1 stopped');
    await waitFor(
      () =>
        units() === 20 &&
        (database.prepare('SELECT lastSampleAt FROM line_states WHERE lineID = 1').get() as { lastSampleAt: number }).lastSampleAt >
          open.startDate,
      'a sample after the stop',
    );

    await edge.kill();
    const lastKnown = (database.prepare('SELECT lastSampleAt FROM line_states WHERE lineID = 1').get() as { lastSampleAt: number })
      .lastSampleAt;
    const downAt = Date.now();
    await plc.runLine(1, downAt + 1);
    await plc.produce(1, 30, 0, downAt + 2);
    await plc.stopLine(1, downAt + 3);

    edge = await EdgeProcess.start(dataDir);
    edges.push(edge);
    const after = await waitFor(
      () => {
        const rows = stops();
        return rows.some((row) => row.startDate === downAt + 3) ? rows : undefined;
      },
      'the stop the first reading tells of',
      20_000,
    );
    expect(after).toEqual([
      { stopID: open.stopID, reasonID: null, startDate: open.startDate, endDate: lastKnown },
      { stopID: expect.any(Number), reasonID: REASON.EDGE_DOWN, startDate: lastKnown, endDate: downAt + 3 },
      { stopID: expect.any(Number), reasonID: null, startDate: downAt + 3, endDate: null },
    ]);
    await waitFor(() => units() === 50, 'the 30 units made while the edge was down, counted once');
  }, 150_000);

  it('an edge restarted while nothing changed stores no stop at all: no downtime stop of zero length, no disconnection', async () => {
    const plc = await startSimulator({ lines: 1 });
    rig = await startRig([plc], 1);
    const { dataDir, adminPassword } = rig.t;
    await rig.t.close({ keepData: true });
    rig = { ...rig, t: await startTestEdge({ again: { dataDir, adminPassword: adminPassword! } }) };
    await waitFor(async () => ((await lineState(rig!, 1))?.running === 1 ? true : undefined), 'line 1 running again');
    await plc.produce(1, 4);
    await unitsReach(rig, 1, 4);
    expect(await stopsOf(rig, 1)).toEqual([]);
    const outbox = await db(rig).selectFrom('outbox').select(['operation']).where('entity', '=', 'stops').execute();
    // The downtime stop opened at start-up was deleted once the first reading said nothing happened.
    expect(outbox.map((row) => row.operation)).toEqual(['upsert', 'delete']);
  }, 120_000);

  it('a full disk loses nothing a line did: production and a stop while it is full are stored at their own times once there is space', async () => {
    const plc = await startSimulator({ lines: 1 });
    rig = await startRig([plc], 1);
    await plc.produce(1, 10);
    await unitsReach(rig, 1, 10);
    const stopsBefore = await stopsOf(rig, 1);
    const minutesOf = () => db(rig!).selectFrom('production_minutes').select(['minuteStart', 'units']).where('lineID', '=', 1).execute();
    const minutesBefore = new Map((await minutesOf()).map((row) => [row.minuteStart, row.units]));
    const giveRoomBack = await fillDatabase(db(rig), { everyWrite: true });
    /** Waits until a calculation pass says the line was `state` with `units`, and that the disk refused it. */
    const refused = (state: string, units: number) =>
      waitFor(async () => {
        const passes = (await rig!.t.call('GET', '/api/diagnostics/calculationtimes', { token: rig!.t.adminToken })).body as {
          lines: { result: string }[];
        }[];
        return passes.some((pass) =>
          pass.lines.some((line) => line.result.startsWith(`${state}, units ${units},`) && line.result.includes('disk full: kept')),
        )
          ? true
          : undefined;
      }, `a refused pass: ${state}, ${units} units`);

    // While the database cannot grow: 7 units, a stop of a few seconds, 5 units more. Each pass is refused.
    const producedAt = Date.now();
    await plc.produce(1, 7, 0, producedAt);
    await refused('running', 17);
    const stoppedAt = Date.now();
    await plc.stopLine(1, stoppedAt);
    await refused('stopped', 17);
    const restartedAt = Date.now();
    await plc.runLine(1, restartedAt);
    await plc.produce(1, 5, 0, restartedAt + 1);
    await refused('running', 22);
    expect(await unitsOf(rig, 1)).toBe(10);
    expect(await stopsOf(rig, 1)).toEqual(stopsBefore);

    await giveRoomBack();
    await unitsReach(rig, 1, 22);
    const stop = await waitFor(
      async () => (await stopsOf(rig!, 1)).find((row) => row.startDate === stoppedAt),
      'the stop made while the disk was full',
    );
    // A few seconds: a microstop, judged on its real length.
    expect(stop).toMatchObject({ reasonID: REASON.MICROSTOP, startDate: stoppedAt, endDate: restartedAt });
    expect(await stopsOf(rig, 1)).toHaveLength(stopsBefore.length + 1);
    // The units are booked in the minutes they were made, not in the minute the disk took them.
    const booked = new Map((await minutesOf()).map((row) => [row.minuteStart, row.units - (minutesBefore.get(row.minuteStart) ?? 0)]));
    const bookedMinutes = [...booked].filter(([, units]) => units !== 0).map(([minuteStart]) => minuteStart);
    expect([...booked.values()].reduce((sum, units) => sum + units, 0)).toBe(12);
    expect(Math.min(...bookedMinutes)).toBe(Math.floor(producedAt / 60_000) * 60_000);
    expect(Math.max(...bookedMinutes)).toBe(Math.floor((restartedAt + 1) / 60_000) * 60_000);
    expect(
      rig.t.edge.plant.recentLogs.all().some((entry) => entry.message.startsWith('Line samples kept while the disk was full are stored')),
    ).toBe(true);
  }, 150_000);
});
