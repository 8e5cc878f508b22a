// The two stop-summary pages in headless Chromium on a line with a year of stops (at least 200,000, 5,000 orders, a
// production row per minute, every order index computed): the time from clicking 'Aplicar' until the page shows its
// tables (and, on /paradas/resumen, the Pareto chart), measured inside the page. /paradas/resumen is applied to one
// plant day and to the current order; /paradas/resumen2 to the whole year (every shift, product, stop type and level).
// `node test/bench/run.mjs stop-summaries`. Target: ≤ 1 s each (median of RUNS fresh page loads). Prints figures only.
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { addPlantDays, shiftOf } from '../../edge/src/domain/calendar';
import { recalculateAllOrders } from '../../edge/src/modules/engine';
import { DEFAULT_DATABASE_FILE } from '../../edge/src/db/installation';
import { builtUiSnapshot } from '../e2e/support/ui-build';
import { startTestEdge } from '../support/test-edge';
import { MIN_STOPS, seedYearOfStops } from './year-of-stops';
import { chromiumPath } from '../support/chromium';

const TARGET_MS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINE = 1;
const ORDERS = 5_000;
const FIRST_DAY = '2025-05-05';
const LAST_DAY = '2026-05-04';
const CHROMIUM_PATH = chromiumPath('browser');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Clicks 'Aplicar' and answers the milliseconds until every selector matches, polled each frame inside the page (the
 * page was loaded fresh, so nothing of a former result can match).
 */
function timeToShown(page: Page, applyTestId: string, selectors: readonly string[]): Promise<number> {
  return page.evaluate(
    ([testId, wanted]) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        (document.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement).click();
        const check = () =>
          wanted.every((selector) => document.querySelector(selector)) ? resolve(performance.now() - start) : requestAnimationFrame(check);
        check();
      }),
    [applyTestId, selectors] as const,
  );
}

const select = (page: Page, name: string, label: string) => page.locator(`select[name="${name}"]`).selectOption({ label });
const optionsLoaded = (page: Page, name: string) =>
  page.waitForFunction(
    (field) => ((document.querySelector(`select[name="${field}"]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1,
    name,
  );

const uiDir = builtUiSnapshot();
// The year is written into the database before the edge serves it (a second writer beside a running edge would wait).
const first = await startTestEdge({ configured: true });
const { dataDir, adminPassword } = first;
const timeZone = first.edge.plant.timeZone;
await first.close({ keepData: true });
const seedStart = performance.now();
const yearStartMs = shiftOf('TM', FIRST_DAY, timeZone).startMs;
const yearEndMs = shiftOf('TM', addPlantDays(LAST_DAY, 1), timeZone).startMs;
const seeded = seedYearOfStops(join(dataDir, DEFAULT_DATABASE_FILE), { line: LINE, orders: ORDERS, yearStartMs, yearEndMs });
if (seeded.stops < MIN_STOPS) throw new Error(`only ${seeded.stops} stops seeded`);
const edge = await startTestEdge({ again: { dataDir, adminPassword: adminPassword! }, uiDir });
const recalculation = await recalculateAllOrders(edge.edge.plant.db!, { nowMs: Date.now(), timeZone }, 'bench');
console.log(
  `seeded line ${LINE}: ${seeded.stops.toLocaleString('en')} stops, ${ORDERS.toLocaleString('en')} orders (${recalculation.count} order indexes), ${seeded.productionMinutes.toLocaleString('en')} production minutes, ${FIRST_DAY} to ${LAST_DAY}, in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${edge.url}/login`);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(adminPassword!);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('nav-bar').waitFor();
  /** A fresh load of a summary page with the seeded line chosen. */
  const openWithLine = async (path: string) => {
    await page.goto(`${edge.url}${path}`);
    await optionsLoaded(page, 'sector');
    await select(page, 'sector', 'Envasado');
    await select(page, 'line', `Línea ${LINE}: Línea ${LINE}`);
  };

  const summary1 = async (period: string, date: string) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await openWithLine('/paradas/resumen');
      await page.locator('input[name="date"]').fill(date);
      await select(page, 'period', period);
      times.push(
        await timeToShown(page, 'summary-apply', [
          '[data-testid="summary-orders"] .ag-row',
          '[data-testid="summary-reason-row"]',
          '[data-testid="summary-pareto"] canvas',
        ]),
      );
    }
    return times;
  };

  const summary2 = async () => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await openWithLine('/paradas/resumen2');
      await page.locator('input[name="fromDate"]').fill(FIRST_DAY);
      await page.locator('input[name="toDate"]').fill(LAST_DAY);
      await select(page, 'shift', 'TO · Todos (06:00–06:00)');
      await optionsLoaded(page, 'product');
      await select(page, 'product', 'Todos');
      await optionsLoaded(page, 'stopType');
      await select(page, 'stopType', 'Todos');
      await select(page, 'level', 'Todos');
      times.push(await timeToShown(page, 'summary2-apply', ['[data-testid="summary-orders"] .ag-row', '[data-testid="summary-path-row"]']));
    }
    return times;
  };

  const report = (name: string, times: number[]) => {
    const value = median(times);
    console.log(
      `${name}: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${value.toFixed(0)} ms (target ≤ ${TARGET_MS} ms) ${value <= TARGET_MS ? 'OK' : 'OVER'}`,
    );
  };
  report(
    "/paradas/resumen, one plant day ('Aplicar' → orders, Pareto chart, stops by reason)",
    await summary1('Resumen del día (06:00–06:00)', '2026-02-02'),
  );
  report(
    "/paradas/resumen, the current order ('Aplicar' → orders, Pareto chart, stops by reason)",
    await summary1('Resumen de la orden actual', LAST_DAY),
  );
  report("/paradas/resumen2, the whole year ('Aplicar' → orders, stops by path)", await summary2());
} finally {
  await browser.close();
  await edge.close();
}
