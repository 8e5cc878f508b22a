import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { cell, cellAt } from './support/grid';
import { waitFor } from '../support/simulated-plant';

/**
 * What the dashboard's gauges say on the shift in progress (issue 25, point 7): the shift's figure under the shift's
 * caption is the one /resumen's card and the shift grid's row show for that shift, and the Ready order's figure stands
 * beside it under the order's own caption and is the order grid's row for that order. Before, the gauge showed the order's figure under the shift's name. The plant is live, so the screens are read together, each on its own polling, until they agree.
 */

const LINE = 1;
/** The figure compared: OEE, the one every screen shows (a grid keeps only the columns in view, so one is read). */
const INDICATORS = ['oee'] as const;

describe('the gauges show one thing each', () => {
  let plant: DemoPlant;
  let token: string;

  beforeAll(async () => {
    plant = await startDemoPlant();
    token = await plant.token('supervisor');
    // Grids and tiles refresh every 2 s and the stored indexes the grids show every 2 s instead of the defaults, so the
    // screens catch up with each other quickly.
    const set = await plant.edge.call('PUT', '/api/parameters/put', {
      token: await plant.token('admin'),
      form: { values: { gridRefreshTime: 2, oeeCalculationRefresh: 2 } },
    });
    if (set.status !== 200) throw new Error(set.text);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  const get = async (path: string, query: Record<string, string> = {}) => {
    const response = await plant.edge.call('GET', path, { token, query });
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body;
  };

  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  /** A grid cell's percentage, without the warning sign of a figure above nominal speed. */
  const percentOf = (cellText: string) => cellText.replace('⚠', '').trim();

  test('on the current shift: the dashboard’s shift figure is /resumen’s and the shift grid’s, the order’s beside it under its own caption', async () => {
    const indicators = await get('/api/indicators/get', { lineID: String(LINE) });
    const order = String(indicators.order.order);
    const shiftStart = String(indicators.shift.start);
    // The open shift's index row is written by the periodic refresh: the first one may not have run yet.
    const shiftRow = await waitFor(
      async () => {
        const shifts = (
          await get('/api/oeeindex/history/get', { sort: JSON.stringify([{ selector: 'shiftStart', desc: true }]), take: '40' })
        ).data as { lineID: number; shiftStart: string }[];
        const row = shifts.findIndex((item) => item.lineID === LINE && Date.parse(item.shiftStart) === Date.parse(shiftStart));
        return row >= 0 ? row : undefined;
      },
      'the open shift’s index row',
      30_000,
    );

    const open = async (path: string) => {
      const { page } = await openBrowser();
      await logIn(page, plant.edge.url, 'supervisor', 'demo', path);
      return page;
    };
    const dashboard = await open(`/?line=${LINE}`);
    await dashboard
      .getByTestId('gauge-oee-side-caption')
      .filter({ hasText: `Orden ${order}` })
      .waitFor();
    expect(await text(dashboard, 'gauge-oee-caption')).toMatch(/^Turno (Mañana|Tarde|Noche)$/);
    const overview = await open(`/resumen?lines=${LINE}`);
    await overview.getByTestId(`line-card-${LINE}-oee`).waitFor();
    const shiftGrid = await open('/indexes/shift');
    await shiftGrid.getByTestId('shift-indexes-grid').locator(`.ag-row[row-index="${shiftRow}"]`).waitFor();
    const orderGrid = await open('/indexes/order');
    await orderGrid.getByTestId('order-indexes-grid').locator('.ag-row [col-id="order"]', { hasText: order }).waitFor();

    // Each grid brings the column into view (a narrow window hides some), then its cells are read directly.
    const orderRow = Number(
      await orderGrid
        .getByTestId('order-indexes-grid')
        .locator('.ag-row', { has: orderGrid.locator('[col-id="order"]', { hasText: new RegExp(`^${order}$`) }) })
        .first()
        .getAttribute('row-index'),
    );
    for (const key of INDICATORS) {
      await cellAt(shiftGrid, 'shift-indexes-grid', shiftRow, key);
      await cell(orderGrid, 'order-indexes-grid', order, key);
    }
    const gridCell = async (page: Page, grid: string, row: number, key: string) =>
      percentOf(
        await page.getByTestId(grid).locator(`.ag-row[row-index="${row}"] [col-id="${key}"]`).first().innerText({ timeout: 5_000 }),
      );

    /** Every screen's OEE, read one after another. */
    const readAll = async () => {
      const shown = [];
      for (const key of INDICATORS) {
        shown.push({
          key,
          dashboardShift: await text(dashboard, `gauge-${key}-value`),
          dashboardOrder: await text(dashboard, `gauge-${key}-side-value`),
          shiftGrid: await gridCell(shiftGrid, 'shift-indexes-grid', shiftRow, key),
          orderGrid: await gridCell(orderGrid, 'order-indexes-grid', orderRow, key),
        });
      }
      return { shown, card: await text(overview, `line-card-${LINE}-oee`) };
    };
    // The order figure beside it is the Ready order's own (its caption names the order): the order grid's row for it.
    const agree = ({ shown, card }: Awaited<ReturnType<typeof readAll>>) =>
      shown.every((row) => row.dashboardShift === row.shiftGrid && row.dashboardOrder === row.orderGrid) &&
      shown[0]!.dashboardShift === card;

    // The plant moves every second, the grids show the stored indexes (refreshed every 2 s) and each screen polls on its
    // own: at some reading they show the same instant.
    let last = await readAll();
    for (let attempt = 0; attempt < 40 && !agree(last); attempt += 1) {
      await dashboard.waitForTimeout(1_000);
      last = await readAll();
    }
    expect(
      last.shown.every((row) => /^\d+%$/.test(row.dashboardShift) && /^\d+%$/.test(row.dashboardOrder)),
      JSON.stringify(last),
    ).toBe(true);
    expect(agree(last), JSON.stringify(last)).toBe(true);
  }, 360_000);
});
