import { join } from 'node:path';
import type { PlantSimulator, PlantSimulatorOptions } from '../acquisition/simulator/plant-simulator';
import { SIMULATOR_PORT } from '../acquisition/simulator/simulator-nodes';
import type { Database } from '../db/database';
import type { Plant } from '../plant';
import { DEMO_LINES } from './demo-plant';
import { demoServerEndpoint, lastCounters, readDemoSettings, setDemoServerEndpoint } from './demo.repository';

/** In automatic mode every demo line changes state within this time, so the first stops show within a minute. */
const FIRST_CHANGE_WITHIN_MS = 45_000;

export interface DemoSimulatorHandle {
  stop(): Promise<void>;
}

const simulators = new WeakMap<Plant, Promise<PlantSimulator | null>>();

/**
 * The demo plant's simulator once it runs, its endpoint written into the plant's OPC server row (null when the plant
 * is no demo, or before setup). After this the demo writes the row no more: a test may point it elsewhere.
 */
export function demoSimulatorOf(plant: Plant): Promise<PlantSimulator | null> {
  return simulators.get(plant) ?? Promise.resolve(null);
}

/**
 * A demo plant brings its own OPC UA server: when the plant's database is a demo plant (see demo-plant.ts), the
 * simulator starts in-process on 127.0.0.1, on the port its OPC server row names when that port is free (else on any
 * free port, and the row follows). Its counters continue from the last readings the engine stored, so restarting
 * the demo neither loses nor invents production. Stopped after the acquisition, at close.
 */
export function attachDemoSimulator(plant: Plant): DemoSimulatorHandle {
  let running: Promise<PlantSimulator | null> = Promise.resolve(null);
  plant.on('configured', (db) => {
    running = startIfDemo(plant, db).catch((error: unknown) => {
      plant.logger.error({ err: error }, 'The demo plant simulator failed to start');
      return null;
    });
    simulators.set(plant, running);
  });
  return {
    async stop() {
      await (await running)?.stop();
    },
  };
}

async function startIfDemo(plant: Plant, db: Database): Promise<PlantSimulator | null> {
  const demo = await readDemoSettings(db);
  if (!demo) return null;
  const endpoint = (await demoServerEndpoint(db, demo.opcServerID))?.hostName ?? null;
  const counters = await lastCounters(db);
  const options: PlantSimulatorOptions = {
    lines: demo.lines,
    host: '127.0.0.1',
    pkiDir: join(plant.settings.dataDir, 'pki'),
    speeds: DEMO_LINES.map((line) => line.speed),
    initial: Object.fromEntries([...counters].map(([lineID, counter]) => [lineID, counter])),
    firstChangeWithinMs: FIRST_CHANGE_WITHIN_MS,
  };
  // node-opcua's server is loaded only for a demo plant.
  const { PlantSimulator } = await import('../acquisition/simulator/plant-simulator');
  const port = portOf(endpoint) ?? SIMULATOR_PORT;
  let simulator: PlantSimulator;
  try {
    simulator = await PlantSimulator.start({ ...options, port });
  } catch (error) {
    // Expected when another program (another demo, a real OPC UA server) holds the port: one line, no stack.
    plant.logger.info(`Demo simulator: port ${port} is not available (${firstLine(error)}); using a free port`);
    simulator = await PlantSimulator.start({ ...options, port: 0 });
  }
  if (simulator.endpointUrl !== endpoint) {
    await setDemoServerEndpoint(db, demo.opcServerID, simulator.endpointUrl);
    plant.emit('configurationChanged', { area: 'opc' });
  }
  plant.logger.info({ endpoint: simulator.endpointUrl, lines: demo.lines }, 'Demo plant simulator running');
  return simulator;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}

function portOf(endpoint: string | null): number | null {
  const match = endpoint ? /^opc\.tcp:\/\/[^/:]+:(\d+)/i.exec(endpoint) : null;
  return match ? Number(match[1]) : null;
}
