// Many line dashboards polling one edge at once (issue 16): the demo plant (`oee-edge demo`, the built
// dist/edge/main.js) in an edge process of its own, N signed-in clients each polling a line's dashboard calls — the
// same requests, query strings and periods as the app (ui/src/features/dashboard) — for a while, as browsers would:
// one keep-alive agent per client with at most 6 connections to the host. Only 127.0.0.1.
// `npm run bench dashboard-load`. Environment: BENCH_CLIENTS (default 50), BENCH_SECONDS (default 120),
// BENCH_EDGE_ARGS (extra Node flags for the edge, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
// Prints per call and overall p50/p95/p99/max latency, requests, errors (non-2xx and network errors), every request
// over 5 s (a stall) with its call and time, and the edge's event-loop delay (measured inside the edge by
// support/event-loop-delay.mjs). Targets: p99 < 500 ms and 0 errors; each ends in an OK or OVER line, and the
// process fails when one is over.
//
// What one dashboard asks (ui/src/features/dashboard, its api/ folder, the tiles, app/watchers.tsx); gridRefreshTime
// is read from the parameters as the app does (the demo's is 15 s):
//   on load, once: GET /api/Resources/GetById/{line}, /api/parameters/get/, /api/modules/enabled, /meta.json;
//     GET /api/orders (the Ready order's validation flag) once per order; GET /api/oeeindex (the
//     last ended order, for the roles that may adjust it);
//   every 15 s (the beacon): GET /api/resources/status/get?lineID;
//   every gridRefreshTime: GET /api/indicators/get?lineID; GET /api/stops over the shift on screen (explorer and
//     stops list share it), GET /api/stops/getStopsSummary over the shift, GET /api/oeeindex/history over its plant
//     day, GET /api/stops not recognized (take 50), GET /api/stops of the Ready order (take 5);
//   every 30 s: GET /api/alerts/first?lineid (the maintenance alert); every 60 s: POST /api/users/isvalid (the
//     session check) and GET /meta.json (the version check).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const EDGE_ARGS = (process.env.BENCH_EDGE_ARGS ?? '').split(/\s+/).filter(Boolean);
const P99_TARGET_MS = 500;
const STALL_MS = 5_000;
/** A request not answered within this is given up (counted as an error): the run stays bounded. */
const REQUEST_TIMEOUT_MS = 60_000;
const LINES = 5;
const USERS = ['supervisor', 'operator', 'consultant', 'admin'] as const;
/** The roles that see the previous order's 'Ajustar' (ORDER_ADJUST_ROLES): administrator and supervisor. */
const ADJUSTS = new Set(['admin', 'supervisor']);
const BEACON_MS = 15_000;
const ALERT_MS = 30_000;
const SESSION_MS = 60_000;
const META_MS = 60_000;
/** USER_HZ of Linux's /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;
const ROOT = process.env.OEE_REPO_ROOT ?? resolve(import.meta.dirname, '../..');

interface Sample {
  call: string;
  at: number;
  ms: number;
  status: number;
  /** Bytes of the answer's body. */
  bytes: number;
  error?: string;
}

const started = Date.now();
const samples: Sample[] = [];
/**
 * The clients' own event-loop delay, per second: on a loaded machine the benchmark process waits for the CPU too, and
 * an answer read late by it is counted as slow. Shown beside the edge's so the two can be told apart.
 */
const clientLoop: { at: number; max: number }[] = [];
const clientHistogram = monitorEventLoopDelay({ resolution: 10 });
clientHistogram.enable();
const clientLoopTimer = setInterval(() => {
  if (clientHistogram.count > 0) clientLoop.push({ at: Date.now(), max: clientHistogram.max / 1e6 });
  clientHistogram.reset();
}, 1_000);
clientLoopTimer.unref();

/** One HTTP request through a client's agent; resolves with the status and parsed body (never rejects). */
function send(
  agent: Agent,
  base: URL,
  call: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; query?: Record<string, unknown>; json?: unknown; record?: boolean } = {},
): Promise<{ status: number; body: any }> {
  const target = new URL(path, base);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    target.searchParams.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'es' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  const at = Date.now() - started;
  return new Promise((done) => {
    const finish = (status: number, parsed: any, bytes: number, error?: string) => {
      if (options.record !== false) samples.push({ call, at, ms: performance.now() - t0, status, bytes, ...(error ? { error } : {}) });
      done({ status, body: parsed });
    };
    const req = request(target, { method, headers, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => finish(0, null, 0, error.message));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        finish(res.statusCode ?? 0, parsed, raw.length);
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => finish(0, null, 0, error.code ?? error.message));
    req.end(body);
  });
}

/** The edge: `dist/edge/main.js demo` on an empty data directory, with the event-loop monitor preloaded. */
async function startDemoEdge(dataDir: string) {
  const loopDelays: { at: number; p50: number; p99: number; max: number }[] = [];
  const child = spawn(
    process.execPath,
    [
      ...EDGE_ARGS,
      '--import',
      join(ROOT, 'test/bench/support/event-loop-delay.mjs'),
      join(ROOT, 'dist/edge/main.js'),
      'demo',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--log-level',
      'warn',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('the demo did not start within 120 s')), 120_000);
    void exited.then(() => reject(new Error(`the edge exited with ${child.exitCode ?? child.signalCode} before the demo ran`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const delay = /^event-loop-delay (\d+) ([\d.]+) ([\d.]+) ([\d.]+)$/.exec(line);
      if (delay) {
        loopDelays.push({ at: Number(delay[1]), p50: Number(delay[2]), p99: Number(delay[3]), max: Number(delay[4]) });
        return;
      }
      const ready = /Demo plant running: open (http:\/\/\S+)/.exec(line);
      if (ready) {
        clearTimeout(timer);
        resolveUrl(ready[1]!);
      } else if (line.trim()) console.log(`  edge: ${line}`);
    });
  });
  return {
    url,
    loopDelays,
    /** CPU seconds the edge process has used so far (user + system, from /proc; null where there is no /proc). */
    cpuSeconds(): number | null {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      } catch {
        return null;
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width = 7) => value.toFixed(0).padStart(width);

function statsLine(name: string, rows: readonly Sample[]): string {
  const sorted = rows.map((row) => row.ms).sort((a, b) => a - b);
  const errors = rows.filter((row) => row.status < 200 || row.status >= 300).length;
  const kb = rows.reduce((sum, row) => sum + row.bytes, 0) / Math.max(1, rows.length) / 1024;
  return `${pad(name, 26)} ${num(rows.length, 6)} ${num(errors, 6)} ${num(percentile(sorted, 50))} ${num(percentile(sorted, 95))} ${num(percentile(sorted, 99))} ${num(sorted.at(-1) ?? 0)} ${kb.toFixed(1).padStart(8)}`;
}

/** A dashboard's polling for `seconds`: the app's calls at the app's periods; answers when its last request ended. */
async function runDashboard(base: URL, userID: string, token: string, lineID: number, stopAt: number, startDelay: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const get = (call: string, path: string, query?: Record<string, unknown>) => send(agent, base, call, 'GET', path, { token, query });
  const grid = (call: string, path: string, filter: unknown, sort: unknown, take: number) =>
    get(call, path, { skip: 0, take, requireTotalCount: true, filter, ...(sort ? { sort } : {}) });
  let shift: { start: string; end: string } | null = null;
  let day: { start: string; end: string } | null = null;
  let order: string | null = null;
  const validatedOrders = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const status = async () => {
    const answer = await get('status', '/api/resources/status/get', { lineID });
    order = (answer.body?.orderData?.order as string | undefined) ?? null;
    if (order && !validatedOrders.has(order)) {
      validatedOrders.add(order);
      track(grid('order validation (once)', '/api/orders', ['order', '=', order], null, 1));
    }
  };
  const indicators = async () => {
    const answer = await get('indicators', '/api/indicators/get', { lineID });
    if (answer.body?.shift) shift = { start: answer.body.shift.start, end: answer.body.shift.end };
    if (answer.body?.day) day = { start: answer.body.day.start, end: answer.body.day.end };
  };
  const rangeCalls = () => {
    const calls: Promise<unknown>[] = [];
    if (shift) {
      const { start, end } = shift;
      calls.push(
        grid(
          'stops of the shift',
          '/api/stops',
          [['lineID', '=', lineID], 'and', ['startDate', '<', end], 'and', [['endDate', '>', start], 'or', ['endDate', '=', null]]],
          [{ selector: 'startDate', desc: false }],
          10_000,
        ),
      );
      calls.push(get('stop summary', '/api/stops/getStopsSummary', { line: lineID, startDate: start, endDate: end }));
    }
    if (day)
      calls.push(
        grid(
          'shift history',
          '/api/oeeindex/history',
          [['lineID', '=', lineID], 'and', ['shiftStart', '>=', day.start], 'and', ['shiftStart', '<', day.end]],
          [{ selector: 'shiftStart', desc: false }],
          10,
        ),
      );
    calls.push(
      grid(
        'unrecognized stops',
        '/api/stops',
        [['lineID', '=', lineID], 'and', ['recognized', '=', false]],
        [{ selector: 'startDate', desc: true }],
        50,
      ),
    );
    if (order)
      calls.push(
        grid(
          'order stops',
          '/api/stops',
          [['lineID', '=', lineID], 'and', ['order', '=', order]],
          [{ selector: 'startDate', desc: true }],
          5,
        ),
      );
    return calls;
  };
  const alert = () => get('maintenance alert', '/api/alerts/first', { lineid: lineID });
  const session = () => send(agent, base, 'session check', 'POST', '/api/users/isvalid', { token });
  const meta = () => get('meta.json', '/meta.json');

  await new Promise((done) => setTimeout(done, startDelay));
  if (Date.now() >= stopAt) return;
  // The page load: the app shell's calls, the line, then the dashboard's first answers and what depends on them.
  // gridRefreshTime as the app reads it (lib/parameters.ts: 30 s when unset).
  let refreshMs = 30_000;
  const parameters = get('parameters (once)', '/api/parameters/get/').then((answer) => {
    if (answer.body?.gridRefreshTime > 0) refreshMs = answer.body.gridRefreshTime * 1000;
  });
  const load: Promise<unknown>[] = [
    get('line (once)', `/api/Resources/GetById/${lineID}`),
    parameters,
    get('modules (once)', '/api/modules/enabled'),
    meta(),
    session(),
    alert(),
  ];
  load.push(Promise.all([status(), indicators()]).then(() => Promise.all(rangeCalls())));
  if (ADJUSTS.has(userID))
    load.push(
      grid(
        'last ended order (once)',
        '/api/oeeindex',
        [['lineID', '=', lineID], 'and', ['status', '=', 2], 'and', ['endDate', '<>', null]],
        [{ selector: 'endDate', desc: true }],
        1,
      ),
    );
  load.forEach(track);

  // Each query polls on its own interval from the page load, as TanStack Query's refetchInterval does.
  await parameters;
  const timers = [
    setInterval(() => track(status()), BEACON_MS),
    setInterval(() => track(indicators()), refreshMs),
    setInterval(() => rangeCalls().forEach(track), refreshMs),
    setInterval(() => track(alert()), ALERT_MS),
    setInterval(() => track(session()), SESSION_MS),
    setInterval(() => track(meta()), META_MS),
  ];
  await new Promise((done) => setTimeout(done, Math.max(0, stopAt - Date.now())));
  timers.forEach(clearInterval);
  await Promise.all(inFlight);
  agent.destroy();
}

const dataDir = mkdtempSync(join(tmpdir(), 'oee-bench-load-'));
const edge = await startDemoEdge(dataDir);
try {
  const base = new URL(edge.url);
  console.log(
    `demo plant at ${edge.url}; ${CLIENTS} dashboards (lines 1–${LINES} in turn), ${SECONDS} s, each with its own keep-alive agent of at most 6 connections`,
  );
  const signInAgent = new Agent({ keepAlive: true });
  const tokens: string[] = [];
  const signInStart = performance.now();
  // Four at a time (a password check is a few hundred milliseconds of the edge's thread pool).
  for (let i = 0; i < CLIENTS; i += 4) {
    const logins = await Promise.all(
      USERS.slice(0, Math.min(4, CLIENTS - i)).map((_, j) =>
        send(signInAgent, base, 'sign-in', 'POST', '/api/users/authenticate', {
          json: { userid: USERS[(i + j) % USERS.length], password: 'demo' },
          record: false,
        }),
      ),
    );
    for (const login of logins) {
      if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
      tokens.push(login.body.token as string);
    }
  }
  signInAgent.destroy();
  console.log(`${CLIENTS} sign-ins in ${((performance.now() - signInStart) / 1000).toFixed(1)} s (not counted below)`);

  // The dashboards are opened over the first beacon period, as people arrive, then all poll together.
  samples.length = 0;
  const runStart = Date.now();
  const stopAt = runStart + SECONDS * 1000;
  const loopFrom = runStart;
  const cpuBefore = edge.cpuSeconds();
  await Promise.all(
    tokens.map((token, i) => runDashboard(base, USERS[i % USERS.length]!, token, (i % LINES) + 1, stopAt, (i * BEACON_MS) / CLIENTS)),
  );
  const wall = (Date.now() - runStart) / 1000;
  const cpuAfter = edge.cpuSeconds();

  console.log(
    `\n${pad('call', 26)} ${'reqs'.padStart(6)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'KB/answer'.padStart(8)}  (ms)`,
  );
  const calls = [...new Set(samples.map((sample) => sample.call))].sort();
  for (const call of calls)
    console.log(
      statsLine(
        call,
        samples.filter((sample) => sample.call === call),
      ),
    );
  console.log(statsLine('all', samples));
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const cpuText =
    cpu === null
      ? ''
      : `; the edge used ${cpu.toFixed(1)} s of CPU (${((100 * cpu) / wall).toFixed(0)} % of a core, ${((1000 * cpu) / samples.length).toFixed(1)} ms a request, its own engine and simulator included)`;
  console.log(
    `${samples.length} requests in ${wall.toFixed(0)} s (${(samples.length / wall).toFixed(1)}/s)${cpuText}; machine load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  );

  const failed = samples.filter((sample) => sample.status < 200 || sample.status >= 300);
  const byKind = new Map<string, number>();
  for (const sample of failed)
    byKind.set(
      `${sample.call}: ${sample.error ?? sample.status}`,
      (byKind.get(`${sample.call}: ${sample.error ?? sample.status}`) ?? 0) + 1,
    );
  for (const [kind, count] of byKind) console.log(`  error ${kind} ×${count}`);
  const stalls = samples.filter((sample) => sample.ms > STALL_MS);
  console.log(`requests over ${STALL_MS / 1000} s (stalls): ${stalls.length}`);
  for (const stall of stalls.slice(0, 30))
    console.log(
      `  ${stall.call} sent at ${(stall.at / 1000 - (runStart - started) / 1000).toFixed(1)} s took ${(stall.ms / 1000).toFixed(1)} s (${stall.error ?? stall.status})`,
    );
  if (stalls.length > 30) console.log(`  … and ${stalls.length - 30} more`);

  // When the slow answers came: requests over the target by 10-s window of the run (sent at), beside the edge's
  // worst event-loop delay in that window.
  const loop = edge.loopDelays.filter((entry) => entry.at >= loopFrom);
  const windows: string[] = [];
  for (let from = 0; from < SECONDS; from += 10) {
    const inWindow = samples.filter(
      (sample) => sample.at - (runStart - started) >= from * 1000 && sample.at - (runStart - started) < (from + 10) * 1000,
    );
    const slow = inWindow.filter((sample) => sample.ms >= P99_TARGET_MS).length;
    const inRange = (entry: { at: number }) => entry.at - runStart >= from * 1000 && entry.at - runStart < (from + 10) * 1000;
    const worstLoop = Math.max(0, ...loop.filter(inRange).map((entry) => entry.max));
    const worstClient = Math.max(0, ...clientLoop.filter(inRange).map((entry) => entry.max));
    windows.push(`${from}s ${slow}/${inWindow.length} ${worstLoop.toFixed(0)}/${worstClient.toFixed(0)}`);
  }
  console.log(
    `requests ≥ ${P99_TARGET_MS} ms by 10-s window (slow/all, worst event-loop delay in ms of the edge/of the clients): ${windows.join('; ')}`,
  );
  if (loop.length) {
    const worst = loop.reduce((a, b) => (b.max > a.max ? b : a));
    const p99s = loop.map((entry) => entry.p99).sort((a, b) => a - b);
    console.log(
      `edge event-loop delay (per second): median p99 ${percentile(p99s, 50).toFixed(0)} ms, worst second's p99 ${p99s.at(-1)!.toFixed(0)} ms, max ${worst.max.toFixed(0)} ms at ${((worst.at - runStart) / 1000).toFixed(0)} s`,
    );
    const blocked = loop.filter((entry) => entry.max > 1_000);
    for (const entry of blocked.slice(0, 10))
      console.log(`  event loop blocked ${(entry.max / 1000).toFixed(1)} s at ${((entry.at - runStart) / 1000).toFixed(0)} s`);
  }

  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const p99Met = p99 < P99_TARGET_MS;
  const errorsMet = failed.length === 0;
  console.log(`p99 ${p99.toFixed(0)} ms at ${CLIENTS} dashboards (target < ${P99_TARGET_MS} ms) ${p99Met ? 'OK' : 'OVER'}`);
  console.log(`errors ${failed.length} of ${samples.length} requests (target 0) ${errorsMet ? 'OK' : 'OVER'}`);
  if (!p99Met || !errorsMet) process.exitCode = 1;
} finally {
  await edge.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
