// /indexes/order in headless Chromium on a plant with 5,000 orders: how soon after navigation the grid shows its first
// page of rows (the order-index call with its total count, and the grid drawn). Target ≤ 1 s. Prints figures, asserts
// nothing. `node test/bench/run.mjs order-indexes`. Environment: BENCH_ORDERS (default 5000), BENCH_LOADS (default 5).
import { chromium, type Page } from 'playwright-core';
import { DEMO_LINES } from '../../edge/src/demo/demo-plant';
import { startDemoPlant } from '../e2e/support/demo-plant';
import { logIn } from '../e2e/support/log-in';
import { chromiumPath } from '../support/chromium';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TARGET_MS = 1_000;
const CHROMIUM_PATH = chromiumPath('browser');
const MINUTE = 60_000;
/** Each line runs one order after another, this long each, back from the demo's start. */
const ORDER_MINUTES = 105;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from the start of navigation until the grid's first row shows its order (measured inside the page). */
async function timeToRows(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="order-indexes-grid"] .ag-row[row-index="0"] [col-id="order"]')?.textContent ?? '') !== '',
    undefined,
    {
      polling: 'raf',
      timeout: 30_000,
    },
  );
  return page.evaluate(() => performance.now());
}

const plant = await startDemoPlant();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  // Finalized orders with their final index, written straight into the database (a bench fixture, not the engine's
  // work): the lines take turns, each running its orders one after another before the demo began.
  const db = plant.edge.edge.plant.db!;
  const firstStart =
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min('startDate').as('start'))
        .executeTakeFirstOrThrow()
    ).start ?? Date.now();
  const perLine = Math.ceil(ORDERS / DEMO_LINES.length);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ORDERS; i += 1) {
      const line = DEMO_LINES[i % DEMO_LINES.length]!;
      const slot = perLine - Math.floor(i / DEMO_LINES.length);
      const startDate = firstStart - slot * ORDER_MINUTES * MINUTE;
      const endDate = startDate + (ORDER_MINUTES - 5) * MINUTE;
      const order = `${700_000 + i}-0`;
      const units = 90 * line.speed;
      await trx
        .insertInto('orders')
        .values({
          order,
          op: String(700_000 + i),
          version: 0,
          lineID: line.lineID,
          lot: `B${i}`,
          productCode: line.product,
          productName: line.product,
          startDate,
          endDate,
          desiredProductionQuantity: units,
          status: 2,
          productionQuantity: units,
          shiftStart: startDate,
          createdBy: 'bench',
          createDate: startDate,
          updatedBy: 'bench',
          updateDate: endDate,
        })
        .execute();
      await trx
        .insertInto('order_indexes')
        .values({
          order,
          lineID: line.lineID,
          productionQuantity: units,
          discardQuantity: 0,
          discountTime: 0,
          adjustedDiscountTime: 0,
          productionSpeed: line.speed * 0.9,
          staffedTime: 100 * MINUTE,
          staffedTimeCorrect: 100 * MINUTE,
          runtime: 90 * MINUTE,
          stopTime: 10 * MINUTE,
          failureTime: 10 * MINUTE,
          failureCount: 2,
          nominalSpeed: line.speed,
          utilization: 0.9,
          throughput: 0.9,
          acceptance: 1,
          oee: 0.81,
          mtbf: 45,
          mttr: 5,
          calculatedAt: endDate,
        })
        .execute();
    }
  });
  const total = (
    await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

  const supervisor = await plant.token('supervisor');
  const calls: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const started = performance.now();
    const page = await plant.edge.call('GET', '/api/oeeindex/get', {
      token: supervisor,
      query: { sort: JSON.stringify([{ selector: 'startDate', desc: true }]), skip: '0', take: '20', requireTotalCount: 'true' },
    });
    calls.push(performance.now() - started);
    if (page.status !== 200 || page.body.totalCount !== total)
      throw new Error(`order-index call: ${page.status} ${page.text.slice(0, 200)}`);
  }

  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await logIn(page, plant.edge.url, 'supervisor', 'demo');
  // A first visit loads the page's code (its own chunk) and the lines for the filter; the loads measured come after.
  await timeToRows(page, `${plant.edge.url}/indexes/order`);
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i += 1) loads.push(await timeToRows(page, `${plant.edge.url}/indexes/order`));
  const ttr = median(loads);
  console.log(`${total} orders (${ORDERS} finalized ones added, ${ORDERS / DEMO_LINES.length} per line)`);
  console.log(
    `GET /api/oeeindex/get (first page of 20, newest first, with total count): ${calls.map((ms) => ms.toFixed(1)).join(', ')} ms; median ${median(calls).toFixed(1)} ms`,
  );
  console.log(
    `time to rows (navigation → first page of the order-index grid shown): ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${ttr.toFixed(0)} ms (target ≤ ${TARGET_MS} ms) ${ttr <= TARGET_MS ? 'OK' : 'OVER'}`,
  );
  await context.close();
} finally {
  await browser.close();
  await plant.close();
}
