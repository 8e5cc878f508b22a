import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REASON } from '../../edge/src/domain/stops';
import { SimulatedPlant, waitFor } from '../support/simulated-plant';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The edge's first connection to a server (ua-server-connection.ts, INITIAL_GRACE_MS): a server that cannot be reached
 * gives its lines a reason-4 stop 5 s after the start; one that is reached but answers late (a loaded PC, a slow
 * server) gives none, whatever the wait.
 */

let t: TestEdge | null = null;
let plant: SimulatedPlant | null = null;
let proxy: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  proxy = null;
  await plant?.stop();
  await t?.close();
  plant = null;
  t = null;
});

const stopsOf = (lineID: number) =>
  t!.edge.plant.db!.selectFrom('stops').selectAll().where('lineID', '=', lineID).orderBy('stopID').execute();
const lineRead = (lineID: number) => async () => {
  const state = await t!.edge.plant.db!.selectFrom('line_states').selectAll().where('lineID', '=', lineID).executeTakeFirst();
  return state?.unitsCounter !== null && state?.unitsCounter !== undefined ? state : undefined;
};

/** A TCP relay to `port` that holds every new connection `relay.delayMs` before it passes a byte: a server slow to answer. */
const relay = { delayMs: 0, connections: 0 };
async function startRelay(port: number): Promise<number> {
  proxy = createServer((client) => {
    sockets.push(client);
    relay.connections += 1;
    client.pause();
    setTimeout(() => {
      const server = connect(port, '127.0.0.1', () => {
        client.pipe(server).pipe(client);
        client.resume();
      });
      sockets.push(server);
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
    }, relay.delayMs);
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('relay without a port');
  return address.port;
}

describe('the first connection to an OPC UA server', () => {
  it('nobody listening: the lines get a reason-4 stop from 5 s after the start, which ends when the server comes', async () => {
    t = await startTestEdge();
    plant = new SimulatedPlant(t, 1);
    // The server's port, free again: the edge is pointed at a server that is not there yet.
    const simulator = await plant.start();
    await simulator.stop();
    const configuredAt = Date.now();
    await plant.configure();
    const outage = await waitFor(
      async () => (await stopsOf(1)).find((stop) => stop.reasonID === REASON.OPC_DISCONNECTED && stop.endDate === null),
      'the reason-4 stop',
      20_000,
    );
    expect(outage.startDate).toBeGreaterThanOrEqual(configuredAt + 5_000);

    await plant.restart({});
    const ended = await waitFor(
      async () => (await stopsOf(1)).find((stop) => stop.stopID === outage.stopID && stop.endDate !== null),
      'the reason-4 stop to end',
      30_000,
    );
    expect(ended.endDate).toBeGreaterThan(outage.startDate);
    await waitFor(lineRead(1), 'line 1 read', 15_000);
  }, 90_000);

  it('a server that answers the restarted edge 10 s late: its lines, known before, are read then, and no reason-4 stop is made', async () => {
    t = await startTestEdge();
    plant = new SimulatedPlant(t, 1);
    const simulator = await plant.start();
    relay.delayMs = 0;
    await plant.configure(`opc.tcp://127.0.0.1:${await startRelay(simulator.port)}`);
    await waitFor(lineRead(1), 'line 1 read', 15_000);

    // The edge starts again (a loaded PC's reboot) and its server takes 10 s to answer; the line stops 6 s into that
    // wait, after the 5 s a server out of reach is given: what the edge reads first is newer than that.
    const { dataDir, adminPassword } = t;
    await t.close({ keepData: true });
    relay.delayMs = 10_000;
    const before = relay.connections;
    t = await startTestEdge({ again: { dataDir, adminPassword: adminPassword! } });
    await waitFor(() => relay.connections > before, 'the edge to connect again', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const stoppedAt = simulator.stopLine(1);
    await waitFor(async () => (await lineRead(1)())?.running === 0 || undefined, 'line 1 read again through the slow relay', 45_000);
    // The edge's downtime (reason 9) lasts until the stop it read first, which follows it; no outage in between.
    const stops = await stopsOf(1);
    expect(stops.map((stop) => [stop.reasonID, stop.endDate])).toEqual([
      [REASON.EDGE_DOWN, stoppedAt],
      [null, null],
    ]);
    expect(stops[1]!.startDate).toBe(stoppedAt);
  }, 90_000);
});
