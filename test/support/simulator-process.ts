import { type ChildProcess, fork } from 'node:child_process';
import type { PlantSimulatorOptions } from '../../edge/src/acquisition/simulator/plant-simulator';
import type { LineSnapshot } from '../../edge/src/acquisition/simulator/line-model';
import { bundledEntry, childEnv, ROOT } from './bundled-entry';

/**
 * The project's OPC UA plant simulator in its own process (test/support/simulator-child.ts, see bundledEntry).
 * Commands go over IPC and answer when applied; `kill()` ends the process with SIGKILL, as a server that crashes.
 */

type Options = Omit<PlantSimulatorOptions, 'now'>;

export class SimulatorProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly endpointUrl: string,
    readonly port: number,
    /** The Modbus TCP server's port, when the simulator serves Modbus (options.modbus). */
    readonly modbusPort: number | null,
  ) {
    this.exited = new Promise((done) => child.once('exit', () => done()));
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      const waiter = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!waiter || message.id === undefined) return;
      this.waiting.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
    child.once('exit', () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error('the simulator process exited'));
      this.waiting.clear();
    });
  }

  /** Starts a simulator process; resolves once its server listens. */
  static async start(options: Options): Promise<SimulatorProcess> {
    const child = fork(await bundledEntry('test/support/simulator-child.ts'), [JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: childEnv(),
    });
    const ready = await new Promise<{ endpointUrl: string; port: number; modbusPort: number | null }>((resolveReady, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the simulator process exited with ${code} before it listened`)));
      child.on('message', (message: { ready?: boolean; endpointUrl: string; port: number; modbusPort: number | null }) => {
        if (message.ready) resolveReady(message);
      });
    });
    child.removeAllListeners('exit');
    child.removeAllListeners('error');
    return new SimulatorProcess(child, ready.endpointUrl, ready.port, ready.modbusPort);
  }

  private send<T>(command: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolveCall, reject) => {
      this.waiting.set(id, { resolve: resolveCall as (value: unknown) => void, reject });
      this.child.send({ ...command, id });
    });
  }

  /** Holds the line stopped; `atMs`: the source time of the change (default now). */
  stopLine(line: number, atMs?: number): Promise<void> {
    return this.send({ cmd: 'stopLine', line, atMs });
  }

  runLine(line: number, atMs?: number): Promise<void> {
    return this.send({ cmd: 'runLine', line, atMs });
  }

  produce(line: number, units: number, discards = 0, atMs?: number): Promise<void> {
    return this.send({ cmd: 'produce', line, units, discards, atMs });
  }

  line(line: number): Promise<LineSnapshot> {
    return this.send({ cmd: 'line', line });
  }

  /** A crash: SIGKILL, nothing said to the clients. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A clean shutdown of the server, then of the process. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.send({ cmd: 'stop' }).catch(() => undefined);
    await this.exited;
  }
}
