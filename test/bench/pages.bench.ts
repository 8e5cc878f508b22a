// Cold loads of the app's pages in headless Chromium against the demo plant: per page, the time from navigation until
// its content shows, the renderer's CPU until then (the DevTools protocol's Performance metrics, TaskDuration, which
// is the main thread's task time: on a machine whose cores are all busy it also counts the time a task waited for a
// core, so beside it the renderer processes' own CPU time, SystemInfo.getProcessInfo, which does not), both again with the CPU throttled 4× (Emulation.
// setCPUThrottlingRate, standing in for a Celeron-class line terminal), and the JavaScript the load fetched before its
// content showed (compressed as sent, and uncompressed). Each load is a fresh browser context: nothing cached.
// Pages: the login form (interactive: React has committed it), the dashboard (the OEE gauge shows its value), a grid
// page (/indexes/order, its first row), a configuration tab (Usuarios, its first row) and the stop summary
// (/paradas/resumen, from 'Aplicar' to its tables and Pareto chart, on a day of the demo's week; its JS is the whole
// cold load's), and the record form of a grid (form: Usuarios' 'Nuevo' → its form's fields, on the loaded tab). Beside
// the login page, its floors (test/bench/floor, built here with the app's Vite configuration): the same form as static
// HTML without a script (floor-html: what any page costs the browser), drawn by React alone (floor-react), by Chakra UI with the app's theme (floor-chakra), and inside the app's providers and a
// data router (floor-stack), so the figures say how much of the login page's cost is the stack's. Targets (issue 27): idle ≤ 300 ms for the login form, ≤ 500 ms for the others; throttled 4× ≤ 1.5 s;
// CPU ≤ 250 ms for the login form, ≤ 500 ms for the dashboard and the grid pages; JS ≤ 150 kB compressed for the login
// page, ≤ 350 kB for the dashboard, ≤ 450 kB for a grid page. Prints figures with OK/OVER; asserts nothing.
// `npm run bench pages`. Environment: BENCH_LOADS (idle loads per page, default 3), BENCH_THROTTLED_LOADS (default 2),
// BENCH_PAGES (comma-separated page names, default all: login,floor-html,floor-react,floor-chakra,floor-stack,dashboard,grid,configuration,form,summary), BENCH_PROFILE_DIR
// (the renderer's CPU profile of each page's first idle load measured, `<page>.cpuprofile`, of the click alone where
// the page has one (form, summary), and its self time summed by package or app folder, printed; the floor pages'
// build kept beside them with source maps, floor-build/), BENCH_BASELINE_UI (the folder of another build of the app, a copy of an earlier
// dist/ui: each load is then made of both builds in turn, the earlier first, so both meet the same machine, and each
// build's figures are printed; its profiles are `<page>.before.cpuprofile`), BENCH_TRACE_DIR (a Chromium trace of each
// page's first idle load measured, until its content shows, `<page>.trace.json`, and the self time of each kind of
// event on the page's main thread printed: style, layout, script parsing and compiling, running them), BENCH_SCRIPTS=1
// (the scripts of each page's first measured load, as sent, largest first).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { uiFolder } from '../../edge/src/http/ui-files';
import { addPlantDays } from '../../edge/src/domain/calendar';
import { DEFAULT_CALENDAR, plantDateAt } from '../../edge/src/domain/work-calendar';
import { DEMO_LINES } from '../../edge/src/demo/demo-plant';
import { startDemoPlant } from '../e2e/support/demo-plant';
import { chromiumPath } from '../support/chromium';
import { buildFloorPages, FLOOR_PAGES } from './support/floor-build';
import { mainThreadSelfTime } from './support/trace-summary';

const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const THROTTLED_LOADS = Number(process.env.BENCH_THROTTLED_LOADS ?? 2);
const THROTTLE = 4;
const CHROMIUM_PATH = chromiumPath('browser');
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const wanted = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const BASELINE_UI = process.env.BENCH_BASELINE_UI;

interface PageCase {
  name: string;
  path: string;
  /** Signed in as this demo user, or not at all. */
  user?: string;
  /** The page's content, tested inside the page each frame. */
  ready: string;
  /** Something to do once `ready` holds before the measured part (the stop summary: its filter), and the measured click. */
  apply?: { prepare(page: Page): Promise<void>; click: string; clickName: string; shown: string };
  targets: { idleMs: number; throttledMs: number; cpuMs?: number; jsKB?: number };
}

interface Load {
  ms: number;
  cpuMs: number;
  /** The renderer processes' own CPU time (user + system), which waiting for a busy machine's CPU does not add to. */
  processCpuMs: number;
  jsCompressed: number;
  jsUncompressed: number;
}

const median = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : Number.NaN);
const verdict = (value: number, target: number | undefined) =>
  target === undefined ? '' : ` (target ≤ ${target}) ${value <= target ? 'OK' : 'OVER'}`;

/** The build the next load gets: this one's, or the baseline's (BENCH_BASELINE_UI). */
type Build = 'before' | 'after';
let serving: Build = 'after';
const baseline = BASELINE_UI ? uiFolder(BASELINE_UI) : undefined;
if (BASELINE_UI && !baseline?.read('index.html')) throw new Error(`BENCH_BASELINE_UI: no index.html in ${BASELINE_UI}`);
const floorNames = FLOOR_PAGES.map((floor) => `floor-${floor}`);
// With BENCH_PROFILE_DIR the floor's build is kept there with its source maps (floor-build/), else removed at the end.
const floorDir =
  !wanted || wanted.some((name) => floorNames.includes(name))
    ? await buildFloorPages(PROFILE_DIR ? join(PROFILE_DIR, 'floor-build') : undefined)
    : undefined;
const floor = floorDir ? uiFolder(floorDir) : undefined;
const plant = await startDemoPlant({
  serveUi: (built) => ({
    read: (path) =>
      path.startsWith('floor/')
        ? floor?.read(path.slice('floor/'.length))
        : (serving === 'before' && baseline ? baseline : built).read(path),
  }),
});
const timeZone = plant.edge.edge.plant.timeZone;
const yesterday = addPlantDays(plantDateAt(DEFAULT_CALENDAR, Date.now(), timeZone), -1);
const line = DEMO_LINES[0];

const select = (page: Page, name: string, label: string) => page.locator(`select[name="${name}"]`).selectOption({ label });
const optionsLoaded = (page: Page, name: string) =>
  page.waitForFunction(
    (field) => ((document.querySelector(`select[name="${field}"]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1,
    name,
  );

const firstRow = (grid: string) => `(document.querySelector('${grid} .ag-row[row-index="0"] .ag-cell')?.textContent ?? '') !== ''`;
const loginTargets = { idleMs: 300, throttledMs: 1500, cpuMs: 250, jsKB: 150 };
const cases: PageCase[] = [
  {
    name: 'login',
    path: '/login',
    ready: `!!document.querySelector('input[name="username"]')`,
    targets: loginTargets,
  },
  // The login form on less than the app (test/bench/floor): static HTML, React alone, React and Chakra UI with the
  // app's theme, and the whole stack as the app starts it; how near the stack lets the login page come to its targets.
  ...FLOOR_PAGES.map((floor) => ({
    name: `floor-${floor}`,
    path: `/floor/${floor}.html`,
    ready: `!!document.querySelector('input[name="username"]')`,
    targets: loginTargets,
  })),
  {
    name: 'dashboard',
    path: `/?line=${line.lineID}`,
    user: 'supervisor',
    ready: `/^\\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent?.trim() ?? '')`,
    targets: { idleMs: 500, throttledMs: 1500, cpuMs: 500, jsKB: 350 },
  },
  {
    name: 'grid',
    path: '/indexes/order',
    user: 'supervisor',
    ready: firstRow('[data-testid="order-indexes-grid"]'),
    targets: { idleMs: 500, throttledMs: 1500, cpuMs: 500, jsKB: 450 },
  },
  {
    name: 'configuration',
    path: '/configuracion?tab=users',
    user: 'admin',
    ready: firstRow('[data-testid="tab-content-users"]'),
    targets: { idleMs: 500, throttledMs: 1500, cpuMs: 500, jsKB: 450 },
  },
  {
    name: 'form',
    path: '/configuracion?tab=users',
    user: 'admin',
    ready: firstRow('[data-testid="tab-content-users"]'),
    apply: {
      async prepare() {},
      click: 'users-grid-add',
      clickName: "'Nuevo'",
      shown: `!!document.querySelector('[data-testid="record-form"] input[name="userID"]')`,
    },
    targets: { idleMs: 500, throttledMs: 1500 },
  },
  {
    name: 'summary',
    path: '/paradas/resumen',
    user: 'supervisor',
    ready: `!!document.querySelector('[data-testid="summary-apply"]')`,
    apply: {
      async prepare(page) {
        await optionsLoaded(page, 'sector');
        await select(page, 'sector', line.sector);
        await select(page, 'line', `Línea ${line.lineID}: ${line.description}`);
        await page.locator('input[name="date"]').fill(yesterday);
        await select(page, 'period', 'Resumen del día (06:00–06:00)');
      },
      click: 'summary-apply',
      clickName: "'Aplicar'",
      shown: `!!(document.querySelector('[data-testid="summary-orders"] .ag-row') && document.querySelector('[data-testid="summary-reason-row"]') && document.querySelector('[data-testid="summary-pareto"] canvas'))`,
    },
    targets: { idleMs: 500, throttledMs: 1500, jsKB: 450 },
  },
];

/** The stored session of each demo user (what the login page keeps in localStorage), signed in once. */
const sessions = new Map<string, string>();
async function sessionOf(userID: string): Promise<string> {
  if (!sessions.has(userID)) {
    const response = await plant.edge.call('POST', '/api/users/authenticate', { json: { userid: userID, password: 'demo' } });
    if (response.status !== 200) throw new Error(`sign-in of ${userID}: ${response.text}`);
    const { roleID, firstName, lastName, token } = response.body as Record<string, unknown>;
    sessions.set(userID, JSON.stringify({ userID, roleID, firstName, lastName, token, mustChangePassword: false }));
  }
  return sessions.get(userID)!;
}

/** CPU seconds of each renderer process of the browser, by process id (SystemInfo.getProcessInfo). */
async function rendererCpu(browserCdp: CDPSession): Promise<Map<number, number>> {
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  return new Map(processInfo.filter((process) => process.type === 'renderer').map((process) => [process.id, process.cpuTime]));
}

/** CPU seconds the renderers spent between two readings (a process started meanwhile counts whole). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [id, cpu] of after) seconds += cpu - (before.get(id) ?? 0);
  return seconds;
}

const taskSeconds = async (cdp: CDPSession) =>
  (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')!.value;

/**
 * The scripts the page fetched before `until` (ms from navigation), by Resource Timing: their bodies as sent
 * (compressed) and decoded. Scripts fetched later (preloaded on idle) are not counted.
 */
function scriptBytes(page: Page, until: number): Promise<{ compressed: number; uncompressed: number; files: [string, number][] }> {
  return page.evaluate((end) => {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => /\.m?js(\?|$)/.test(entry.name) && entry.startTime <= end,
    );
    return {
      compressed: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      uncompressed: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      files: scripts.map((entry): [string, number] => [entry.name.replace(/^.*\//, ''), entry.encodedBodySize]),
    };
  }, until);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** A profile's self time by where its code comes from: a package of node_modules, a folder of the app, or V8's own work (GC, compiling). */
function selfTimeBySource(profile: CpuProfile): [string, number][] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySource = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { url, functionName } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') return;
    const source = url
      ? (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[\w-]{8}\.js$/, '.js'))
      : `(${functionName || 'program'})`;
    bySource.set(source, (bySource.get(source) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...bySource].sort((a, b) => b[1] - a[1]);
}

async function coldLoad(
  browser: Browser,
  browserCdp: CDPSession,
  test: PageCase,
  throttle: number,
  first = false,
  build: Build = 'after',
): Promise<Load> {
  serving = build;
  const profile = first && PROFILE_DIR !== undefined;
  const trace = first && TRACE_DIR !== undefined ? join(TRACE_DIR, `${test.name}${build === 'before' ? '.before' : ''}.trace.json`) : null;
  const profileName = `${test.name}${build === 'before' ? '.before' : ''}.cpuprofile`;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    if (test.user) await context.addInitScript((stored) => localStorage.setItem('user', stored), await sessionOf(test.user));
    // Each frame from the document's start: the moment the page's content first shows, in ms from navigation.
    await context.addInitScript(`(() => {
      const check = () => { if (${test.ready}) window.__benchReady = performance.now(); else requestAnimationFrame(check); };
      requestAnimationFrame(check);
    })()`);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`  ${test.name}: page error: ${error.message}`));
    page.on('crash', () => console.log(`  ${test.name}: the page crashed`));
    const cdp = await context.newCDPSession(page);
    // A same-origin document first, so the page's own load runs in the renderer measured (no process swap).
    await page.goto(`${plant.edge.url}/meta.json`);
    await cdp.send('Performance.enable');
    if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (trace) {
      mkdirSync(TRACE_DIR!, { recursive: true });
      await browser.startTracing(page, {
        path: trace,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'disabled-by-default-v8.compile',
          'blink',
          'loading',
        ],
      });
    }
    const before = await taskSeconds(cdp);
    const processesBefore = await rendererCpu(browserCdp);
    await page.goto(`${plant.edge.url}${test.path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __benchReady?: number }).__benchReady, undefined, { timeout: 60_000 });
    if (trace) {
      const recordedTrace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      const top = mainThreadSelfTime(recordedTrace).slice(0, 14);
      console.log(`  trace (${trace}), main thread self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`);
    }
    // The profile ends as the content shows (the stop summary's: as its tables show), not with the work after it.
    let recorded: unknown;
    const stopProfile = async () => {
      if (profile) recorded = (await cdp.send('Profiler.stop')).profile;
    };
    if (!test.apply) await stopProfile();
    let ms = await page.evaluate(() => (window as unknown as { __benchReady: number }).__benchReady);
    let cpu = (await taskSeconds(cdp)) - before;
    let processCpu = cpuBetween(processesBefore, await rendererCpu(browserCdp));
    let until = ms;
    if (test.apply) {
      await test.apply.prepare(page);
      // The profile of a page with a measured click is the click's alone.
      if (profile) {
        await cdp.send('Profiler.stop');
        await cdp.send('Profiler.start');
      }
      const beforeApply = await taskSeconds(cdp);
      const processesBeforeApply = await rendererCpu(browserCdp);
      ms = await page.evaluate(
        ([testId, shown]) =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            (document.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement).click();
            const isShown = new Function(`return ${shown}`) as () => boolean;
            const check = () => (isShown() ? resolve(performance.now() - start) : requestAnimationFrame(check));
            check();
          }),
        [test.apply.click, test.apply.shown] as const,
      );
      await stopProfile();
      cpu = (await taskSeconds(cdp)) - beforeApply;
      processCpu = cpuBetween(processesBeforeApply, await rendererCpu(browserCdp));
    }
    if (test.apply) until = await page.evaluate(() => performance.now());
    const { compressed, uncompressed, files } = await scriptBytes(page, until);
    // BENCH_SCRIPTS=1: the scripts of the page's first measured load, largest first (what its JavaScript figure is made of).
    if (first && process.env.BENCH_SCRIPTS === '1')
      console.log(
        `  ${test.name}${build === 'before' ? ' [before]' : ''} scripts (${files.length}): ${files
          .sort((a, b) => b[1] - a[1])
          .map(([name, bytes]) => `${name} ${(bytes / 1000).toFixed(1)}`)
          .join(', ')}`,
      );
    if (recorded && PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(join(PROFILE_DIR, profileName), JSON.stringify(recorded));
      const top = selfTimeBySource(recorded as CpuProfile).slice(0, 12);
      console.log(
        `  profile (${join(PROFILE_DIR, profileName)}), self time: ${top.map(([source, ms]) => `${source} ${ms.toFixed(0)} ms`).join(', ')}`,
      );
    }
    return { ms, cpuMs: cpu * 1000, processCpuMs: processCpu * 1000, jsCompressed: compressed, jsUncompressed: uncompressed };
  } finally {
    await context.close();
  }
}

function report(test: PageCase, label: string, idle: Load[], throttled: Load[]): void {
  const what = test.apply ? `${test.apply.clickName} → content` : 'navigation → content';
  const ms = median(idle.map((load) => load.ms));
  const cpu = median(idle.map((load) => load.cpuMs));
  const processCpu = median(idle.map((load) => load.processCpuMs));
  const slowMs = median(throttled.map((load) => load.ms));
  const slowCpu = median(throttled.map((load) => load.cpuMs));
  const kB = median(idle.map((load) => load.jsCompressed)) / 1000;
  const rawKB = median(idle.map((load) => load.jsUncompressed)) / 1000;
  console.log(`${test.name} (${test.path})${label}:`);
  console.log(
    `  ${what}: ${idle.map((load) => load.ms.toFixed(0)).join(', ')} ms; median ${ms.toFixed(0)} ms${verdict(ms, test.targets.idleMs)}`,
  );
  console.log(
    `  renderer CPU until then (TaskDuration): ${idle.map((load) => load.cpuMs.toFixed(0)).join(', ')} ms; median ${cpu.toFixed(0)} ms${verdict(cpu, test.targets.cpuMs)}`,
  );
  console.log(
    `  renderer processes' CPU time until then: ${idle.map((load) => load.processCpuMs.toFixed(0)).join(', ')} ms; median ${processCpu.toFixed(0)} ms${verdict(processCpu, test.targets.cpuMs)}`,
  );
  if (throttled.length)
    console.log(
      `  CPU ${THROTTLE}× throttled: ${what} ${throttled.map((load) => load.ms.toFixed(0)).join(', ')} ms; median ${slowMs.toFixed(0)} ms${verdict(slowMs, test.targets.throttledMs)}; renderer CPU ${slowCpu.toFixed(0)} ms`,
    );
  console.log(
    `  JavaScript fetched: ${kB.toFixed(0)} kB as sent${verdict(Math.round(kB), test.targets.jsKB)}, ${rawKB.toFixed(0)} kB uncompressed`,
  );
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const browserCdp = await browser.newBrowserCDPSession();
try {
  console.log(`Chromium ${browser.version()}; ${LOADS} idle and ${THROTTLED_LOADS} ${THROTTLE}× throttled cold loads per page; medians`);
  const builds: Build[] = baseline ? ['before', 'after'] : ['after'];
  if (baseline) console.log(`Each load made of the baseline build (${BASELINE_UI}, "before") and this one ("after") in turn`);
  for (const test of cases.filter((each) => !wanted || wanted.includes(each.name))) {
    const idle = new Map<Build, Load[]>(builds.map((build) => [build, []]));
    const throttled = new Map<Build, Load[]>(builds.map((build) => [build, []]));
    // One load not counted: the edge's own caches and the page's first queries warmed, as on a plant's running edge.
    for (const build of builds) await coldLoad(browser, browserCdp, test, 1, false, build);
    for (let i = 0; i < LOADS; i += 1) {
      for (const build of builds) idle.get(build)!.push(await coldLoad(browser, browserCdp, test, 1, i === 0, build));
    }
    for (let i = 0; i < THROTTLED_LOADS; i += 1) {
      for (const build of builds) throttled.get(build)!.push(await coldLoad(browser, browserCdp, test, THROTTLE, false, build));
    }
    for (const build of builds) report(test, baseline ? ` [${build}]` : '', idle.get(build)!, throttled.get(build)!);
  }
} finally {
  await browser.close();
  await plant.close();
  if (floorDir && !PROFILE_DIR) rmSync(floorDir, { recursive: true, force: true });
}
