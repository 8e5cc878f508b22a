// Modbus TCP and MQTT acquisition under load (issue 30), sized by environment variables:
//   BENCH_SOURCES          which to run: modbus, mqtt or both (default both)
//   BENCH_SOURCE_SECONDS   length of each measured window (default 300 for Modbus, 60 for MQTT: see windowMs)
//   BENCH_PROFILE_DIR      writes a CPU profile of each child's measured window there (<role>.cpuprofile)
// Modbus: 50 lines of 100 registers each (5,000: the line's Running coil, its Units counter and 98 holding registers),
// polled every second from the plant simulator's Modbus TCP server (313 simulated lines serve the 5,008 registers).
// MQTT: 50 lines × 200 topics of plain numbers, each published once a second (10,000 messages/s) to Debian's
// Mosquitto on 127.0.0.1, plus each line's Running as JSON with its source time.
// Processes: this orchestrator runs the simulator (Modbus server, or the MQTT publisher) and changes the beacons (a
// line stops every 2 s and runs again 1 s later); two children read the same load side by side:
//   1. a bare client of the same library (jsmodbus with the edge's own request batches; MQTT.js subscribed to the
//      same topics, each payload parsed as a number) — the floor;
//   2. the edge (startEdge: acquisition, line scripts, the OEE engine storing samples, HTTP idle).
// Printed per source: CPU (% of a core, process.cpuUsage over the window; its kernel share and the garbage
// collections beside it) of each and their ratio (target ≤ 1.3), values received per second, and beacon change → stop
// stored (p50, p99), for Modbus also beyond the polling period (target p99 < 100 ms beyond it). Figures only: nothing
// here fails on a duration.
//
// One file, several roles: the orchestrator forks this same bundle as `bare-modbus`, `edge-modbus`, `bare-mqtt` and
// `edge-mqtt`.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { client as modbusClient } from 'jsmodbus';
import { connect } from 'mqtt';
import { acquisitionOf } from '../../edge/src/acquisition/index';
import { batchesOf } from '../../edge/src/acquisition/modbus-connection';
import { PlantSimulator } from '../../edge/src/acquisition/simulator/plant-simulator';
import type { Settings } from '../../edge/src/config';
import type { Database } from '../../edge/src/db/database';
import { encodeStoredScript } from '../../edge/src/domain/script';
import { parseModbusAddress } from '../../edge/src/domain/source-addresses';
import { configure } from '../../edge/src/modules/setup/setup.service';
import { startEdge } from '../../edge/src/server';
import { Mosquitto } from '../support/mosquitto';
import { roleChildren } from './support/role-children';

const LINES = 50;
const REGISTERS_PER_LINE = 100;
const TOPICS_PER_LINE = 200;
const POLLING_MS = 1_000;
/**
 * The measured window of each source. Modbus's processes use about 1 % of a core: a minute is a few hundred ms of
 * CPU, where one garbage collection more or less in a process (V8 sizes the young generation by its own heuristics,
 * and a process may go a whole minute without one) moves the ratio by 0.4. Five minutes hold well over a hundred
 * collections in each. MQTT's use a third of a core: a minute is steady.
 */
const windowMs = (source: 'modbus' | 'mqtt') => Number(process.env.BENCH_SOURCE_SECONDS ?? (source === 'modbus' ? 300 : 60)) * 1_000;
const WARM_UP_MS = 10_000;
const SOURCES = (process.env.BENCH_SOURCES ?? 'both') === 'both' ? ['modbus', 'mqtt'] : [process.env.BENCH_SOURCES!];

type Tag = { tagName: string; tagType: string; tagValue: string };

function modbusTags(): Tag[] {
  const tags: Tag[] = [];
  for (let line = 1; line <= LINES; line += 1) {
    tags.push({ tagName: `Line${line}.Running`, tagType: 'Boolean', tagValue: `coil:${line - 1}` });
    tags.push({ tagName: `Line${line}.Units`, tagType: 'UInt32', tagValue: `hr:${(line - 1) * 16 + 1}:uint32:counter` });
    for (let k = 0; k < REGISTERS_PER_LINE - 2; k += 1)
      tags.push({ tagName: `Line${line}.R${k}`, tagType: 'UInt16', tagValue: `hr:${(line - 1) * REGISTERS_PER_LINE + k}` });
  }
  return tags;
}

const mqttTopic = (line: number, k: number) => `bench/Line${line}/m${k}`;
const mqttRunningTopic = (line: number) => `bench/Line${line}/running`;

function mqttTags(): Tag[] {
  const tags: Tag[] = [];
  for (let line = 1; line <= LINES; line += 1) {
    tags.push({ tagName: `Line${line}.Running`, tagType: 'Boolean', tagValue: `${mqttRunningTopic(line)}|$.running|$.ts` });
    tags.push({ tagName: `Line${line}.Units`, tagType: 'UInt32', tagValue: mqttTopic(line, 0) });
    for (let k = 1; k < TOPICS_PER_LINE; k += 1)
      tags.push({ tagName: `Line${line}.M${k}`, tagType: 'Double', tagValue: mqttTopic(line, k) });
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------------------------
// Children: each measures its CPU between the orchestrator's 'start' and 'end' and answers its figures.

/** Garbage collections in the window: young generation (scavenges) and whole heap, with their main-thread time. */
type Collections = { minor: number; minorMs: number; major: number; majorMs: number };
type Figures = {
  cpuPercent: number;
  systemPercent: number;
  gc: Collections;
  valuesPerSecond: number;
  stored?: { line: number; at: number }[];
};

/** With BENCH_PROFILE_DIR set, a CPU profile of this child's measured window (`<role>.cpuprofile`); else nothing. */
async function startProfile(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${process.argv[2]}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/** Counts this process's garbage collections from `start()` on (perf_hooks' 'gc' entries). */
function collections(): { start(): void; read(): Collections } {
  let counts: Collections = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        counts.minor += 1;
        counts.minorMs += entry.duration;
      } else {
        counts.major += 1;
        counts.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  return {
    start: () => (counts = { minor: 0, minorMs: 0, major: 0, majorMs: 0 }),
    read: () => ({ ...counts }),
  };
}

function measured(
  received: () => number,
  extra: () => Partial<Figures> = () => ({}),
  onExit: () => Promise<unknown> = async () => undefined,
): void {
  let cpu: NodeJS.CpuUsage | null = null;
  let startedAt = 0;
  let before = 0;
  let stopProfile: Promise<() => Promise<void>> = Promise.resolve(async () => undefined);
  const gc = collections();
  process.on('message', async (message: { cmd: string }) => {
    if (message.cmd === 'start') {
      stopProfile = startProfile();
      cpu = process.cpuUsage();
      gc.start();
      startedAt = Date.now();
      before = received();
    } else if (message.cmd === 'end' && cpu) {
      const used = process.cpuUsage(cpu);
      const elapsed = Date.now() - startedAt;
      const values = received() - before;
      const figures = extra();
      await (
        await stopProfile
      )();
      process.send!({
        cmd: 'figures',
        figures: {
          cpuPercent: ((used.user + used.system) / 1_000 / elapsed) * 100,
          systemPercent: (used.system / 1_000 / elapsed) * 100,
          gc: gc.read(),
          valuesPerSecond: (values * 1_000) / elapsed,
          ...figures,
        },
      });
    } else if (message.cmd === 'exit') void onExit().finally(() => process.exit(0));
  });
  process.send!({ cmd: 'ready' });
}

async function bareModbus(port: number): Promise<void> {
  const tags = modbusTags().map((tag) => ({
    tagName: tag.tagName,
    tagValue: tag.tagValue,
    address: parseModbusAddress(tag.tagValue)!,
    unwrapper: null,
    source: '',
    restored: true,
    saved: { lastRaw: null, wrapOffset: 0 },
  }));
  const batches = batchesOf(tags);
  const socket = new Socket();
  const client = new modbusClient.TCP(socket, 1, 3_000);
  await new Promise<void>((resolve) => socket.connect({ host: '127.0.0.1', port }, () => resolve()));
  socket.setNoDelay(true);
  let values = 0;
  const poll = async () => {
    const started = Date.now();
    for (const batch of batches) {
      const answer =
        batch.area === 'coil'
          ? await client.readCoils(batch.start, batch.count)
          : await client.readHoldingRegisters(batch.start, batch.count);
      const words = [...answer.response.body.valuesAsArray].map(Number);
      values += batch.tags.length + (words.length > 0 ? 0 : 0);
    }
    setTimeout(() => void poll(), Math.max(0, started + POLLING_MS - Date.now()));
  };
  void poll();
  measured(() => values);
}

async function bareMqtt(url: string): Promise<void> {
  const client = connect(url, { clientId: `bench-bare-${process.pid}` });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  let values = 0;
  let sink = 0;
  // When each line's stop reached this client: the broker's and the load's share of the edge's figure.
  const stops: { line: number; at: number }[] = [];
  client.on('message', (topic, payload) => {
    const text = payload.toString('utf8');
    if (topic.endsWith('/running')) {
      if ((JSON.parse(text) as { running: boolean }).running === false)
        stops.push({ line: Number(/Line(\d+)/.exec(topic)![1]), at: Date.now() });
    } else sink += Number(text) || 0;
    values += 1;
  });
  const topics = mqttTags().map((tag) => tag.tagValue.split('|')[0]!);
  for (let start = 0; start < topics.length; start += 500) await client.subscribeAsync(topics.slice(start, start + 500), { qos: 1 });
  measured(
    () => values + (sink > Number.MAX_VALUE ? 1 : 0),
    () => ({ stored: stops.splice(0) }),
  );
}

async function configurePlant(db: Database, server: Record<string, unknown>, tags: Tag[]): Promise<void> {
  const stored = (expression: string) => encodeStoredScript({ expression, edited: true, tags: [] });
  await db.transaction().execute(async (trx) => {
    const sector = await trx
      .insertInto('sectors')
      .values({ sectorName: 'Bench', buildingId: null })
      .returning('sectorID')
      .executeTakeFirstOrThrow();
    const { opcServerID } = await trx
      .insertInto('opc_servers')
      .values({
        name: 'Bench',
        description: null,
        enabled: 1,
        apiKeyHash: null,
        ...(server as { hostName: string; serverType: 'Modbus' | 'MQTT' }),
      })
      .returning('opcServerID')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < tags.length; start += 500)
      await trx
        .insertInto('opc_tags')
        .values(tags.slice(start, start + 500).map((tag) => ({ ...tag, opcServerID })))
        .execute();
    for (let line = 1; line <= LINES; line += 1) {
      await trx
        .insertInto('lines')
        .values({
          lineID: line,
          sectorID: sector.sectorID,
          description: `Line ${line}`,
          calculationBaliza: stored(`Line${line}.Running`),
          calculationUnits: stored(`Line${line}.Units`),
          calculationDiscards: null,
          fixedThroughput: null,
          updatedBy: null,
          updateDate: null,
        })
        .execute();
    }
  });
}

async function edgeRole(server: Record<string, unknown>, tags: Tag[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oee-bench-source-'));
  const settings = Object.freeze({
    command: 'serve',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    timeZone: 'UTC',
    logLevel: 'warn',
    args: [],
    failedSignInsPerMinute: 30,
  }) as Settings;
  const edge = await startEdge({ settings, stdout: false });
  const setup = await configure(edge.plant, { databaseSelected: 'sqlite' }, 'en');
  if (!setup.valid) throw new Error(setup.error ?? 'setup failed');
  await configurePlant(edge.plant.db!, server, tags);
  edge.plant.emit('configurationChanged', { area: 'bench' });
  const manager = acquisitionOf(edge.plant)!;
  // Each line's change to stopped, stored: when (the orchestrator knows when it changed at the source).
  const stops: { line: number; at: number }[] = [];
  const wasRunning = new Map<number, boolean>();
  manager.evaluator.on('stored', (samples, storedAt) => {
    for (const sample of samples) {
      if (sample.running === false && wasRunning.get(sample.lineID) === true) stops.push({ line: sample.lineID, at: storedAt });
      if (sample.running !== null) wasRunning.set(sample.lineID, sample.running);
    }
  });
  const received = () => manager.serverStatuses().reduce((sum, status) => sum + status.valuesReceived, 0);
  measured(
    received,
    () => ({ stored: stops.splice(0) }),
    async () => {
      await edge.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestrator.

const { child, removeCopy } = roleChildren('oee-bench-sources-');

function next<T>(worker: ChildProcess, cmd: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { cmd: string } & T) => {
      if (message.cmd !== cmd) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
  });
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a window: both children measure; meanwhile a line stops every 2 s and runs 1 s later (`setRunning`), its
 * change times kept; then the figures and each stop's change → stored time.
 */
async function window(
  windowMs: number,
  workers: { bare: ChildProcess; edge: ChildProcess },
  setRunning: (line: number, running: boolean) => void,
) {
  await Promise.all([next(workers.bare, 'ready'), next(workers.edge, 'ready')]);
  await sleep(WARM_UP_MS);
  for (const worker of Object.values(workers)) worker.send({ cmd: 'start' });
  const changes: { line: number; at: number }[] = [];
  const endAt = Date.now() + windowMs;
  for (let turn = 0; Date.now() < endAt - 2_000; turn += 1) {
    const line = (turn % LINES) + 1;
    changes.push({ line, at: Date.now() });
    setRunning(line, false);
    await sleep(1_000);
    setRunning(line, true);
    await sleep(1_000);
  }
  await sleep(Math.max(0, endAt - Date.now()));
  const answers = await Promise.all(
    (['bare', 'edge'] as const).map(async (role) => {
      const answer = next<{ figures: Figures }>(workers[role], 'figures');
      workers[role].send({ cmd: 'end' });
      return (await answer).figures;
    }),
  );
  for (const worker of Object.values(workers)) worker.send({ cmd: 'exit' });
  const [bare, edge] = answers as [Figures, Figures];
  // Per change, when each child saw it: the first stop of that line at or after the change.
  const seenAt = (seen: Figures['stored']) =>
    changes.map((change) => seen?.find((one) => one.line === change.line && one.at >= change.at)?.at ?? null);
  const edgeAt = seenAt(edge.stored);
  const bareAt = seenAt(bare.stored);
  const delays = (at: (number | null)[]) => at.flatMap((time, index) => (time === null ? [] : [time - changes[index]!.at]));
  // The edge's own share: from the broker's delivery (the same message reaching the bare subscriber) to the stop stored.
  const beyondBare = edgeAt.flatMap((time, index) => (time === null || bareAt[index] === null ? [] : [time - bareAt[index]!]));
  return { windowMs, bare, edge, latencies: delays(edgeAt), bareLatencies: delays(bareAt), beyondBare, changes: changes.length };
}

function print(source: string, result: Awaited<ReturnType<typeof window>>, pollingMs: number | null): void {
  const { bare, edge, latencies } = result;
  console.log(`\n${source}: window ${result.windowMs / 1_000} s`);
  const cpu = (figures: Figures) =>
    `CPU ${figures.cpuPercent.toFixed(2)} % of a core (${figures.systemPercent.toFixed(2)} % in the kernel), ${figures.valuesPerSecond.toFixed(0)} values/s; GC ${figures.gc.minor} scavenges ${figures.gc.minorMs.toFixed(0)} ms, ${figures.gc.major} whole-heap ${figures.gc.majorMs.toFixed(0)} ms`;
  console.log(`  bare client  ${cpu(bare)}`);
  console.log(`  edge         ${cpu(edge)}`);
  console.log(`  edge / bare CPU ${(edge.cpuPercent / bare.cpuPercent).toFixed(2)} (target ≤ 1.3)`);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `  beacon change → stop stored: ${latencies.length} of ${result.changes} stops, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  );
  if (result.bareLatencies.length > 0) {
    console.log(
      `  beacon change → seen by the bare client (publisher, broker and load alone): p50 ${percentile(result.bareLatencies, 50).toFixed(0)} ms, p99 ${percentile(result.bareLatencies, 99).toFixed(0)} ms`,
    );
    console.log(
      `  broker's delivery (seen by the bare client) → stop stored by the edge: ${result.beyondBare.length} stops, p50 ${percentile(result.beyondBare, 50).toFixed(0)} ms, p99 ${percentile(result.beyondBare, 99).toFixed(0)} ms, max ${Math.max(...result.beyondBare).toFixed(0)} ms (target p99 < 100 ms)`,
    );
  }
  if (pollingMs !== null)
    console.log(`  p99 beyond the polling period (${pollingMs} ms): ${(p99 - pollingMs).toFixed(0)} ms (target < 100 ms)`);
}

async function benchModbus(): Promise<void> {
  // 313 simulated lines hold 5,008 registers (16 each); 50 of them are the edge's lines (their coils and counters).
  const simulator = await PlantSimulator.start({
    lines: 313,
    opcua: false,
    modbus: { port: 0 },
    pkiDir: mkdtempSync(join(tmpdir(), 'oee-bench-pki-')),
    automatic: false,
    speeds: Array.from({ length: 313 }, () => 60),
  });
  for (let line = 1; line <= LINES; line += 1) simulator.runLine(line);
  const port = simulator.modbus!.port;
  const server = { hostName: `127.0.0.1:${port}`, serverType: 'Modbus', unitId: 1, pollingMs: POLLING_MS };
  const workers = { bare: child('bare-modbus', [String(port)]), edge: child('edge-modbus', [JSON.stringify(server)]) };
  const result = await window(windowMs('modbus'), workers, (line, running) =>
    running ? simulator.runLine(line) : simulator.stopLine(line),
  );
  print(`Modbus TCP, ${LINES * REGISTERS_PER_LINE} registers over ${LINES} lines polled every ${POLLING_MS} ms`, result, POLLING_MS);
  await simulator.stop();
}

async function benchMqtt(): Promise<void> {
  const broker = await Mosquitto.start();
  // Nothing queued while disconnected: MQTT.js sends a long offline queue back recursively at the reconnection (a
  // stack overflow at this rate).
  const publisher = connect(broker.url, { clientId: 'bench-publisher', queueQoSZero: false, keepalive: 60 });
  await new Promise<void>((resolve) => publisher.once('connect', () => resolve()));
  const running = new Map<number, boolean>();
  const publishRunning = (line: number) =>
    publisher.publish(mqttRunningTopic(line), JSON.stringify({ running: running.get(line) ?? true, ts: Date.now() }), {
      qos: 0,
      retain: true,
    });
  for (let line = 1; line <= LINES; line += 1) publishRunning(line);
  // 10,000 messages a second: every 10 ms the messages due since the start, the topics in turn, so each is published
  // once a second; the line's units counter (topic m0) goes up by one at each. Paced: a late timer catches up a
  // little (at most 3× a tick's share at once: MQTT.js recurses through a long burst of queued packets, a stack
  // overflow), and a publisher more than MAX_LAG_MS behind its schedule (a machine busy elsewhere) drops the messages
  // it is that late for instead of sending them in a burst later, where the broker would queue them ahead of the
  // beacon's message. The rate asked stays 10,000/s; what was published and dropped is printed.
  const total = LINES * TOPICS_PER_LINE;
  const rate = total;
  const MAX_LAG_MS = 100;
  const startedAt = Date.now();
  let position = 0;
  let published = 0;
  let dropped = 0;
  let units = 0;
  const timer = setInterval(() => {
    const scheduled = Math.floor(((Date.now() - startedAt) * rate) / 1_000);
    const lagBound = (rate * MAX_LAG_MS) / 1_000;
    if (scheduled - position > lagBound) {
      dropped += scheduled - lagBound - position;
      position = scheduled - lagBound;
    }
    const due = Math.min(scheduled, position + (rate / 100) * 3);
    for (; position < due; position += 1) {
      const index = position % total;
      const line = Math.floor(index / TOPICS_PER_LINE) + 1;
      const k = index % TOPICS_PER_LINE;
      if (k === 0) units += 1;
      publisher.publish(mqttTopic(line, k), String(k === 0 ? units : Math.round(Math.random() * 1_000) / 10), { qos: 0 });
      published += 1;
    }
  }, 10);
  const server = { hostName: broker.url, serverType: 'MQTT' };
  const workers = { bare: child('bare-mqtt', [broker.url]), edge: child('edge-mqtt', [JSON.stringify(server)]) };
  const result = await window(windowMs('mqtt'), workers, (line, isRunning) => {
    running.set(line, isRunning);
    publishRunning(line);
  });
  const elapsed = Date.now() - startedAt;
  clearInterval(timer);
  print(
    `MQTT, ${total} topics over ${LINES} lines, ${rate} messages/s asked, ${((published * 1_000) / elapsed).toFixed(0)}/s published (${((dropped * 1_000) / elapsed).toFixed(0)}/s dropped by the pacing)`,
    result,
    null,
  );
  await publisher.endAsync();
  await broker.stop();
}

const [role, arg] = process.argv.slice(2);
if (role === 'bare-modbus') await bareModbus(Number(arg));
else if (role === 'bare-mqtt') await bareMqtt(arg!);
else if (role === 'edge-modbus') await edgeRole(JSON.parse(arg!), modbusTags());
else if (role === 'edge-mqtt') await edgeRole(JSON.parse(arg!), mqttTags());
else {
  try {
    if (SOURCES.includes('modbus')) await benchModbus();
    if (SOURCES.includes('mqtt')) await benchMqtt();
  } finally {
    removeCopy();
  }
  process.exit(0);
}
