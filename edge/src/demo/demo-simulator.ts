import { join } from 'node:path';
import type { PlantSimulator, PlantSimulatorOptions } from '../acquisition/simulator/plant-simulator';
import { simulatorModbusAddress } from '../acquisition/simulator/modbus-server';
import { simulatorMqttAddress } from '../acquisition/simulator/mqtt-publisher';
import { SIMULATOR_PORT, simulatorNodeId } from '../acquisition/simulator/simulator-nodes';
import type { DEMO_SOURCES } from '../config';
import { parseModbusEndpoint } from '../domain/source-addresses';
import type { Database } from '../db/database';
import type { Plant } from '../plant';
import { DEMO_LINES } from './demo-plant';
import { demoServerEndpoint, lastCounters, readDemoSettings, setDemoSource } from './demo.repository';

type DemoSource = (typeof DEMO_SOURCES)[number];

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
 * free port, and the row follows). With `--source modbus` the simulator serves Modbus TCP instead (port 1502 unless
 * busy) and with `--source mqtt` it publishes to `--broker` (Sparkplug B, or JSON with `--payload json`): the demo
 * plant's server row and tag values are rewritten for that source, the tag names and line scripts stay. Its counters continue from the last readings the engine stored, so restarting
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
  const { source = 'opcua', broker, payload = 'sparkplug' } = plant.settings;
  const server = await demoServerEndpoint(db, demo.opcServerID);
  const endpoint = server?.hostName ?? null;
  const counters = await lastCounters(db);
  const options: PlantSimulatorOptions = {
    lines: demo.lines,
    host: '127.0.0.1',
    pkiDir: join(plant.settings.dataDir, 'pki'),
    speeds: DEMO_LINES.map((line) => line.speed),
    initial: Object.fromEntries([...counters].map(([lineID, counter]) => [lineID, counter])),
    firstChangeWithinMs: FIRST_CHANGE_WITHIN_MS,
    opcua: source === 'opcua',
    mqtt: source === 'mqtt' ? { url: broker!, payload } : undefined,
  };
  // node-opcua's server is loaded only for a demo plant.
  const { PlantSimulator } = await import('../acquisition/simulator/plant-simulator');
  const preferred =
    source === 'modbus'
      ? ((server?.serverType === 'Modbus' ? modbusPortOf(endpoint) : null) ?? DEMO_MODBUS_PORT)
      : (portOf(endpoint) ?? SIMULATOR_PORT);
  const start = (port: number) => PlantSimulator.start(source === 'modbus' ? { ...options, modbus: { port } } : { ...options, port });
  let simulator: PlantSimulator;
  try {
    simulator = await start(preferred);
  } catch (error) {
    // Expected when another program (another demo, a real server) holds the port: one line, no stack.
    plant.logger.info(`Demo simulator: port ${preferred} is not available (${firstLine(error)}); using a free port`);
    simulator = await start(0);
  }
  // The demo plant's server and tags follow the source of this run: the same tag names, read over another protocol.
  const wanted = demoSource(source, simulator, broker ?? '', payload);
  if (server?.serverType !== wanted.serverType || endpoint !== wanted.hostName) {
    const tagValues = new Map<string, string>();
    for (let line = 1; line <= demo.lines; line += 1) {
      for (const variable of DEMO_VARIABLES) tagValues.set(`Line${line}.${variable}`, wanted.tagValue(line, variable));
    }
    await setDemoSource(db, demo.opcServerID, { serverType: wanted.serverType, hostName: wanted.hostName }, tagValues);
    plant.emit('configurationChanged', { area: 'opc' });
  }
  plant.logger.info({ source, endpoint: wanted.hostName, lines: demo.lines }, 'Demo plant simulator running');
  return simulator;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}

/** The port the demo's Modbus server listens on, unless busy (the standard 502 needs privileges). */
const DEMO_MODBUS_PORT = 1502;
const DEMO_VARIABLES = ['Running', 'Units', 'Discards', 'Speed'] as const;

/** The demo plant's server row and each tag's value for a source. */
function demoSource(source: DemoSource, simulator: PlantSimulator, broker: string, payload: 'sparkplug' | 'json') {
  switch (source) {
    case 'modbus':
      return { serverType: 'Modbus' as const, hostName: `127.0.0.1:${simulator.modbus!.port}`, tagValue: simulatorModbusAddress };
    case 'mqtt':
      return {
        serverType: 'MQTT' as const,
        hostName: broker,
        tagValue: (line: number, variable: (typeof DEMO_VARIABLES)[number]) => simulatorMqttAddress(payload, line, variable),
      };
    case 'opcua':
      return { serverType: 'UA' as const, hostName: simulator.endpointUrl, tagValue: simulatorNodeId };
  }
}

function portOf(endpoint: string | null): number | null {
  const match = endpoint ? /^opc\.tcp:\/\/[^/:]+:(\d+)/i.exec(endpoint) : null;
  return match ? Number(match[1]) : null;
}

function modbusPortOf(endpoint: string | null): number | null {
  return endpoint ? (parseModbusEndpoint(endpoint)?.port ?? null) : null;
}
