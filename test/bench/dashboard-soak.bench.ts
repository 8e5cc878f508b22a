// The line dashboard left open for a simulated day in headless Chromium against the demo plant (its lines running and
// stopping by themselves): gridRefreshTime is set to BENCH_SOAK_REFRESH_SECONDS (default 1) instead of the demo's 15,
// so every tile polls, re-renders and redraws its charts 15 times as often, and BENCH_SOAK_MINUTES (default 96) makes
// as many refreshes as 24 hours at 15 s (5,760). Prints the JS heap after forced GC (after a warm-up minute, then every
// BENCH_SAMPLE_SECONDS, default 30), its growth and trend, the DOM nodes, and the frame times (requestAnimationFrame
// to requestAnimationFrame, every frame of the run) at p50/p99/max. The whole heap is no leak measure by itself: V8
// keeps compiling the page's code for many minutes, and the stops the plant makes add rows and bars to the shift on
// screen. So at the end the lines are held running (the screen stops changing) and the page that ran all along is
// compared with a fresh load of the same screen, JS objects apart from compiled code (heap snapshots), as
// dashboard.bench.ts does. Targets (issue 27): the heap flat (the JS objects kept beyond the fresh load ≤ 512 KB)
// and frame times under 50 ms at p99; each ends in OK or OVER. Asserts nothing.
// `npm run bench dashboard-soak`; a short run: BENCH_SOAK_MINUTES=1.
import { chromium, type CDPSession } from 'playwright-core';
import { startDemoPlant } from '../e2e/support/demo-plant';
import { logIn } from '../e2e/support/log-in';
import { chromiumPath } from '../support/chromium';
import { describeKept, keptBeyondFreshLoad } from './support/heap-kinds';
import { slope } from './support/stats';

const DEMO_REFRESH_SECONDS = 15;
const REFRESH_SECONDS = Number(process.env.BENCH_SOAK_REFRESH_SECONDS ?? 1);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? (24 * 60 * REFRESH_SECONDS) / DEMO_REFRESH_SECONDS);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30) * 1000;
const WARM_UP_MS = 60_000;
/** JS objects the page that ran all along may keep beyond a fresh load of the same screen. */
const HEAP_GROWTH_LIMIT = 512 * 1024;
/** How long the fresh load runs before it is measured: every tile loaded and polled many times. */
const FRESH_MS = 60_000;
const FRAME_P99_LIMIT_MS = 50;
const CHROMIUM_PATH = chromiumPath('browser');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const verdict = (met: boolean) => (met ? 'OK' : 'OVER');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

const plant = await startDemoPlant();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (let line = 1; line <= plant.simulator.lineCount; line += 1) plant.simulator.resumeAutomatic(line);
  const admin = await plant.token('admin');
  await plant.edge.call('PUT', '/api/parameters/put', { token: admin, form: { values: { gridRefreshTime: REFRESH_SECONDS } } });

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // Every frame's time from the previous one, kept in the page until the bench takes them.
  await page.addInitScript(() => {
    const frames: number[] = [];
    (window as unknown as { benchFrames: number[] }).benchFrames = frames;
    let last = 0;
    const tick = (now: number) => {
      if (last) frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await logIn(page, plant.edge.url, 'supervisor', 'demo', '/?line=1');
  await page.getByTestId('gauge-oee-value').waitFor();
  const cdp: CDPSession = await context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const domNodes = async () => (await cdp.send('Memory.getDOMCounters')).nodes;
  const takeFrames = () => page.evaluate(() => (window as unknown as { benchFrames: number[] }).benchFrames.splice(0));

  console.log(
    `dashboard of line 1, refreshing every ${REFRESH_SECONDS} s for ${MINUTES} min: ${Math.round((MINUTES * 60) / REFRESH_SECONDS)} refreshes, ${((MINUTES * 60 * DEMO_REFRESH_SECONDS) / REFRESH_SECONDS / 3600).toFixed(1)} h at the demo's ${DEMO_REFRESH_SECONDS} s`,
  );
  await page.waitForTimeout(Math.min(WARM_UP_MS, (MINUTES * 60_000) / 2));
  const frames: number[] = await takeFrames();
  const samples = [await heap()];
  const nodes = [await domNodes()];
  const end = Date.now() + MINUTES * 60_000 - Math.min(WARM_UP_MS, (MINUTES * 60_000) / 2);
  while (Date.now() < end) {
    await page.waitForTimeout(Math.min(SAMPLE_MS, Math.max(0, end - Date.now())));
    frames.push(...(await takeFrames()));
    samples.push(await heap());
    nodes.push(await domNodes());
    console.log(
      `  ${(((samples.length - 1) * SAMPLE_MS) / 60_000).toFixed(1)} min after the warm-up: ${mb(samples.at(-1)!)}, ${nodes.at(-1)} DOM nodes`,
    );
  }
  const stops = await plant.edge.edge.plant
    .db!.selectFrom('stops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const growth = samples.at(-1)! - samples[0]!;
  const perHour = (slope(samples) * 3_600_000) / SAMPLE_MS;
  const sorted = [...frames].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `JS heap after forced GC: ${mb(samples[0]!)} → ${mb(samples.at(-1)!)} (${growth >= 0 ? '+' : ''}${mb(growth)}), between ${mb(Math.min(...samples))} and ${mb(Math.max(...samples))}; trend ${mb(perHour)} per hour of the run; DOM nodes ${nodes[0]} → ${nodes.at(-1)}; the plant made ${stops.n} stops`,
  );
  console.log(
    `frame times over ${frames.length} frames: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );

  // The leak check proper: the screen held still, the page that ran all along against a fresh load of it.
  const leak = await keptBeyondFreshLoad(page, cdp, plant, { refreshSeconds: REFRESH_SECONDS, freshMs: FRESH_MS });
  console.log(describeKept(leak, MINUTES, FRESH_MS));
  const { kept } = leak;
  console.log(
    `heap: JS objects kept after ${MINUTES} min beyond a fresh load of the same screen ${mb(kept)} (target flat, ≤ ${mb(HEAP_GROWTH_LIMIT)}) ${verdict(kept <= HEAP_GROWTH_LIMIT)}`,
  );
  console.log(`frame time p99 ${p99.toFixed(1)} ms (target < ${FRAME_P99_LIMIT_MS} ms) ${verdict(p99 < FRAME_P99_LIMIT_MS)}`);
  await context.close();
} finally {
  await browser.close();
  await plant.close();
}
