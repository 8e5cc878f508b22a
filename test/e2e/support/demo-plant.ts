import type { UiFiles } from '../../../edge/src/http/ui-files';
import type { PlantSimulator } from '../../../edge/src/acquisition/simulator/plant-simulator';
import { DEMO_LINES, DEMO_PASSWORD } from '../../../edge/src/demo/demo-plant';
import { demoSimulatorOf } from '../../../edge/src/demo/demo-simulator';
import { waitFor } from '../../support/simulated-plant';
import type { TestEdge } from '../../support/test-edge';
import { startUiEdge } from './edge';

/**
 * The demo plant (setup option demo: true) served with the built app, its four lines read from the demo's own
 * simulator: once setup has started it, the test holds every line running (the demo's random changes suspended) until
 * it stops one (`simulator.stopLine(n)`).
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

/** `serveUi`: files served in place of the built app's (see startUiEdge). */
export async function startDemoPlant(options: { serveUi?: (built: UiFiles) => UiFiles } = {}): Promise<DemoPlant> {
  const edge = await startUiEdge({ configured: false, serveUi: options.serveUi });
  try {
    const setup = await edge.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', demo: true } });
    if (!setup.body?.valid) throw new Error(`demo setup: ${setup.text}`);
    const token = async (userID: string) => {
      const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: userID, password: DEMO_PASSWORD } });
      if (login.status !== 200) throw new Error(`login ${userID}: ${login.text}`);
      return login.body.token as string;
    };
    const simulator = await demoSimulatorOf(edge.edge.plant);
    if (!simulator) throw new Error('the demo plant started no simulator');
    for (const line of DEMO_LINES) simulator.runLine(line.lineID);

    const db = edge.edge.plant.db!;
    const openStop = (lineID: number) =>
      db.selectFrom('stops').select('stopID').where('lineID', '=', lineID).where('endDate', 'is', null).executeTakeFirst();
    const plant: DemoPlant = {
      edge,
      simulator,
      token,
      async stopOpened(lineID) {
        return (await waitFor(async () => (await openStop(lineID))?.stopID, `an open stop on line ${lineID}`, 20_000))!;
      },
      async stopClosed(lineID) {
        await waitFor(async () => !(await openStop(lineID)), `line ${lineID} running`, 20_000);
      },
      async close() {
        await edge.close();
      },
    };
    // The engine reads every line, running: a stop the demo made before the hold is over.
    const admin = await token('admin');
    const servers = async () =>
      (await edge.call('GET', '/api/diagnostics/opcservers', { token: admin })).body as { endpointUrl: string; connected: boolean }[];
    await waitFor(
      async () => (await servers()).some((server) => server.connected && server.endpointUrl === simulator.endpointUrl),
      'the demo simulator connected',
      60_000,
    );
    for (const line of DEMO_LINES) await plant.stopClosed(line.lineID);
    return plant;
  } catch (error) {
    await edge.close();
    throw error;
  }
}
