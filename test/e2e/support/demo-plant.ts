import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlantSimulator } from '../../../edge/src/acquisition/simulator/plant-simulator';
import { DEMO_LINES, DEMO_PASSWORD } from '../../../edge/src/demo/demo-plant';
import { waitFor } from '../../support/simulated-plant';
import type { TestEdge } from '../../support/test-edge';
import { startUiEdge } from './edge';

/**
 * The demo plant (setup option demo: true) served with the built app, its four lines read from a simulator the test
 * drives: the demo's own simulator changes lines at random, so once it is connected the plant's OPC server is pointed
 * at a second simulator that holds every line running until the test stops one (`simulator.stopLine(n)`).
 */
export interface DemoPlant {
  edge: TestEdge;
  simulator: PlantSimulator;
  /** A session of a demo user (admin, supervisor, operator, consultant; password 'demo'). */
  token(userID: string): Promise<string>;
  /** Waits until the engine has the line stopped (an open stop) or running again; answers the open stop's id. */
  stopOpened(lineID: number): Promise<number>;
  stopClosed(lineID: number): Promise<void>;
  close(): Promise<void>;
}

export { DEMO_PASSWORD };

export async function startDemoPlant(): Promise<DemoPlant> {
  const edge = await startUiEdge({ configured: false });
  const pkiDir = mkdtempSync(join(tmpdir(), 'oee-e2e-sim-'));
  let simulator: PlantSimulator | null = null;
  try {
    const setup = await edge.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', demo: true } });
    if (!setup.body?.valid) throw new Error(`demo setup: ${setup.text}`);
    const token = async (userID: string) => {
      const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: userID, password: DEMO_PASSWORD } });
      if (login.status !== 200) throw new Error(`login ${userID}: ${login.text}`);
      return login.body.token as string;
    };
    const admin = await token('admin');
    const servers = async () => (await edge.call('GET', '/api/diagnostics/opcservers', { token: admin })).body as { opcServerID: number; endpointUrl: string; connected: boolean }[];
    // The demo's simulator has started and the OPC server row names it (it writes its endpoint once, at start).
    const demoServer = await waitFor(async () => (await servers()).find((server) => server.connected), 'the demo simulator connected', 30_000);

    const db = edge.edge.plant.db!;
    // Its counters start at 0: the engine reads a lower counter as a reset and counts nothing for the switch.
    simulator = await PlantSimulator.start({ lines: DEMO_LINES.length, port: 0, pkiDir, automatic: false, speeds: DEMO_LINES.map((line) => line.speed) });
    // The demo simulator writes its own endpoint into the row once it has started (on another port when 4840 is
    // taken), possibly after this: the row is pointed at the test's simulator until it stays so and connects.
    const endpoint = simulator.endpointUrl;
    let pointedAt = 0;
    const pointed = () =>
      waitFor(
        async () => {
          const server = (await servers()).find((row) => row.opcServerID === demoServer.opcServerID);
          if (server?.endpointUrl !== endpoint && Date.now() - pointedAt > 2_000) {
            pointedAt = Date.now();
            const moved = await edge.call('PUT', '/api/opcservers', { token: admin, form: { key: demoServer.opcServerID, values: { hostName: endpoint } } });
            if (moved.status !== 200) throw new Error(`opc server: ${moved.text}`);
          }
          return server?.connected === true && server.endpointUrl === endpoint;
        },
        'the test simulator connected',
        60_000,
      );
    await pointed();
    // Once more after a pause: a late write of the demo simulator would have taken the row back.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await pointed();
    for (const line of DEMO_LINES) simulator.runLine(line.lineID);

    const openStop = (lineID: number) => db.selectFrom('stops').select('stopID').where('lineID', '=', lineID).where('endDate', 'is', null).executeTakeFirst();
    const sim = simulator;
    return {
      edge,
      simulator: sim,
      token,
      async stopOpened(lineID) {
        return (await waitFor(async () => (await openStop(lineID))?.stopID, `an open stop on line ${lineID}`, 20_000))!;
      },
      async stopClosed(lineID) {
        await waitFor(async () => !(await openStop(lineID)), `line ${lineID} running`, 20_000);
      },
      async close() {
        await sim.stop();
        await edge.close();
        rmSync(pkiDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await simulator?.stop();
    await edge.close();
    rmSync(pkiDir, { recursive: true, force: true });
    throw error;
  }
}
