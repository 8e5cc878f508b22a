// The line dashboard in headless Chromium against the demo plant (its four lines changing by themselves): how soon
// after navigation it shows its data, and whether its JS heap stays flat while it runs for a long time (charts
// destroyed, no growing arrays, no leaking intervals).
// `node test/bench/run.mjs dashboard`. Targets: data within 1.5 s of navigation; the heap flat, that is no leak: at the
// end the lines are held running (the screen stops changing) and the page that ran all along keeps at most 512 KB
// more JS objects than the same screen loaded fresh (both measured in heap snapshots, compiled code apart). The whole
// V8 heap after forced GC is sampled too, but it is no leak measure by itself: V8 keeps optimizing the dashboard's code
// for many minutes (compiled code grows, more slowly as it goes), and new stops add rows and charts.
// Each target ends in a line with OK or OVER; the process fails when one is over. Environment:
// BENCH_DASHBOARD_MINUTES (default 10), BENCH_SAMPLE_SECONDS (default 30), BENCH_REFRESH_SECONDS (gridRefreshTime
// during the run, default 5: three times the demo's polling), BENCH_STEADY=1 (the lines held running: no new stops,
// so nothing on screen grows).
import { chromium, type Page } from 'playwright-core';
import { startDemoPlant } from '../e2e/support/demo-plant';
import { logIn } from '../e2e/support/log-in';
import { chromiumPath } from '../support/chromium';
import { describeKept, keptBeyondFreshLoad } from './support/heap-kinds';
import { slope } from './support/stats';

const MINUTES = Number(process.env.BENCH_DASHBOARD_MINUTES ?? 10);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30) * 1000;
const REFRESH_SECONDS = Number(process.env.BENCH_REFRESH_SECONDS ?? 5);
const TIME_TO_DATA_TARGET_MS = 1_500;
/** JS objects the page that ran all along may keep beyond a fresh load of the same screen. */
const HEAP_GROWTH_LIMIT = 512 * 1024;
/** How long the fresh load runs before it is measured: every tile loaded and polled a few times. */
const FRESH_MS = 60_000;
const CHROMIUM_PATH = chromiumPath('browser');
const LOADS = 3;
const WARM_UP_MS = Math.min(2 * 60_000, (MINUTES * 60_000) / 2);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / 1024).toFixed(0)} KB`;
const verdict = (met: boolean) => (met ? 'OK' : 'OVER');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from the start of navigation until the OEE gauge shows a percentage (measured inside the page). */
async function timeToData(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(
    () => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent?.trim() ?? ''),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return page.evaluate(() => performance.now());
}

const plant = await startDemoPlant();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  // The demo's lines run and stop by themselves, so stops come and go on the dashboard during the run (unless steady).
  const steady = process.env.BENCH_STEADY === '1';
  if (!steady) for (let line = 1; line <= plant.simulator.lineCount; line += 1) plant.simulator.resumeAutomatic(line);
  const admin = await plant.token('admin');
  await plant.edge.call('PUT', '/api/parameters/put', { token: admin, form: { values: { gridRefreshTime: REFRESH_SECONDS } } });

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await logIn(page, plant.edge.url, 'supervisor', 'demo');

  const dashboardUrl = `${plant.edge.url}/?line=1`;
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i += 1) loads.push(await timeToData(page, dashboardUrl));
  const ttd = median(loads);
  console.log(
    `time to data (navigation → OEE gauge shows its value): ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${ttd.toFixed(0)} ms (target ≤ ${TIME_TO_DATA_TARGET_MS} ms)`,
  );

  const cdp = await context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const domNodes = async () => (await cdp.send('Memory.getDOMCounters')).nodes;
  // Settle: first polls, charts created, lazy chunks parsed.
  await page.waitForTimeout(Math.min(SAMPLE_MS, 10_000));
  const samples: number[] = [await heap()];
  const nodes: number[] = [await domNodes()];
  console.log(
    `heap at start: ${mb(samples[0]!)}, ${nodes[0]} DOM nodes; sampling every ${SAMPLE_MS / 1000} s for ${MINUTES} min, gridRefreshTime ${REFRESH_SECONDS} s, ${steady ? 'lines held running' : 'lines running and stopping by themselves'}`,
  );
  const warmIndex = Math.round(WARM_UP_MS / SAMPLE_MS);
  const end = Date.now() + MINUTES * 60_000;
  while (Date.now() < end) {
    await page.waitForTimeout(Math.min(SAMPLE_MS, Math.max(0, end - Date.now())));
    samples.push(await heap());
    nodes.push(await domNodes());
    console.log(`  ${(((samples.length - 1) * SAMPLE_MS) / 60_000).toFixed(1)} min: ${mb(samples.at(-1)!)}, ${nodes.at(-1)} DOM nodes`);
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const max = Math.max(...samples);
  const stops = await plant.edge.edge.plant
    .db!.selectFrom('stops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `JS heap after forced GC: first ${mb(first)}, last ${mb(last)}, max ${mb(max)}, growth ${mb(last - first)} over ${MINUTES} min (${samples.length} samples; the plant made ${stops.n} stops meanwhile)`,
  );
  // The first minutes include the page's warm-up (code compiled and optimized, caches filled once); a leak keeps
  // growing after it, a warm-up does not.
  const warm = samples[Math.min(samples.length - 1, warmIndex)]!;
  const tail = samples.slice(warmIndex);
  console.log(
    `after the first ${WARM_UP_MS / 60_000} min: from ${mb(warm)} to ${mb(last)} (${mb(last - warm)}), between ${mb(Math.min(...tail))} and ${mb(Math.max(...tail))}; trend ${kb((slope(tail) * 60_000) / SAMPLE_MS)}/min; DOM nodes ${nodes[Math.min(nodes.length - 1, warmIndex)]} → ${nodes.at(-1)}`,
  );

  // The leak check proper: the screen held still, the page that ran all along against a fresh load of it.
  const leak = await keptBeyondFreshLoad(page, cdp, plant, { refreshSeconds: REFRESH_SECONDS, freshMs: FRESH_MS });
  console.log(describeKept(leak, MINUTES, FRESH_MS));
  const { kept } = leak;

  const ttdMet = ttd <= TIME_TO_DATA_TARGET_MS;
  const heapMet = kept <= HEAP_GROWTH_LIMIT;
  console.log(`time to data: median ${ttd.toFixed(0)} ms (target ≤ ${TIME_TO_DATA_TARGET_MS} ms) ${verdict(ttdMet)}`);
  console.log(
    `heap: JS objects kept after ${MINUTES} min beyond a fresh load of the same screen ${kb(kept)} (target: flat, ≤ ${HEAP_GROWTH_LIMIT / 1024} KB) ${verdict(heapMet)}`,
  );
  if (!ttdMet || !heapMet) process.exitCode = 1;
  await context.close();
} finally {
  await browser.close();
  await plant.close();
}
