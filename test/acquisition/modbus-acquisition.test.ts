import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquisitionOf } from '../../edge/src/acquisition';
import { waitFor } from '../support/simulated-plant';
import { configureSourceLines } from '../support/source-lines';
import { SimulatorProcess } from '../support/simulator-process';
import { lineFigures } from '../support/line-figures';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The Modbus TCP source end to end: the simulator's Modbus server in a process of its own (killed with SIGKILL as a
 * PLC that loses power) → the edge's poller → tag cache → line scripts → the OEE engine's stops and production. Two
 * lines; line 1's units are read from a 16-bit register that wraps at 65,536, line 2's from a 32-bit one that wraps
 * at 2^32, both as counters. The simulator is driven by hand (automatic changes off, speed 0).
 */

let t: TestEdge;
let simulator: SimulatorProcess;
let opcServerID = 0;
const pkiDir = mkdtempSync(join(tmpdir(), 'oee-modbus-sim-'));
const UNITS_1 = 65_530;
const UNITS_2 = 2 ** 32 - 5;

const db = () => t.edge.plant.db!;
const { openStopOf, produced, disconnectedStops, sameProduction, linesRunning, countedOnceAfterOutage } = lineFigures(db);
const tag = (tagName: string) => acquisitionOf(t.edge.plant)!.tagStatus(tagName);

function startSimulator(port: number, initial: Record<number, { units?: number; discards?: number }>): Promise<SimulatorProcess> {
  return SimulatorProcess.start({ lines: 2, opcua: false, modbus: { port }, pkiDir, automatic: false, speeds: [0, 0], initial });
}

// Per line n the simulator's holding registers start at (n - 1) × 16 (edge/src/acquisition/simulator/modbus-server.ts).
const TAGS: [string, string, string][] = [
  ['Line1.Running', 'Boolean', 'coil:0'],
  ['Line1.Units', 'UInt32', 'hr:7:uint16:counter'],
  ['Line1.Discards', 'UInt32', 'hr:3:uint32:counter'],
  ['Line2.Running', 'Boolean', 'hr:31.0'],
  ['Line2.Units', 'UInt32', 'hr:17:uint32:counter'],
  ['Line2.Discards', 'UInt32', 'ir:19:uint32:ABCD:counter'],
  ['Units.CDAB', 'UInt32', 'hr:8:uint32:CDAB'],
  ['Units.BADC', 'UInt32', 'ir:10:uint32:BADC'],
  ['Units.DCBA', 'UInt32', 'hr:12:uint32:DCBA'],
  ['Units.Int32', 'Int32', 'hr:1:int32'],
  ['Speed.Float', 'Float', 'hr:5:float32'],
  ['Speed.Int16', 'Int16', 'ir:14:int16*0.1'],
  ['Running.Input', 'Boolean', 'di:1'],
  ['Stopped.Bit', 'Boolean', 'hr:15.1'],
  // Beyond the 32 registers the simulator serves: one next to served ones (read in the same request), one far away.
  ['Refused.Near', 'UInt16', 'hr:33'],
  ['Refused.Far', 'UInt16', 'hr:9000'],
];

beforeAll(async () => {
  t = await startTestEdge();
  simulator = await startSimulator(0, { 1: { units: UNITS_1, discards: 4 }, 2: { units: UNITS_2, discards: 9 } });
  opcServerID = await configureSourceLines(
    t,
    { name: 'PLC', hostName: `127.0.0.1:${simulator.modbusPort}`, serverType: 'Modbus', unitId: 1, pollingMs: 200 },
    TAGS,
  );
  await linesRunning([1, 2]);
}, 60_000);

afterAll(async () => {
  await simulator?.stop();
  await t?.close();
  rmSync(pkiDir, { recursive: true, force: true });
});

describe('Modbus TCP acquisition with the simulator', () => {
  it('reads every register type and word order, bits of registers and scaled values', async () => {
    // Every served tag read once (coils, discrete inputs, holding and input registers come in requests of their own).
    await waitFor(() => TAGS.every(([name]) => name.startsWith('Refused.') || tag(name).goodQuality), 'the first poll of every served tag');
    expect(tag('Line1.Running')).toMatchObject({ goodQuality: true, data: true, status: 'Good', url: 'coil:0' });
    expect(tag('Running.Input')).toMatchObject({ goodQuality: true, data: true });
    expect(tag('Line2.Running')).toMatchObject({ goodQuality: true, data: true });
    expect(tag('Stopped.Bit')).toMatchObject({ goodQuality: true, data: false });
    for (const name of ['Units.CDAB', 'Units.BADC', 'Units.DCBA', 'Units.Int32'])
      expect(tag(name)).toMatchObject({ goodQuality: true, data: UNITS_1 });
    expect(tag('Line1.Units').data).toBe(UNITS_1);
    expect(tag('Line2.Units').data).toBe(UNITS_2);
    expect(tag('Line2.Discards').data).toBe(9);
    expect(tag('Speed.Float').data).toBe(0);
    // Speed × 10 - 1000 as a signed 16-bit register, scaled by 0.1: -100.
    expect(tag('Speed.Int16').data).toBeCloseTo(-100, 6);
  });

  it('an address the server refuses makes that tag bad and no other, also when it shares a request with good ones', async () => {
    for (const name of ['Refused.Near', 'Refused.Far']) {
      const status = await waitFor(() => (tag(name).status === 'BadNodeIdUnknown' ? tag(name) : undefined), `${name} refused`);
      expect(status.goodQuality).toBe(false);
      expect(status.problem).toMatch(/Modbus exception 2 \(illegal data address\)/);
    }
    expect(tag('Line2.Running').goodQuality).toBe(true);
    expect(tag('Units.DCBA').goodQuality).toBe(true);
    const servers = await t.call('GET', '/api/diagnostics/opcservers', { token: t.adminToken });
    expect(servers.body).toEqual([
      expect.objectContaining({
        opcServerID,
        serverType: 'Modbus',
        connected: true,
        serverState: 'Running',
        badTagCount: 2,
        tagCount: TAGS.length,
      }),
    ]);
  });

  it('a stop and the units across a counter wrap at 65,536 and at 2^32 are counted once each', async () => {
    const before = { 1: await produced(1), 2: await produced(2) };
    await simulator.produce(1, 10, 1);
    await simulator.produce(2, 10);
    await waitFor(sameProduction(1, { units: before[1].units + 10, discards: before[1].discards + 1 }), 'line 1 across the 16-bit wrap');
    await waitFor(sameProduction(2, { units: before[2].units + 10, discards: before[2].discards }), 'line 2 across the 32-bit wrap');
    expect(tag('Line1.Units').data).toBe(UNITS_1 + 10);
    expect(tag('Line2.Units').data).toBe(UNITS_2 + 10);

    await simulator.stopLine(1);
    const open = await waitFor(() => openStopOf(1), 'the stop of line 1');
    expect(open.reasonID).toBeNull();
    await simulator.runLine(1);
    await waitFor(async () => ((await openStopOf(1)) ? undefined : true), 'the stop of line 1 to close');
  });

  it('a server killed for 60 s gives each line one reason-4 stop; after it comes back every unit made meanwhile is counted once', async () => {
    const before = { 1: await produced(1), 2: await produced(2) };
    const counters = { 1: await simulator.line(1), 2: await simulator.line(2) };
    const port = simulator.modbusPort!;
    const killedAt = Date.now();
    await simulator.kill();
    for (const stop of await disconnectedStops([1, 2])) {
      expect(stop.startDate).toBeGreaterThanOrEqual(killedAt);
    }
    expect(tag('Line1.Units')).toMatchObject({ goodQuality: false, data: counters[1].units });
    await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() - killedAt)));

    // The PLCs kept counting while their server was down.
    simulator = await startSimulator(port, {
      1: { units: counters[1].units + 25, discards: counters[1].discards + 2 },
      2: { units: counters[2].units + 7, discards: counters[2].discards },
    });
    await countedOnceAfterOutage(before, { 1: { units: 25, discards: 2 }, 2: { units: 7, discards: 0 } }, (lineID) =>
      simulator.produce(lineID, 1),
    );
  }, 120_000);

  it('a counter that wrapped is counted once through an edge restart, also for units made while the edge was down', async () => {
    // Both units counters have wrapped by now (at 65,536 and at 2^32): the registers hold small numbers.
    expect(tag('Line1.Units').data).toBeGreaterThan(65_536);
    expect(tag('Line2.Units').data).toBeGreaterThan(2 ** 32);
    const before = { 1: await produced(1), 2: await produced(2) };
    const { dataDir, adminPassword } = t;
    await t.close({ keepData: true });
    await simulator.produce(1, 5);
    await simulator.produce(2, 3);
    t = await startTestEdge({ again: { dataDir, adminPassword: adminPassword! } });
    await waitFor(sameProduction(1, { units: before[1].units + 5, discards: before[1].discards }), 'line 1 after the restart');
    await waitFor(sameProduction(2, { units: before[2].units + 3, discards: before[2].discards }), 'line 2 after the restart');
    await simulator.produce(1, 2);
    await waitFor(sameProduction(1, { units: before[1].units + 7, discards: before[1].discards }), 'line 1 going on');
    // Not more, a while later.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await produced(1)).toEqual({ units: before[1].units + 7, discards: before[1].discards });
    expect(await produced(2)).toEqual({ units: before[2].units + 3, discards: before[2].discards });
  }, 60_000);
});
