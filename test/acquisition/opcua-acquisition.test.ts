import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version as packageVersion } from '../../package.json';
import { CONFIG_POLL_MS } from '../../edge/src/acquisition/acquisition-manager';
import { simulatorNodeId } from '../../edge/src/acquisition/simulator/plant-simulator';
import { SimulatedPlant, storedScript, waitFor } from '../support/simulated-plant';
import { lineFigures } from '../support/line-figures';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The acquisition end to end over real OPC UA on 127.0.0.1: simulator → node-opcua subscription → tag cache → line
 * scripts → the OEE engine's ingestion → stops and production in the database. The simulator is driven by hand
 * (automatic changes off, speed 0), so every stop and every unit is one the test caused.
 */

let t: TestEdge;
let plant: SimulatedPlant;

const db = () => t.edge.plant.db!;
const { stopsOf, openStopOf, produced, sameProduction, linesRunning } = lineFigures(db);

beforeAll(async () => {
  t = await startTestEdge();
  plant = new SimulatedPlant(t, 2);
  // A server that takes at most 2 monitored items per call: the 6+ items must be created in groups.
  await plant.start({ maxMonitoredItemsPerCall: 2 });
  await plant.configure();
  await linesRunning([1, 2]);
}, 60_000);

afterAll(async () => {
  await plant?.stop();
  await t?.close();
});

describe('OPC UA acquisition with the simulator', () => {
  it('a line that stops and runs again opens one stop at the change, closes it, and counts exactly the units produced', async () => {
    plant.simulator.produce(1, 10, 1);
    await waitFor(sameProduction(1, { units: 10, discards: 1 }), 'production of 10 units and 1 discard');

    // At the beacon's change as its source stamped it (how soon it is stored: npm run bench -- opcua).
    const stoppedAt = plant.simulator.stopLine(1);
    const open = await waitFor(() => openStopOf(1), 'the stop of line 1');
    expect(open.startDate).toBe(stoppedAt);
    expect(open.reasonID).toBeNull();
    expect(open.recognized).toBe(0);

    plant.simulator.runLine(1);
    plant.simulator.produce(1, 5);
    await waitFor(async () => ((await openStopOf(1)) ? undefined : true), 'the stop of line 1 to close');
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toHaveLength(1);
    expect(stops[0]!.endDate).toBeGreaterThan(stops[0]!.startDate);
    // Shorter than microStopTime (60 s) and not recognized: the engine files it as a microstop (reason 3).
    expect(stops[0]!.reasonID).toBe(3);
    await waitFor(sameProduction(1, { units: 15, discards: 1 }), '15 units in all');
    expect(await stopsOf(2)).toEqual([]);
  });

  it('a simulator that goes away gives every line a reason-4 stop from when it went; after it restarts nothing is lost or counted twice', async () => {
    const before = { 1: await produced(1), 2: await produced(2) };
    const counters = { 1: plant.simulator.line(1), 2: plant.simulator.line(2) };

    // Stamped when the edge saw the connection go: after the server went away, and by the time the test sees the
    // stop (how soon: npm run bench -- opcua).
    const killedAt = Date.now();
    await plant.simulator.stop();
    for (const lineID of [1, 2]) {
      const stop = await waitFor(async () => {
        const open = await openStopOf(lineID);
        return open?.reasonID === 4 ? open : undefined;
      }, `the OPC-disconnected stop of line ${lineID}`);
      expect(stop.startDate).toBeGreaterThanOrEqual(killedAt);
      expect(stop.startDate).toBeLessThanOrEqual(Date.now());
    }

    // The PLCs kept counting while their OPC UA server was down.
    await plant.restart({
      maxMonitoredItemsPerCall: 2,
      initial: { 1: { units: counters[1].units + 25, discards: counters[1].discards + 2 }, 2: { units: counters[2].units + 7 } },
    });
    for (const lineID of [1, 2]) {
      await waitFor(async () => ((await openStopOf(lineID)) ? undefined : true), `line ${lineID} to resume`, 20_000);
    }
    await waitFor(
      sameProduction(1, { units: before[1].units + 25, discards: before[1].discards + 2 }),
      'line 1 production after the restart',
    );
    await waitFor(sameProduction(2, { units: before[2].units + 7, discards: before[2].discards }), 'line 2 production after the restart');
    // One unit more on each line: once it is counted, so is every change published before it, and none twice.
    for (const lineID of [1, 2]) plant.simulator.produce(lineID, 1);
    await waitFor(async () => (await produced(1)).units > before[1].units + 25, 'the unit after the restart on line 1');
    await waitFor(async () => (await produced(2)).units > before[2].units + 7, 'the unit after the restart on line 2');
    expect(await produced(1)).toEqual({ units: before[1].units + 26, discards: before[1].discards + 2 });
    expect(await produced(2)).toEqual({ units: before[2].units + 8, discards: before[2].discards });
    const disconnections = (await stopsOf(1)).filter((stop) => stop.reasonID === 4);
    expect(disconnections).toHaveLength(1);
    expect(disconnections[0]!.endDate).not.toBeNull();
  }, 40_000);

  it('a changed line script takes effect without a restart', async () => {
    const token = t.adminToken;
    const changed = await t.call('PUT', '/api/Resources', {
      token,
      form: { key: 2, values: { calculationBaliza: storedScript('Line2.Running and Line2.Units > 1000000') } },
    });
    expect(changed.status).toBe(200);
    const open = await waitFor(() => openStopOf(2), 'line 2 to stop under its new script');
    expect(open.reasonID).toBeNull();

    await t.call('PUT', '/api/Resources', { token, form: { key: 2, values: { calculationBaliza: storedScript('Line2.Running') } } });
    await waitFor(async () => ((await openStopOf(2)) ? undefined : true), 'line 2 to run again under its old script');
  });

  it('a script written straight into the database, by a tool that tells nobody, takes effect within seconds', async () => {
    const setScript = (expression: string) =>
      db()
        .updateTable('lines')
        .set({ calculationBaliza: storedScript(expression) })
        .where('lineID', '=', 2)
        .execute();
    await setScript('Line2.Running and Line2.Units > 1000000');
    const open = await waitFor(() => openStopOf(2), 'line 2 to stop under the script written behind its back', CONFIG_POLL_MS + 5_000);
    expect(open.reasonID).toBeNull();
    await setScript('Line2.Running');
    await waitFor(async () => ((await openStopOf(2)) ? undefined : true), 'line 2 to run again', CONFIG_POLL_MS + 5_000);
  }, 30_000);

  it('a script that does not compile is refused with its position, and the stored one is kept', async () => {
    const token = t.adminToken;
    const refused = await t.call('PUT', '/api/Resources', { token, form: { key: 1, values: { calculationBaliza: 'Line1.Running and' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.calculationBaliza).toMatch(/en la línea 1, columna 15$/);
    const stored = await db().selectFrom('lines').select('calculationBaliza').where('lineID', '=', 1).executeTakeFirstOrThrow();
    expect(stored.calculationBaliza).toBe(storedScript('Line1.Running'));

    const preview = await t.call('POST', '/api/tags/execute', { token, form: { values: { script: 'Line1.Units +' } } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ error: true, line: 1, column: 13 });
    expect(preview.body.message).toMatch(/en la línea 1, columna 13$/);
  });

  it('the script preview evaluates on the live tag values, as a beacon first and else as a counter', async () => {
    const token = t.adminToken;
    const units = plant.simulator.line(1).units;
    const counter = await t.call('POST', '/api/tags/execute', { token, form: { values: { script: 'Line1.Units + 1' } } });
    expect(counter.body).toEqual({ error: false, message: String(units + 1), value: units + 1, kind: 'number' });
    const beacon = await t.call('POST', '/api/tags/execute', { token, form: { values: { script: 'Line1.Running and Line2.Running' } } });
    expect(beacon.body).toMatchObject({ error: false, message: 'true', value: true, kind: 'boolean' });
    const unknownTag = await t.call('POST', '/api/tags/execute', { token, form: { values: { script: 'Line9.Running' } } });
    expect(unknownTag.body.error).toBe(true);
    const asCounter = await t.call('POST', '/api/tags/execute', { token, form: { values: { script: 'Line1.Running', kind: 'number' } } });
    expect(asCounter.body.error).toBe(true);
    const operator = await t.userWithRole(3);
    expect((await t.call('POST', '/api/tags/execute', { token: operator.token, form: { values: { script: '1' } } })).status).toBe(403);
  });

  it("a tag whose node does not exist shows bad quality with the server's status while the other tags keep working", async () => {
    const token = t.adminToken;
    expect((await plant.addTag('Ghost', 'Double', simulatorNodeId(2, 'DoesNotExist'))).status).toBe(200);
    const changed = await t.call('PUT', '/api/Resources', {
      token,
      form: { key: 2, values: { calculationDiscards: storedScript('coalesce(Ghost, Line2.Discards)') } },
    });
    expect(changed.status).toBe(200);

    const status = await waitFor(async () => {
      const answer = await t.call('GET', '/api/opcstatus/get', { token, query: { line: 2 } });
      const ghost = answer.body.find?.((tag: any) => tag.tagName === 'Ghost');
      return ghost?.status === 'BadNodeIdUnknown' ? answer.body : undefined;
    }, 'the Ghost tag to be refused');
    expect(status.find((tag: any) => tag.tagName === 'Ghost')).toMatchObject({
      goodQuality: false,
      url: simulatorNodeId(2, 'DoesNotExist'),
    });
    expect(status.find((tag: any) => tag.tagName === 'Line2.Running')).toMatchObject({
      goodQuality: true,
      data: true,
      url: simulatorNodeId(2, 'Running'),
    });

    // Line 2 still runs and counts.
    const before = await produced(2);
    plant.simulator.produce(2, 3, 1);
    await waitFor(sameProduction(2, { units: before.units + 3, discards: before.discards + 1 }), 'line 2 to keep counting');
    expect(await openStopOf(2)).toBeUndefined();
  });

  it('diagnostics show the OPC server, the tag updates and the calculation passes, to the administrator only', async () => {
    const token = t.adminToken;
    const servers = await t.call('GET', '/api/diagnostics/opcservers', { token });
    expect(servers.status).toBe(200);
    expect(servers.body).toHaveLength(1);
    expect(servers.body[0]).toMatchObject({
      opcServerID: plant.opcServerID,
      serverType: 'UA',
      connected: true,
      serverState: 'Running',
      vendorInfo: 'OEE edge plant simulator (OEE edge)',
      productVersion: packageVersion,
      badTagCount: 1,
    });
    expect(servers.body[0].startTime).toMatch(/^\d{4}-\d\d-\d\dT/);

    const updates = await t.call('GET', '/api/diagnostics/tagsupdates', { token });
    expect(updates.body.length).toBeGreaterThan(0);
    expect(updates.body.at(-1)).toEqual({ dateTime: expect.stringMatching(/^\d{4}-/), duration: expect.any(Number) });

    const passes = await t.call('GET', '/api/diagnostics/calculationtimes', { token, query: { take: 5 } });
    expect(passes.body.length).toBeGreaterThan(0);
    expect(passes.body.length).toBeLessThanOrEqual(5);
    expect(passes.body.at(-1).lines[0]).toEqual({ line: expect.any(Number), result: expect.stringMatching(/^(running|stopped|unknown)/) });

    const supervisor = await t.userWithRole(2);
    for (const path of ['/api/diagnostics/opcservers', '/api/diagnostics/tagsupdates', '/api/diagnostics/calculationtimes']) {
      expect((await t.call('GET', path, { token: supervisor.token })).status).toBe(403);
    }
  });
});
