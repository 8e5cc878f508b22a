import { join } from 'node:path';
import {
  DataType,
  MessageSecurityMode,
  type Namespace,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  StatusCodes,
  type UAVariable,
  Variant,
} from 'node-opcua';
import { VERSION } from '../../config';
import { standardNodeset } from '../../executable/opcua-standard-nodeset';
import { DEFAULT_LINE_MODEL, type LineSnapshot, seededRandom, SimulatedLine } from './line-model';
import { SimulatorModbusServer } from './modbus-server';
import { SimulatorMqttPublisher } from './mqtt-publisher';
import { SIMULATOR_NAMESPACE_URI, SIMULATOR_PORT, SIMULATOR_VARIABLES, type SimulatorDataType } from './simulator-nodes';

/**
 * An OPC UA server (node-opcua) that simulates a plant's lines, for the demo, the tests and the benchmark. Per line
 * `Line<n>` it publishes, in namespace SIMULATOR_NAMESPACE_URI:
 *   Line<n>.Running  Boolean   the beacon
 *   Line<n>.Units    UInt32    absolute units counter
 *   Line<n>.Discards UInt32    absolute discards counter
 *   Line<n>.Speed    Double    current speed, units per minute
 *   Line<n>.Process<k> Double  optional process values (temperatures, pressures…) that wander every second
 * Lines run and stop by themselves (automatic mode) or are held by the caller: `stopLine(2)`, `runLine(2)`,
 * `produce(2, 10)`, `resumeAutomatic(2)`. Values are pushed with setValueFromSource, so subscribers see a change
 * immediately with its source timestamp.
 *
 * The same lines can also be served over Modbus TCP (`modbus`: simulator/modbus-server.ts) and published to an MQTT
 * broker (`mqtt`: simulator/mqtt-publisher.ts), with or without the OPC UA server (`opcua: false`).
 */

export { SIMULATOR_NAMESPACE_URI, SIMULATOR_PORT, SIMULATOR_VARIABLES, simulatorNodeId } from './simulator-nodes';
/** How often a slice of the process values changes (see startWandering). */
const WANDER_TICK_MS = 50;

export interface PlantSimulatorOptions {
  /** Number of lines, numbered 1..lines. */
  lines: number;
  /** Serve the lines over OPC UA (default true). */
  opcua?: boolean;
  /** Serve the lines over Modbus TCP too, on this port (0: a free one) of `host`. */
  modbus?: { port: number };
  /** Publish the lines to this broker too, as Sparkplug B or plain JSON. */
  mqtt?: { url: string; payload: 'sparkplug' | 'json' };
  /** TCP port; 0 picks a free one. Default SIMULATOR_PORT. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Folder for the server's certificates (created on first start). */
  pkiDir: string;
  /** Lines change state by themselves (default true). */
  automatic?: boolean;
  /** Seed of the random behaviour (default: from the clock). */
  seed?: number;
  /** Nominal speed per line, units per minute (default 60, 80, 100, … by line). */
  speeds?: readonly number[];
  /** Counters and state to start from, per line number (a restarted PLC keeps its counters). */
  initial?: Readonly<Record<number, { units?: number; discards?: number; running?: boolean }>>;
  /** In automatic mode, each line's first change comes within this time (the demo shows stops within a minute). */
  firstChangeWithinMs?: number;
  /** Extra process values per line, each changing once every `processChangeMs`, spread over it (benchmark load). */
  processTagsPerLine?: number;
  processChangeMs?: number;
  /** The server's MaxMonitoredItemsPerCall (default 1000): clients must create items in groups no larger. */
  maxMonitoredItemsPerCall?: number;
  /** How often the simulation advances (default 500 ms). */
  tickMs?: number;
  now?: () => number;
  /**
   * What the server requires (default: security None and anonymous, as a plain PLC). With `modes`/`policies` it offers
   * only those endpoints; with `users` it accepts only those user names and passwords (and no anonymous session).
   * The server trusts any client certificate: the client's side of the trust is what the edge is tested on.
   */
  security?: {
    modes: readonly ('None' | 'Sign' | 'SignAndEncrypt')[];
    policies: readonly ('None' | 'Basic256Sha256' | 'Aes128_Sha256_RsaOaep' | 'Aes256_Sha256_RsaPss')[];
    users?: readonly { userName: string; password: string }[];
  };
}

interface LineNodes {
  running: UAVariable;
  units: UAVariable;
  discards: UAVariable;
  speed: UAVariable;
  process: UAVariable[];
}

export class PlantSimulator {
  private readonly lines = new Map<number, SimulatedLine>();
  private readonly nodes = new Map<number, LineNodes>();
  /** What each line showed when last published. */
  private readonly last = new Map<number, LineSnapshot>();
  /** The Modbus TCP server, when asked for (see `modbus`). */
  modbus: SimulatorModbusServer | null = null;
  /** The MQTT publisher, when asked for (see `mqtt`). */
  mqtt: SimulatorMqttPublisher | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  /** Process values changed so far (see startWandering). */
  processChanges = 0;
  /** Read once the server listens (node-opcua forgets its endpoints on shutdown). */
  endpointUrl = '';
  port = 0;

  private constructor(
    private readonly server: OPCUAServer | null,
    private readonly options: PlantSimulatorOptions,
    private readonly now: () => number,
  ) {}

  /** Creates, fills and starts the server; resolves once it listens. */
  static async start(options: PlantSimulatorOptions): Promise<PlantSimulator> {
    const host = options.host ?? '127.0.0.1';
    const server = options.opcua === false ? null : await PlantSimulator.createOpcUaServer(options, host);
    const simulator = new PlantSimulator(server, options, options.now ?? Date.now);
    try {
      if (options.modbus) simulator.modbus = await SimulatorModbusServer.start({ lines: options.lines, port: options.modbus.port, host });
      if (options.mqtt) simulator.mqtt = new SimulatorMqttPublisher(options.mqtt.url, options.mqtt.payload, simulator.now);
      simulator.build();
      if (server) await server.start();
    } catch (error) {
      // A busy port: release what was taken, so the caller may try another port.
      await simulator.modbus?.stop();
      await simulator.mqtt?.stop();
      await server?.shutdown(0).catch(() => undefined);
      throw error;
    }
    if (server) {
      simulator.endpointUrl = server.getEndpointUrl();
      simulator.port = Number(new URL(simulator.endpointUrl.replace(/^opc\.tcp:/, 'http:')).port);
    }
    simulator.startTicking();
    return simulator;
  }

  private static async createOpcUaServer(options: PlantSimulatorOptions, host: string): Promise<OPCUAServer> {
    const server = new OPCUAServer({
      port: options.port ?? SIMULATOR_PORT,
      host,
      hostname: host === '0.0.0.0' || host === '::' ? undefined : host,
      serverCertificateManager: new OPCUACertificateManager({
        rootFolder: join(options.pkiDir, 'simulator'),
        automaticallyAcceptUnknownCertificate: true,
      }),
      userCertificateManager: new OPCUACertificateManager({
        rootFolder: join(options.pkiDir, 'simulator-users'),
        automaticallyAcceptUnknownCertificate: true,
      }),
      nodesets: [standardNodeset()],
      securityModes: (options.security?.modes ?? ['None']).map((mode) => MessageSecurityMode[mode]),
      securityPolicies: (options.security?.policies ?? ['None']).map((policy) => SecurityPolicy[policy]),
      allowAnonymous: !options.security?.users,
      userManager: {
        isValidUser: (userName: string, password: string) =>
          options.security?.users?.some((user) => user.userName === userName && user.password === password) ?? false,
      },
      buildInfo: { productName: 'OEE edge plant simulator', manufacturerName: 'OEE edge', softwareVersion: VERSION },
      serverCapabilities: { operationLimits: { maxMonitoredItemsPerCall: options.maxMonitoredItemsPerCall ?? 1_000 } },
    });
    await server.initialize();
    return server;
  }

  get lineCount(): number {
    return this.options.lines;
  }

  /** What a line shows now. */
  line(lineNumber: number): LineSnapshot {
    const line = this.lineNumbered(lineNumber);
    line.advance(this.now());
    return line.snapshot();
  }

  /**
   * Stops the line now and holds it stopped (automatic changes suspended for it). Answers the source timestamp of
   * the change (epoch ms), the time a subscriber sees on it.
   */
  stopLine(lineNumber: number): number {
    return this.hold(lineNumber, false);
  }

  /** Starts the line now and holds it running; answers the source timestamp of the change, as stopLine. */
  runLine(lineNumber: number): number {
    return this.hold(lineNumber, true);
  }

  resumeAutomatic(lineNumber: number): void {
    this.lineNumbered(lineNumber).resume(this.now());
  }

  /** Adds units and discards to the line's counters now. */
  produce(lineNumber: number, units: number, discards = 0): void {
    const line = this.lineNumbered(lineNumber);
    line.advance(this.now());
    line.produce(units, discards);
    this.publish(lineNumber);
  }

  /** Nominal speed from now on; 0 makes the counters move only with `produce`. */
  setSpeed(lineNumber: number, speedPerMinute: number): void {
    this.lineNumbered(lineNumber).setSpeed(speedPerMinute, this.now());
  }

  /** Shuts the server down (clients see the connection drop). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.modbus?.stop();
    await this.mqtt?.stop();
    await this.server?.shutdown(0);
  }

  private hold(lineNumber: number, running: boolean): number {
    const now = this.now();
    this.lineNumbered(lineNumber).hold(running, now);
    this.publish(lineNumber, now);
    return now;
  }

  private lineNumbered(lineNumber: number): SimulatedLine {
    const line = this.lines.get(lineNumber);
    if (!line) throw new Error(`The simulator has no line ${lineNumber} (lines 1..${this.options.lines})`);
    return line;
  }

  private build(): void {
    const addressSpace = this.server ? this.server.engine.addressSpace : null;
    if (this.server && !addressSpace) throw new Error('The OPC UA address space is not ready');
    const namespace = addressSpace?.registerNamespace(SIMULATOR_NAMESPACE_URI);
    const plant = addressSpace && namespace?.addFolder(addressSpace.rootFolder.objects, { browseName: 'Plant' });
    const random = seededRandom(this.options.seed ?? this.now());
    const now = this.now();
    for (let lineNumber = 1; lineNumber <= this.options.lines; lineNumber += 1) {
      const initial = this.options.initial?.[lineNumber] ?? {};
      const firstChangeInMs = this.options.firstChangeWithinMs
        ? 5_000 + random() * Math.max(0, this.options.firstChangeWithinMs - 5_000)
        : undefined;
      const line = new SimulatedLine(
        { ...DEFAULT_LINE_MODEL, speedPerMinute: this.options.speeds?.[lineNumber - 1] ?? 60 + 20 * ((lineNumber - 1) % 5), random },
        now,
        { ...initial, firstChangeInMs },
      );
      line.automatic = this.options.automatic ?? true;
      this.lines.set(lineNumber, line);
      if (namespace && plant) this.nodes.set(lineNumber, this.addLineNodes(namespace, plant, lineNumber));
      this.publish(lineNumber);
    }
  }

  private addLineNodes(namespace: Namespace, folder: Parameters<Namespace['addObject']>[0]['organizedBy'], lineNumber: number): LineNodes {
    const object = namespace.addObject({ organizedBy: folder, browseName: `Line${lineNumber}` });
    const variable = (name: string, dataType: SimulatorDataType) =>
      namespace.addVariable({
        componentOf: object,
        browseName: name,
        nodeId: `s=Line${lineNumber}.${name}`,
        dataType,
        minimumSamplingInterval: 0,
      });
    const [running, units, discards, speed] = SIMULATOR_VARIABLES.map(({ name, dataType }) => variable(name, dataType)) as [
      UAVariable,
      UAVariable,
      UAVariable,
      UAVariable,
    ];
    const process: UAVariable[] = [];
    for (let k = 1; k <= (this.options.processTagsPerLine ?? 0); k += 1) process.push(variable(`Process${k}`, 'Double'));
    return { running, units, discards, speed, process };
  }

  private startTicking(): void {
    const tick = setInterval(() => {
      for (const lineNumber of this.lines.keys()) this.publish(lineNumber);
    }, this.options.tickMs ?? 500);
    this.timers.push(tick);
    if ((this.options.processTagsPerLine ?? 0) > 0) this.startWandering();
  }

  /**
   * Process values change each once per `processChangeMs`, spread evenly over that period in slices every
   * WANDER_TICK_MS (a PLC's values do not all change in the same millisecond, and one burst of tens of thousands of
   * changes would hold the server, and the beacon changes behind it, for a long moment).
   */
  private startWandering(): void {
    const random = seededRandom((this.options.seed ?? 1) + 7);
    const all = [...this.nodes.values()].flatMap((nodes) => nodes.process);
    const periodMs = this.options.processChangeMs ?? 1_000;
    const tickMs = Math.min(WANDER_TICK_MS, periodMs);
    let owed = 0;
    let next = 0;
    let last = this.now();
    const wander = setInterval(() => {
      const now = this.now();
      const sourceTimestamp = new Date(now);
      // By the time elapsed, not per tick: a late timer (a busy machine) still keeps the rate; one period at most.
      owed = Math.min(all.length, owed + (all.length * (now - last)) / periodMs);
      last = now;
      for (; owed >= 1; owed -= 1) {
        const value = 50 + 10 * random();
        all[next]!.setValueFromSource(new Variant({ dataType: DataType.Double, value }), StatusCodes.Good, sourceTimestamp);
        next = (next + 1) % all.length;
        this.processChanges += 1;
      }
    }, tickMs);
    this.timers.push(wander);
  }

  /** Advances a line to `now` and writes the variables that changed, stamped `now`. */
  private publish(lineNumber: number, now = this.now()): void {
    if (this.stopped) return;
    const line = this.lineNumbered(lineNumber);
    line.advance(now);
    const next = line.snapshot();
    const last = this.last.get(lineNumber);
    this.last.set(lineNumber, next);
    this.modbus?.update(lineNumber, next);
    this.mqtt?.update(lineNumber, next, now);
    const nodes = this.nodes.get(lineNumber);
    if (!nodes) return;
    const sourceTimestamp = new Date(now);
    const set = (node: UAVariable, dataType: DataType, value: number | boolean) =>
      node.setValueFromSource(new Variant({ dataType, value }), StatusCodes.Good, sourceTimestamp);
    if (last?.running !== next.running) set(nodes.running, DataType.Boolean, next.running);
    if (last?.units !== next.units) set(nodes.units, DataType.UInt32, next.units);
    if (last?.discards !== next.discards) set(nodes.discards, DataType.UInt32, next.discards);
    if (last?.speed !== next.speed) set(nodes.speed, DataType.Double, Math.round(next.speed * 10) / 10);
  }
}
