import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { percentLabel } from '../../ui/src/lib/indicator-format';
import { logIn, openBrowser } from './support/browser';
import { DEMO_PASSWORD, startDemoPlant, type DemoPlant } from './support/demo-plant';
import { configure } from '../../edge/src/modules/setup/setup.service';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { cell, cellAt } from './support/grid';

/**
 * One set of numbers (issue "Every analysis and technical screen", "Numbers that agree"): for an order and a shift of
 * the demo plant's week, after a split and an adjustment, the order-index and shift-index grids, the dashboard's
 * indicators, the Excel report and the stop summaries say the same: the same indicator values, the same minutes of
 * stop, clipped the same way. Times in the API are minutes, ratios 0..1; the report writes the same values.
 */

const INDICATORS = ['oee', 'utilization', 'throughput', 'acceptance', 'mtbf', 'mttr'] as const;
const LINE = 1;

interface Row {
  [key: string]: unknown;
}

/** A plant's edge with a supervisor's session, and the API reads the checks make. */
interface ApiPlant {
  edge: TestEdge;
  token: string;
  get(path: string, query?: Record<string, string | number>): Promise<any>;
  /** A sheet of the 'Reporte OEE' workbook as rows of header → value. */
  reportSheet(sheet: string, query: Record<string, string | number>): Promise<Row[]>;
}

function apiPlant(edge: TestEdge, token: string): ApiPlant {
  return {
    edge,
    token,
    async get(path, query = {}) {
      const response = await edge.call('GET', path, {
        token,
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      });
      expect(response.status, `${path}: ${response.text}`).toBe(200);
      return response.body;
    },
    async reportSheet(sheet, query) {
      const url = new URL('/api/reports/completeoaereport', edge.url);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const rows: unknown[][] = [];
      workbook.getWorksheet(sheet)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const [header, ...data] = rows;
      return data.map((values) => Object.fromEntries(header!.map((name, index) => [String(name), values[index] ?? null])));
    },
  };
}

/** The report's columns of the indicators, as the order and shift sheets name them. */
const REPORT_COLUMNS: Record<string, string> = {
  oee: 'OEE',
  utilization: 'Utilización',
  throughput: 'Rendimiento',
  acceptance: 'Aceptación',
  mtbf: 'MTBF (min)',
  mttr: 'MTTR (min)',
  runtime: 'Tiempo en marcha (min)',
  staffedTime: 'Tiempo dotado (min)',
  discountTime: 'Tiempo descontado (min)',
};

const pick = (row: Row, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
const close = (actual: Record<string, unknown>, expected: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(expected)) {
    if (typeof value === 'number') expect(actual[key], key).toBeCloseTo(value, 6);
    else expect(actual[key], key).toEqual(value);
  }
};

/** An order of the week: the order-index grid, the order list, the report and the stop summary of its span. */
async function orderAgrees(target: ApiPlant): Promise<void> {
  const { edge, token, get, reportSheet } = target;
  const [order] = (
    await get('/api/oeeindex/get', {
      filter: JSON.stringify([['lineID', '=', LINE], 'and', ['status', '=', 2]]),
      sort: JSON.stringify([{ selector: 'endDate', desc: true }]),
      take: 1,
    })
  ).data as Row[];
  expect(order).toBeDefined();

  // Split a recognized stop of the order in two, and adjust the order's discount: both change what is computed.
  const [stop] = (
    await get('/api/stops/get', {
      filter: JSON.stringify([['lineID', '=', LINE], 'and', ['order', '=', order!.order], 'and', ['recognized', '=', true]]),
      sort: JSON.stringify([{ selector: 'duration', desc: true }]),
      take: 1,
    })
  ).data as Row[];
  const start = Date.parse(String(stop!.startDate));
  const end = Date.parse(String(stop!.endDate));
  const cut = new Date(Math.floor((start + end) / 2 / 60_000) * 60_000).toISOString();
  const split = await edge.call('POST', '/api/stops/split', {
    token,
    json: { stopID: stop!.stopID, lineID: LINE, order: order!.order, newStart: cut, user: 'supervisor', password: 'demo' },
  });
  expect(split.status, split.text).toBe(200);
  const [listed] = (await get('/api/orders', { orderID: String(order!.order) })).data as Row[];
  const adjustMinutes = Math.floor(Number(listed!.stopTime) / 2);
  expect(adjustMinutes).toBeGreaterThan(0);
  const adjust = await edge.call('PUT', '/api/oeeindex/adjust', {
    token,
    json: { order: order!.order, discountTime: adjustMinutes, user: 'supervisor', password: 'demo' },
  });
  expect(adjust.status, adjust.text).toBe(200);

  const [grid] = (await get('/api/oeeindex/get', { filter: JSON.stringify([['order', '=', order!.order]]) })).data as Row[];
  const [list] = (await get('/api/orders', { orderID: String(order!.order) })).data as Row[];
  const keys = [...INDICATORS, 'runtime', 'staffedTime', 'discountTime', 'adjustedDiscountTime', 'productionQuantity'];
  expect(grid!.adjustedDiscountTime).toBeCloseTo(adjustMinutes, 6);
  expect(grid!.oee).not.toBeCloseTo(Number(order!.oee), 6);
  close(pick(list!, keys), pick(grid!, keys));

  const report = (await reportSheet('Ordenes', { startDate: String(grid!.startDate), endDate: String(grid!.endDate), lineID: LINE })).find(
    (row) => row.Orden === grid!.order,
  );
  expect(report).toBeDefined();
  for (const [key, column] of Object.entries(REPORT_COLUMNS)) expect(report![column], column).toBeCloseTo(Number(grid![key]), 6);

  // The stop summary of the order's span counts the stop time the order's index counts: its stops and its
  // discounted (planned) stops.
  const summary = await get('/api/stops/getStopsSummary', {
    line: LINE,
    startDate: String(grid!.startDate),
    endDate: String(grid!.endDate),
  });
  expect(summary.totalMinutes).toBeCloseTo(Number(list!.stopTime) + Number(list!.discountTime), 1);
  const stops = await reportSheet('Paradas', { startDate: String(grid!.startDate), endDate: String(grid!.endDate), lineID: LINE });
  expect(stops.reduce((total, row) => total + Number(row['Duración (min)']), 0)).toBeCloseTo(summary.totalMinutes, 1);
}

/** A closed shift of the week: the shift-index grid, the dashboard, the report and the stop summaries of its span. */
async function shiftAgrees(target: ApiPlant): Promise<void> {
  const { get, reportSheet } = target;
  const [shift] = (
    await get('/api/oeeindex/history/get', { filter: JSON.stringify([['lineID', '=', LINE], 'and', ['closed', '=', true]]), take: 4 })
  ).data as Row[];
  expect(shift).toBeDefined();
  const keys = [...INDICATORS, 'runtime', 'staffedTime', 'discountTime', 'productionQuantity'];

  const history = await get('/api/history/get', { lineId: LINE, shiftStart: String(shift!.shiftStart) });
  close(pick(history, keys), pick(shift!, keys));

  const dashboard = await get('/api/indicators/get', { lineID: LINE, shiftStart: String(shift!.shiftStart) });
  close(pick(dashboard.shift, INDICATORS), pick(shift!, INDICATORS));
  const sameShift = (dashboard.perShift as Row[]).find((item) => item.code === shift!.shift);
  close(pick(sameShift!, INDICATORS), pick(shift!, INDICATORS));

  const report = (
    await reportSheet('Turnos', { startDate: String(shift!.shiftStart), endDate: String(shift!.shiftEnd), lineID: LINE })
  ).find((row) => row.Turno === shift!.shift);
  expect(report).toBeDefined();
  for (const [key, column] of Object.entries(REPORT_COLUMNS)) expect(report![column], column).toBeCloseTo(Number(shift![key]), 6);

  // Summary 1 (by reason) and summary 2 (by path, all levels) of the shift's span: the same total, the shift's stop
  // and discounted time (its staffed time less its runtime); the report's stops of that span, clipped, add up to it.
  const byReason = await get('/api/stops/getStopsSummary', {
    line: LINE,
    startDate: String(shift!.shiftStart),
    endDate: String(shift!.shiftEnd),
  });
  const byPath = await get('/api/stops/getStopsSummary', {
    line: LINE,
    startDate: String(shift!.shiftStart),
    endDate: String(shift!.shiftEnd),
    product: 'all',
    root: 0,
    level: 'all',
  });
  expect(byPath.totalMinutes).toBe(byReason.totalMinutes);
  expect((byReason.byReason as Row[]).reduce((total, row) => total + Number(row.duration), 0)).toBeCloseTo(byReason.totalMinutes, 1);
  expect(byReason.totalMinutes).toBeCloseTo(Number(shift!.stopTime) + Number(shift!.discountTime), 1);
  expect(byReason.totalMinutes).toBeCloseTo(Number(shift!.staffedTime) - Number(shift!.runtime), 1);
  const stops = await reportSheet('Paradas', { startDate: String(shift!.shiftStart), endDate: String(shift!.shiftEnd), lineID: LINE });
  expect(stops.reduce((total, row) => total + Number(row['Duración (min)']), 0)).toBeCloseTo(byReason.totalMinutes, 1);
}

/** The order's and the closed shift's agreement across grids, lists, the dashboard, the report and the summaries. */
function agreementTests(target: () => ApiPlant): void {
  test(
    'an order of the week: the order-index grid, the order list, the report and the stop summary of its span',
    () => orderAgrees(target()),
    120_000,
  );

  test(
    'a closed shift of the week: the shift-index grid, the dashboard, the report and the stop summaries of its span',
    () => shiftAgrees(target()),
    120_000,
  );
}

describe('numbers agree across screens', () => {
  let plant: DemoPlant;
  let api: ApiPlant;
  const get: ApiPlant['get'] = (path, query) => api.get(path, query);

  beforeAll(async () => {
    plant = await startDemoPlant();
    api = apiPlant(plant.edge, await plant.token('supervisor'));
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  agreementTests(() => api);

  test('the screens show those figures as every indicator reads: the order and shift grids and the dashboard of the shift', async () => {
    const [order] = (
      await get('/api/oeeindex/get', {
        filter: JSON.stringify([['lineID', '=', LINE], 'and', ['status', '=', 2]]),
        sort: JSON.stringify([{ selector: 'endDate', desc: true }]),
        take: 1,
      })
    ).data as Row[];
    /** The newest closed shift of the line, and its row in the grid (newest first). */
    const newestClosedShift = async () => {
      const shifts = (await get('/api/oeeindex/history/get', { sort: JSON.stringify([{ selector: 'shiftStart', desc: true }]), take: 40 }))
        .data as Row[];
      const rowIndex = shifts.findIndex((row) => row.lineID === LINE && row.closed === true);
      return { rowIndex, shift: shifts[rowIndex]! };
    };
    let { rowIndex, shift } = await newestClosedShift();
    const { page } = await openBrowser();
    await logIn(page, plant.edge.url, 'supervisor', 'demo', '/indexes/order');
    await page
      .getByTestId('order-indexes-grid')
      .locator('.ag-row [col-id="order"]', { hasText: String(order!.order) })
      .waitFor();
    for (const key of ['oee', 'utilization', 'throughput', 'acceptance'])
      expect(await cell(page, 'order-indexes-grid', String(order!.order), key), key).toBe(percentLabel(Number(order![key])));

    // A shift that begins meanwhile (the test running in a shift's first minutes) adds a row above and may close the
    // one read: then the grid is read again against the indexes as they are now.
    for (let attempt = 1; ; attempt += 1) {
      await page.goto(`${plant.edge.url}/indexes/shift`);
      const start = String(shift.shiftStart).slice(0, 19).replace('T', ' ');
      const shown = await page
        .waitForFunction(
          ({ index, start }) =>
            document.querySelector(`[data-testid="shift-indexes-grid"] .ag-row[row-index="${index}"] [col-id="shiftStart"]`)
              ?.textContent === start,
          { index: rowIndex, start },
          { timeout: 20_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (shown) break;
      if (attempt === 3) throw new Error(`the shift grid's row ${rowIndex} never showed the shift of ${start}`);
      ({ rowIndex, shift } = await newestClosedShift());
    }
    for (const key of ['oee', 'utilization', 'throughput', 'acceptance'])
      expect(await cellAt(page, 'shift-indexes-grid', rowIndex, key), key).toBe(percentLabel(Number(shift[key])));

    // The dashboard, one shift back from now when that is the shift (the newest closed one is the shift before now).
    const now = await get('/api/calendar/now');
    if (now.shift.start === shift.shiftEnd) {
      await page.goto(`${plant.edge.url}/?line=${LINE}`);
      const label = page.getByTestId('shift-label');
      await label.filter({ hasText: /Turno/ }).waitFor();
      const current = await label.innerText();
      await page.getByTestId('shift-back').click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="shift-label"]')?.textContent !== before, current);
      for (const key of ['utilization', 'throughput']) {
        await page
          .getByTestId(`gauge-${key}-value`)
          .filter({ hasText: percentLabel(Number(shift[key])) })
          .waitFor();
      }
    }
  }, 180_000);
});

/**
 * The same API checks on the demo plant of `oee-edge demo --shifts 07:00,19:00`: its work calendar two 12-hour shifts
 * from 07:00 (T1, T2) every day, its week of history computed by them. An edge of its own without the app (the checks
 * read the API and the report), set up as the command sets it up.
 */
describe('numbers agree on a demo plant of two 12-hour shifts from 07:00 (oee-edge demo --shifts 07:00,19:00)', () => {
  let edge: TestEdge;
  let api: ApiPlant;

  beforeAll(async () => {
    edge = await startTestEdge({ configured: false, timeZone: 'Europe/Madrid' });
    const setup = await configure(edge.edge.plant, { databaseSelected: 'sqlite', demo: true, demoShifts: ['07:00', '19:00'] }, 'en');
    if (!setup.valid) throw new Error(`demo setup: ${setup.error}`);
    const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: 'supervisor', password: DEMO_PASSWORD } });
    api = apiPlant(edge, login.body.token as string);
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  test("its shifts are the calendar's: T1 from 07:00 and T2 from 19:00", async () => {
    const now = await api.get('/api/calendar/now');
    expect(['T1', 'T2']).toContain(now.shift.code);
    const closed = (await api.get('/api/oeeindex/history/get', { filter: JSON.stringify([['closed', '=', true]]), take: 100 }))
      .data as Row[];
    expect(closed.length).toBeGreaterThan(10);
    for (const row of closed) expect(`${row.shift} ${String(row.shiftStart).slice(11, 16)}`).toMatch(/^(T1 07:00|T2 19:00)$/);
  });

  agreementTests(() => api);
});
