import { PlantSimulator, type PlantSimulatorOptions } from '../../edge/src/acquisition/simulator/plant-simulator';

/**
 * The plant simulator in a process of its own, driven over IPC by test/support/simulator-process.ts: a real OPC UA
 * server the tests can kill (SIGKILL) like a PLC's server that crashes. A command may carry `atMs`, the source time
 * its change is published with (a change at a known instant, in the past, without waiting for it).
 */

type Command =
  | { id: number; cmd: 'stopLine' | 'runLine'; line: number; atMs?: number }
  | { id: number; cmd: 'produce'; line: number; units: number; discards?: number; atMs?: number }
  | { id: number; cmd: 'line'; line: number }
  | { id: number; cmd: 'stop' };

let clock: number | null = null;
const options = JSON.parse(process.argv[2] ?? '{}') as PlantSimulatorOptions;
const simulator = await PlantSimulator.start({ ...options, now: () => clock ?? Date.now() });

function at<T>(atMs: number | undefined, change: () => T): T {
  clock = atMs ?? null;
  try {
    return change();
  } finally {
    clock = null;
  }
}

process.on('message', async (message: Command) => {
  try {
    let result: unknown = null;
    switch (message.cmd) {
      case 'stopLine':
        at(message.atMs, () => simulator.stopLine(message.line));
        break;
      case 'runLine':
        at(message.atMs, () => simulator.runLine(message.line));
        break;
      case 'produce':
        at(message.atMs, () => simulator.produce(message.line, message.units, message.discards ?? 0));
        break;
      case 'line':
        result = simulator.line(message.line);
        break;
      case 'stop':
        await simulator.stop();
        break;
    }
    process.send?.({ id: message.id, result });
    if (message.cmd === 'stop') process.exit(0);
  } catch (error) {
    process.send?.({ id: message.id, error: (error as Error).message });
  }
});
process.send?.({ ready: true, endpointUrl: simulator.endpointUrl, port: simulator.port, modbusPort: simulator.modbus?.port ?? null });
