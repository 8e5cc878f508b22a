// OPC UA acquisition under load: 5,000 monitored items changing about once a second, served by the plant simulator in
// its own process. Three clients, each in its own process, subscribe the same items at the same time:
//   1. a bare node-opcua client with the same subscription parameters (the floor);
//   2. the acquisition alone (connection, tag cache, line scripts) with its samples dropped;
//   3. the edge (acquisition, the OEE engine storing samples and refreshing indexes, HTTP server idle).
// They are measured side by side over the same windows, so what else the machine does at that moment weighs on all
// three alike (measured one after the other, the bare client's own figure varied threefold between runs). Two phases
// of PHASE_MS: 'steady' (a line stops every 2 s, a busy plant) and 'stops' (a line stops every 250 ms, to time many
// stops). Printed: CPU use, notifications per second, GC pauses and heap of each, and for the edge the time from a line's beacon
// change at the source to its stop being stored (p50, p99). Last, the simulator shuts down, and for the edge the time
// from then until each line is stored as disconnected (its reason-4 stop) is printed.
// Targets: edge CPU ≤ 1.5 × the bare client's (steady phase, the median of its 10-s windows), p99 < 250 ms, every
// line disconnected < 3 s after the shutdown.
//
// One file, several roles: the orchestrator forks this same bundle as `simulator`, `bare`, `acquisition` and `edge`.
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  AttributeIds,
  ClientMonitoredItemGroup,
  OPCUACertificateManager,
  OPCUAClient,
  setErrorLogger,
  setWarningLogger,
  TimestampsToReturn,
  VariableIds,
} from 'node-opcua';
import pino from 'pino';
import { AcquisitionManager, acquisitionOf } from '../../edge/src/acquisition/index';
import { PUBLISHING_INTERVAL_MS } from '../../edge/src/acquisition/ua-server-connection';
import { PlantSimulator, SIMULATOR_NAMESPACE_URI, simulatorNodeId } from '../../edge/src/acquisition/simulator/plant-simulator';
import type { Settings } from '../../edge/src/config';
import type { Database } from '../../edge/src/db/database';
import { openPlantDatabase } from '../../edge/src/db/installation';
import { encodeStoredScript } from '../../edge/src/domain/script';
import { configure } from '../../edge/src/modules/setup/setup.service';
import { startEdge } from '../../edge/src/server';

const LINES = 50;
const PROCESS_TAGS_PER_LINE = 96; // + Running, Units, Discards, Speed = 100 items per line
const ITEMS = LINES * (PROCESS_TAGS_PER_LINE + 4);
const WARM_UP_MS = 5_000;
/** Long enough to span several of the engine's periodic index refreshes (every 10 s) and GC cycles. */
const PHASE_MS = Number(process.env.BENCH_OPCUA_PHASE_SECONDS ?? 60) * 1_000;
/** Per phase, one line is stopped (and started again half a period later) this often. */
const PHASES = [
  { name: 'steady', stopEveryMs: 2_000 },
  { name: 'stops', stopEveryMs: 250 },
] as const;
type PhaseName = (typeof PHASES)[number]['name'];
type PhaseResult = { cpu: number; windows: number[]; gcShare: number; heapMB: number; perSecond: number; p50?: number; p99?: number; stops?: number; storesPerSecond?: number; unknownSamples?: number };
/** After the simulator's shutdown: the lines stored as disconnected, and how long after it (ms). */
type DisconnectionResult = { lines: number; p50: number; max: number };

type Message = { type: string; [key: string]: unknown };
const send = (message: Message) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => {
  setWarningLogger(() => undefined);
  setErrorLogger(() => undefined);
};

/** With BENCH_PROFILE_DIR set, a CPU profile of the measured window of each role is written there. */
async function profileWindow(role: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${role}.cpuprofile`), JSON.stringify(profile));
  };
}

/**
 * The phase is also cut in windows of this length, the same for the three clients: a spike of one client (a
 * collection, the machine busy elsewhere) then weighs on one window, and the target is judged on the median of the
 * windows' ratios.
 */
const WINDOW_MS = 10_000;

/** CPU use of this process over a window, as a share of one core. */
function cpuMeter() {
  const startCpu = process.cpuUsage();
  const startWall = performance.now();
  return () => {
    const cpu = process.cpuUsage(startCpu);
    return (cpu.user + cpu.system) / 1_000 / (performance.now() - startWall);
  };
}

/** Waits out a phase: this process's CPU share over the whole of it and over each WINDOW_MS of it. */
async function meterPhase(): Promise<{ cpu: number; windows: number[]; gcShare: number; heapMB: number }> {
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  const whole = cpuMeter();
  const windows: number[] = [];
  for (let elapsed = 0; elapsed < PHASE_MS; elapsed += WINDOW_MS) {
    const window = cpuMeter();
    await sleep(Math.min(WINDOW_MS, PHASE_MS - elapsed));
    windows.push(window());
  }
  gc.disconnect();
  return { cpu: whole(), windows, gcShare: gcMs / PHASE_MS, heapMB: process.memoryUsage().heapUsed / 2 ** 20 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Roles.

async function simulatorRole(pkiDir: string): Promise<void> {
  quiet();
  const simulator = await PlantSimulator.start({
    lines: LINES,
    port: 0,
    pkiDir,
    automatic: false,
    speeds: Array(LINES).fill(60),
    processTagsPerLine: PROCESS_TAGS_PER_LINE,
    processChangeMs: 1_000,
    tickMs: 1_000,
    maxMonitoredItemsPerCall: 1_000,
  });
  process.on('message', (message: Message) => {
    if (message.type === 'stop') simulator.stopLine(message.line as number);
    if (message.type === 'run') simulator.runLine(message.line as number);
    if (message.type === 'shutdown') {
      const at = Date.now();
      void simulator.stop().then(() => send({ type: 'down', at }));
    }
    if (message.type === 'exit') void simulator.stop().then(() => process.exit(0));
  });
  send({ type: 'ready', endpoint: simulator.endpointUrl });
}

/** The floor: node-opcua alone, same subscription parameters and groups as the edge, counting notifications. */
async function bareRole(endpoint: string, pkiDir: string): Promise<void> {
  quiet();
  const client = OPCUAClient.create({ endpointMustExist: false, clientCertificateManager: new OPCUACertificateManager({ rootFolder: pkiDir, automaticallyAcceptUnknownCertificate: true }) });
  await client.connect(endpoint);
  const session = await client.createSession();
  const namespaces = (await session.read({ nodeId: `i=${VariableIds.Server_NamespaceArray}`, attributeId: AttributeIds.Value })).value.value as string[];
  const ns = namespaces.indexOf(SIMULATOR_NAMESPACE_URI);
  const subscription = await session.createSubscription2({ requestedPublishingInterval: PUBLISHING_INTERVAL_MS, requestedMaxKeepAliveCount: 20, requestedLifetimeCount: 200, maxNotificationsPerPublish: 0, publishingEnabled: true, priority: 10 });
  let notifications = 0;
  const nodes = allNodeIds().map((nodeId) => nodeId.replace(`nsu=${SIMULATOR_NAMESPACE_URI};`, `ns=${ns};`));
  for (let start = 0; start < nodes.length; start += 1_000) {
    const group = ClientMonitoredItemGroup.create(
      subscription,
      nodes.slice(start, start + 1_000).map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
      { samplingInterval: 0, queueSize: 1, discardOldest: true },
      TimestampsToReturn.Both,
    );
    group.on('changed', () => (notifications += 1));
    await new Promise((resolve) => group.once('initialized', resolve));
  }
  await servePhases('bare', async () => {
    const before = notifications;
    return { ...(await meterPhase()), perSecond: ((notifications - before) * 1_000) / PHASE_MS };
  });
  await client.disconnect();
  process.exit(0);
}

/**
 * A client's side of the measurement: ready once warmed up, then one window per 'measure' from the orchestrator
 * (profiled with BENCH_PROFILE_DIR), until 'exit'.
 */
async function servePhases(role: string, window: (order: Message) => Promise<PhaseResult | DisconnectionResult>): Promise<void> {
  await sleep(WARM_UP_MS);
  const orders: Message[] = [];
  let wake: (() => void) | null = null;
  process.on('message', (message: Message) => {
    orders.push(message);
    wake?.();
  });
  send({ type: 'ready' });
  for (;;) {
    while (orders.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const order = orders.shift()!;
    if (order.type === 'exit') return;
    const stopProfile = await profileWindow(`${role}-${String(order.name)}`);
    const result = await window(order);
    await stopProfile();
    send({ type: 'measured', name: order.name, result });
  }
}

/** Tags for every item and lines whose scripts read them (the beacon script also reads a process value). */
async function configurePlant(db: Database, endpoint: string): Promise<void> {
  const stored = (expression: string) => encodeStoredScript({ expression, edited: true, tags: [] });
  await db.transaction().execute(async (trx) => {
    const server = await trx.insertInto('opc_servers').values({ name: 'Simulator', description: null, hostName: endpoint, serverType: 'UA', enabled: 1, apiKeyHash: null }).returning('opcServerID').executeTakeFirstOrThrow();
    const sector = await trx.insertInto('sectors').values({ sectorName: 'Bench', buildingId: null }).returning('sectorID').executeTakeFirstOrThrow();
    for (const nodeId of allNodeIds()) {
      const tagName = /s=(.+)$/.exec(nodeId)![1]!;
      const tagType = tagName.endsWith('Running') ? 'Boolean' : tagName.endsWith('Units') || tagName.endsWith('Discards') ? 'UInt32' : 'Double';
      await trx.insertInto('opc_tags').values({ tagName, tagType, opcServerID: server.opcServerID, tagValue: nodeId }).execute();
    }
    for (let line = 1; line <= LINES; line += 1) {
      await trx
        .insertInto('lines')
        .values({
          lineID: line,
          sectorID: sector.sectorID,
          description: `Line ${line}`,
          calculationBaliza: stored(`Line${line}.Running and Line${line}.Process1 > -1000`),
          calculationUnits: stored(`Line${line}.Units`),
          calculationDiscards: stored(`Line${line}.Discards`),
          fixedThroughput: null,
          updatedBy: null,
          updateDate: null,
        })
        .execute();
    }
  });
}

/**
 * Measures an acquisition window by window: CPU, values received, and beacon change → samples stored; on the
 * 'disconnection' order, how long after the simulator's shutdown (`since`) every line was stored as disconnected.
 */
async function servePhasesOf(role: string, manager: AcquisitionManager): Promise<void> {
  const received = () => manager.serverStatuses().reduce((sum, status) => sum + status.valuesReceived, 0);
  let latencies: number[] = [];
  let stores = 0;
  let unknownSamples = 0;
  const wasRunning = new Map<number, boolean>();
  /** When each line seen so far was first stored in an unknown state (its server gone) since it was last known. */
  const lostAt = new Map<number, number>();
  manager.evaluator.on('stored', (samples, storedAt) => {
    stores += 1;
    for (const sample of samples) {
      if (sample.running === null) unknownSamples += 1;
      if (sample.running === false && wasRunning.get(sample.lineID) === true) latencies.push(storedAt - sample.atMs);
      if (sample.running !== null) wasRunning.set(sample.lineID, sample.running);
      if (sample.running === null && !lostAt.has(sample.lineID)) lostAt.set(sample.lineID, storedAt);
      if (sample.running !== null) lostAt.delete(sample.lineID);
    }
  });
  const disconnection = async (since: number): Promise<DisconnectionResult> => {
    const delays = () => [...lostAt.values()].filter((at) => at >= since).map((at) => at - since);
    for (let attempt = 0; attempt < 600 && delays().length < LINES; attempt += 1) await sleep(100);
    return { lines: delays().length, p50: percentile(delays(), 50), max: Math.max(...delays()) };
  };
  for (let attempt = 0; attempt < 1_200 && wasRunning.size < LINES; attempt += 1) await sleep(100);
  await servePhases(role, async (order) => {
    if (order.name === 'disconnection') return disconnection(order.since as number);
    const before = received();
    latencies = [];
    stores = 0;
    unknownSamples = 0;
    const cpu = await meterPhase();
    return { ...cpu, perSecond: ((received() - before) * 1_000) / PHASE_MS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), stops: latencies.length, storesPerSecond: (stores * 1_000) / PHASE_MS, unknownSamples };
  });
}

/** The acquisition alone (connection, tag cache, scripts), its samples dropped: no engine, no HTTP server. */
async function acquisitionRole(endpoint: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oee-bench-acquisition-'));
  const { db } = await openPlantDatabase(join(dataDir, 'oee.db'));
  await configurePlant(db, endpoint);
  const manager = new AcquisitionManager({ db, sink: { ingest: async () => undefined }, logger: pino({ level: 'silent' }), now: Date.now, pkiDir: join(dataDir, 'pki') });
  await manager.start();
  await servePhasesOf('acquisition', manager);
  await manager.stop();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

/** The edge: a real edge (HTTP server, acquisition, the OEE engine storing samples, its index jobs). */
async function edgeRole(endpoint: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oee-bench-edge-'));
  const settings: Settings = Object.freeze({ command: 'serve', port: 0, host: '127.0.0.1', dataDir, timeZone: 'UTC', logLevel: 'warn', args: [], failedSignInsPerMinute: 30 });
  const edge = await startEdge({ settings, stdout: false });
  const setup = await configure(edge.plant, { databaseSelected: 'sqlite' }, 'en');
  if (!setup.valid) throw new Error(setup.error ?? 'setup failed');
  await configurePlant(edge.plant.db!, endpoint);
  edge.plant.emit('configurationChanged', { area: 'bench' });
  await servePhasesOf('edge', acquisitionOf(edge.plant)!);
  await edge.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

function allNodeIds(): string[] {
  const ids: string[] = [];
  for (let line = 1; line <= LINES; line += 1) {
    for (const variable of ['Running', 'Units', 'Discards', 'Speed']) ids.push(simulatorNodeId(line, variable));
    for (let k = 1; k <= PROCESS_TAGS_PER_LINE; k += 1) ids.push(simulatorNodeId(line, `Process${k}`));
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestrator.

/**
 * The children run a private copy of this bundle: `npm run bench` deletes its bundle folder when it ends, and another
 * run may end while this one still forks. The copy sits beside it, so packages resolve the same way.
 */
let bundleCopy: string | null = null;

function child(role: string, args: string[]): ChildProcess {
  if (!bundleCopy) {
    const folder = mkdtempSync(join(dirname(dirname(process.argv[1]!)), 'oee-bench-opcua-'));
    bundleCopy = join(folder, 'bench.mjs');
    copyFileSync(process.argv[1]!, bundleCopy);
  }
  return fork(bundleCopy, [role, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function next(worker: ChildProcess, type: string, timeoutMs = 120_000): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${type}' from the child within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('exit', (code) => reject(new Error(`child exited (${code}) before '${type}'`)));
  });
}

/** Stops one line after another (each starts again half a period later) until `done` settles. */
async function toggleLines(simulator: ChildProcess, everyMs: number, done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true));
  let line = 1;
  for (let round = 0; round < 100_000 && !finished; round += 1) {
    simulator.send({ type: 'stop', line });
    await sleep(everyMs / 2);
    simulator.send({ type: 'run', line });
    await sleep(everyMs / 2);
    line = (line % LINES) + 1;
  }
}

type Role = 'bare' | 'acquisition' | 'edge';

/**
 * Starts the three clients, then measures them together window by window while driving the simulator's stops; last,
 * shuts the simulator down and measures how soon the edge stores every line as disconnected.
 */
async function measureSideBySide(
  simulator: ChildProcess,
  endpoint: string,
  pkiDir: string,
): Promise<{ phases: Record<Role, Record<PhaseName, PhaseResult>>; disconnection: DisconnectionResult }> {
  const workers: Record<Role, ChildProcess> = {
    bare: child('bare', [endpoint, join(pkiDir, 'bare')]),
    acquisition: child('acquisition', [endpoint]),
    edge: child('edge', [endpoint]),
  };
  const roles = Object.keys(workers) as Role[];
  try {
    await Promise.all(roles.map((role) => next(workers[role], 'ready', 180_000)));
    const results = { bare: {}, acquisition: {}, edge: {} } as Record<Role, Record<PhaseName, PhaseResult>>;
    for (const phase of PHASES) {
      const measured = roles.map((role) => next(workers[role], 'measured', PHASE_MS + 60_000));
      for (const role of roles) workers[role].send({ type: 'measure', name: phase.name });
      const all = Promise.all(measured);
      await toggleLines(simulator, phase.stopEveryMs, all.catch(() => undefined));
      (await all).forEach((message, index) => (results[roles[index]!][phase.name] = message.result as PhaseResult));
    }
    const down = next(simulator, 'down');
    simulator.send({ type: 'shutdown' });
    const { at } = (await down) as unknown as { at: number };
    const lost = next(workers.edge, 'measured', 90_000);
    workers.edge.send({ type: 'measure', name: 'disconnection', since: at });
    return { phases: results, disconnection: (await lost).result as DisconnectionResult };
  } finally {
    for (const worker of Object.values(workers)) if (worker.connected) worker.send({ type: 'exit' });
    await Promise.all(Object.values(workers).map((worker) => (worker.exitCode === null ? new Promise((resolve) => worker.once('exit', resolve)) : undefined)));
  }
}

async function orchestrate(): Promise<void> {
  const pkiDir = mkdtempSync(join(tmpdir(), 'oee-bench-pki-'));
  const simulator = child('simulator', [pkiDir]);
  try {
    const { endpoint } = (await next(simulator, 'ready')) as unknown as { endpoint: string };
    console.log(`${ITEMS} monitored items (${LINES} lines × ${PROCESS_TAGS_PER_LINE + 4}), each changing about once a second; simulator in its own process at ${endpoint}`);
    const { phases, disconnection } = await measureSideBySide(simulator, endpoint, pkiDir);
    const { bare, acquisition, edge } = phases;
    const pct = (share: number) => `${(share * 100).toFixed(1)} % of a core`;
    for (const phase of PHASES) {
      const b = bare[phase.name];
      const a = acquisition[phase.name];
      const e = edge[phase.name];
      const ratio = e.cpu / b.cpu;
      const medianRatio = percentile(
        e.windows.map((share, index) => share / b.windows[index]!),
        50,
      );
      console.log(`\nphase '${phase.name}' (a line stops every ${phase.stopEveryMs} ms, ${PHASE_MS / 1000} s):`);
      const memory = (r: PhaseResult) => `GC pauses ${(r.gcShare * 100).toFixed(2)} % of a core, heap ${r.heapMB.toFixed(0)} MB`;
      console.log(`  bare node-opcua client:            CPU ${pct(b.cpu)}, ${b.perSecond.toFixed(0)} values/s; ${memory(b)}`);
      console.log(`  acquisition alone (samples dropped): CPU ${pct(a.cpu)}, ${a.perSecond.toFixed(0)} values/s, ${(a.cpu / b.cpu).toFixed(2)}× the bare client; ${memory(a)}`);
      console.log(`  edge (acquisition + OEE engine):   CPU ${pct(e.cpu)}, ${e.perSecond.toFixed(0)} values/s, ${e.storesPerSecond?.toFixed(1)} transactions/s, ${ratio.toFixed(2)}× the bare client; ${memory(e)}`);
      const shares = (r: PhaseResult) => r.windows.map((share) => (share * 100).toFixed(2)).join(' ');
      console.log(`  CPU by ${WINDOW_MS / 1000}-s window (% of a core): bare ${shares(b)} | acquisition ${shares(a)} | edge ${shares(e)}`);
      console.log(`  edge / bare client, median of ${e.windows.length} windows of ${WINDOW_MS / 1000} s: ${medianRatio.toFixed(2)}×${phase.name === 'steady' ? ` (target ≤ 1.5×) ${medianRatio <= 1.5 ? 'OK' : 'OVER'}` : ''}`);
      if (a.unknownSamples || e.unknownSamples) console.log(`  lines seen as disconnected (samples of unknown state): acquisition ${a.unknownSamples}, edge ${e.unknownSamples}`);
      console.log(`  edge, beacon change at the source → stop stored (${e.stops} stops): p50 ${e.p50?.toFixed(0)} ms, p99 ${e.p99?.toFixed(0)} ms (target < 250 ms) ${(e.p99 ?? Infinity) < 250 ? 'OK' : 'OVER'}`);
    }
    const d = disconnection;
    const allLost = d.lines === LINES && d.max < 3_000;
    console.log(`\nthe simulator shut down: the edge stored ${d.lines} of ${LINES} lines as disconnected (reason-4 stops), p50 ${d.p50.toFixed(0)} ms, last ${d.max.toFixed(0)} ms after the shutdown began (target: every line < 3000 ms) ${allLost ? 'OK' : 'OVER'}`);
  } finally {
    simulator.send({ type: 'exit' });
    await new Promise((resolve) => simulator.once('exit', resolve));
    rmSync(pkiDir, { recursive: true, force: true });
    if (bundleCopy) rmSync(dirname(bundleCopy), { recursive: true, force: true });
  }
}

const [role, ...args] = process.argv.slice(2);
const ROLES: Record<string, () => Promise<void>> = {
  simulator: () => simulatorRole(args[0]!),
  bare: () => bareRole(args[0]!, args[1]!),
  acquisition: () => acquisitionRole(args[0]!),
  edge: () => edgeRole(args[0]!),
};
const run = role ? ROLES[role]!() : orchestrate();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
