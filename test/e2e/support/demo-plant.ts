import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlantSimulator } from '../../../edge/src/acquisition/simulator/plant-simulator';
import { DEMO_LINES, DEMO_PASSWORD } from '../../../edge/src/demo/demo-plant';
import { demoSimulatorOf } from '../../../edge/src/demo/demo-simulator';
import { waitFor } from '../../support/simulated-plant';
import type { TestEdge } from '../../support/test-edge';
import { startUiEdge } from './edge';

/**
 * The demo plant (setup option demo: true) served with the built app, its four lines read from a simulator the test
 * drives: the demo's own simulator changes lines at random, so once it runs the plant's OPC server is pointed at a
 * second simulator that holds every line running until the test stops one (`simulator.stopLine(n)`).
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
    // The demo's own simulator runs and has written its endpoint into the OPC server row (another port than the row's
    // when that one is busy): from here only the test writes the row. The row is found in the database: until the
    // acquisition reloads, its diagnostics name the endpoint it was connected to (maybe someone else's server on 4840).
    const demoSimulator = await demoSimulatorOf(edge.edge.plant);
    const db = edge.edge.plant.db!;
    const demoServer = await db.selectFrom('opc_servers').select('opcServerID').where('hostName', '=', demoSimulator?.endpointUrl ?? '').executeTakeFirst();
    if (!demoServer) throw new Error(`no OPC server row of the demo simulator (${demoSimulator?.endpointUrl})`);
    // Its counters start at 0: the engine reads a lower counter as a reset and counts nothing for the switch.
    simulator = await PlantSimulator.start({ lines: DEMO_LINES.length, port: 0, pkiDir, automatic: false, speeds: DEMO_LINES.map((line) => line.speed) });
    const endpoint = simulator.endpointUrl;
    const moved = await edge.call('PUT', '/api/opcservers', { token: admin, form: { key: demoServer.opcServerID, values: { hostName: endpoint } } });
    if (moved.status !== 200) throw new Error(`opc server: ${moved.text}`);
    await waitFor(async () => (await servers()).some((server) => server.opcServerID === demoServer.opcServerID && server.connected && server.endpointUrl === endpoint), 'the test simulator connected', 60_000);
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
