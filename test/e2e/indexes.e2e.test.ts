import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxAdjustMinutes } from '../../ui/src/components/orders/parse-minutes';
import { minutesLabel, percentLabel } from '../../ui/src/lib/indicator-format';
import { fillDate } from './support/date-fields';
import { waitFor } from '../support/simulated-plant';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { cell, cellAt, showColumn } from './support/grid';
import { saveScreenshot } from './support/screenshots';

/** A guard against a hang, generous for a loaded 2-core machine (a test signs several dialogs in two browsers). */
const TEST_MS = 180_000;

/**
 * /indexes/order and /indexes/shift on the demo plant, its lines driven by the test's simulator: the filters and the
 * server's paging drive the grids; an ended order is adjusted ('Ajustar', signed, refused with a wrong signature or
 * beyond its stop time); the validation switch; a selected shift shows its history; who may open the pages and what
 * the server refuses. Each test makes the orders and shifts it needs (on its own line), so any one runs alone.
 */
describe('order and shift indexes', () => {
  let plant: DemoPlant;
  const db = () => plant.edge.edge.plant.db!;
  let nextOp = 9100;

  beforeAll(async () => {
    plant = await startDemoPlant();
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  interface OrderIndex {
    order: string;
    op: string;
    status: number;
    startDate: string | null;
    endDate: string | null;
    stopTime: number | null;
    adjustedDiscountTime: number;
    effectiveAdjustedDiscountTime: number | null;
    staffedTimeCorrect: number | null;
    oee: number | null;
    throughput: number | null;
    validation: boolean;
  }

  /** An order as the order-index grid's call answers it. */
  async function orderIndex(order: string): Promise<OrderIndex> {
    const page = await plant.edge.call('GET', '/api/oeeindex/get', {
      token: await plant.token('supervisor'),
      query: { filter: JSON.stringify(['order', '=', order]) },
    });
    expect(page.status, page.text).toBe(200);
    return page.body.data[0] as OrderIndex;
  }

  /** A new order (Created) on a line, through the API as the supervisor plans it. */
  async function createOrder(lineID: number): Promise<{ order: string; op: string }> {
    const op = String(nextOp++);
    const order = `${op}-0`;
    const created = await plant.edge.call('POST', '/api/orders/post', {
      token: await plant.token('supervisor'),
      form: { values: { order, lineID, productCode: 'AGUA-500', lot: `L${op}`, desiredProductionQuantity: 5000 } },
    });
    expect(created.status, created.text).toBe(200);
    return { order, op };
  }

  async function startOrder(order: string): Promise<void> {
    const started = await plant.edge.call('POST', '/api/orders/start', { token: await plant.token('supervisor'), json: { order } });
    expect(started.status, started.text).toBe(200);
  }

  /**
   * An order that ran on the line with a stop of at least 6 s in it and has ended (the next order started): what
   * 'Ajustar' needs. Answers it and the order now running.
   */
  async function endedOrder(lineID: number): Promise<{ ended: { order: string; op: string }; running: { order: string; op: string } }> {
    const ended = await createOrder(lineID);
    await startOrder(ended.order);
    plant.simulator.runLine(lineID);
    await plant.stopClosed(lineID);
    plant.simulator.stopLine(lineID);
    const stopID = await plant.stopOpened(lineID);
    const { startDate } = await db().selectFrom('stops').select('startDate').where('stopID', '=', stopID).executeTakeFirstOrThrow();
    await waitFor(() => Date.now() >= startDate + 6_000, 'the stop to last 6 s', 20_000);
    plant.simulator.runLine(lineID);
    await plant.stopClosed(lineID);
    const running = await createOrder(lineID);
    await startOrder(running.order);
    expect((await orderIndex(ended.order)).status).toBe(2);
    return { ended, running };
  }

  /**
   * A browser page, wide enough for the grids. Actions wait up to 60 s: on a loaded 2-core machine a page's first
   * drawing (its chunk, the session and route checks) has taken 25 s.
   */
  async function newPage(height = 1000): Promise<Page> {
    const { page } = await openBrowser({ width: 1600, height });
    page.setDefaultTimeout(60_000);
    return page;
  }

  /** A page opened from the Indexes menu, as a user finds it; its heading and tab title are the item's name. */
  async function openFromMenu(user: string, item: string, path: RegExp, height?: number): Promise<Page> {
    const page = await newPage(height);
    await logIn(page, plant.edge.url, user, 'demo');
    await page.getByTestId('menu-indexes').click();
    await page.getByRole('menuitem', { name: item }).click();
    await page.waitForURL(path);
    await page.getByRole('heading', { name: item }).waitFor();
    expect(await page.title()).toBe(item);
    return page;
  }

  async function openPage(user: string, path: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const page = await newPage();
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, user, 'demo', path);
    return page;
  }

  const summary = (page: Page, grid: string, text: string) =>
    page.getByTestId(grid).locator('.ag-paging-row-summary-content', { hasText: text }).waitFor();
  const select = (page: Page, filter: string, name: string, label: string) =>
    page.getByTestId(filter).locator(`select[name="${name}"]`).selectOption({ label });
  const day = (page: Page, filter: string, name: 'from' | 'to', value: string) =>
    fillDate(page.getByTestId(filter).locator(`input[name="${name}"]`), value);

  test(
    'order indexes: line, production days and status drive the grid; 20 rows a page from the server, newest first',
    async () => {
      // 25 orders planned on line 4 (Created), besides the one it runs.
      for (let i = 0; i < 25; i++) await createOrder(4);
      const newest = await plant.edge.call('GET', '/api/oeeindex/get', {
        token: await plant.token('supervisor'),
        query: { sort: JSON.stringify([{ selector: 'startDate', desc: true }]), take: '1' },
      });
      const page = await openFromMenu('supervisor', 'Índices por orden', /\/indexes\/order$/);
      const grid = 'order-indexes-grid';
      const filter = 'order-indexes-filter';
      // Newest first: the order that started last heads the first page.
      await page.waitForFunction(
        (order) =>
          document.querySelector('[data-testid="order-indexes-grid"] .ag-row[row-index="0"] [col-id="order"]')?.textContent === order,
        newest.body.data[0].order as string,
      );
      expect(await page.getByTestId(grid).locator('.ag-header-cell[col-id="startDate"]').getAttribute('aria-sort')).toBe('descending');

      await select(page, filter, 'lineID', 'Línea 4: Paletizadora');
      await select(page, filter, 'status', 'Creada');
      await summary(page, grid, '1 a 20 de 25');
      await page.getByTestId(grid).locator('.ag-paging-button[data-ref="btNext"]').click();
      await summary(page, grid, '21 a 25 de 25');
      expect(await cell(page, grid, `${nextOp - 1}-0`, 'status')).toBe('Creada');

      await select(page, filter, 'status', 'Lista');
      await summary(page, grid, '1 a 1 de 1');
      const ready = await db()
        .selectFrom('orders')
        .select('order')
        .where('lineID', '=', 4)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      expect(await cell(page, grid, ready.order, 'lineID')).toBe('4');

      // A first day after the last is said and not applied: the grid keeps its rows.
      await day(page, filter, 'from', '2020-01-02');
      await day(page, filter, 'to', '2020-01-01');
      expect(await page.getByTestId(`${filter}-error`).innerText()).toBe('La fecha desde no puede ser posterior a la fecha hasta.');
      await summary(page, grid, '1 a 1 de 1');
      // Days before the plant began: nothing ran then.
      await day(page, filter, 'to', '2020-01-03');
      await page.getByTestId(`${filter}-error`).waitFor({ state: 'detached' });
      await page.getByTestId(grid).locator('.ag-row').first().waitFor({ state: 'detached' });
      await summary(page, grid, 'de 0');

      await page.getByTestId(`${filter}-clear`).click();
      await page.getByTestId(grid).locator('.ag-row[row-index="0"]').waitFor();
      await saveScreenshot(page, 'order-indexes-es');

      const english = await openPage('consultant', '/indexes/order', 'en');
      await english.getByRole('heading', { name: 'Indexes per order' }).waitFor();
      await english.getByTestId(grid).locator('.ag-row[row-index="0"]').waitFor();
      expect(await english.title()).toBe('Indexes per order');
      await saveScreenshot(english, 'order-indexes-en');
    },
    TEST_MS,
  );

  test(
    'adjusting an ended order: a wrong signature or more than its stop time is refused and changes nothing; a right one changes its row',
    async () => {
      const { ended, running } = await endedOrder(2);
      const before = await orderIndex(ended.order);
      expect(before.stopTime).toBeGreaterThan(0);
      const stored = () => db().selectFrom('orders').selectAll().where('order', '=', ended.order).executeTakeFirstOrThrow();
      const storedBefore = await stored();

      const page = await openPage('supervisor', '/indexes/order');
      const grid = 'order-indexes-grid';
      await select(page, 'order-indexes-filter', 'lineID', 'Línea 2: Envasadora 2');
      // The running order has no end date: its 'Ajustar' is disabled.
      await page.getByTestId(`adjust-${running.order}`).waitFor();
      expect(await page.getByTestId(`adjust-${running.order}`).isDisabled()).toBe(true);
      expect(await cell(page, grid, ended.order, 'effectiveAdjustedDiscountTime')).toBe(minutesLabel(before.adjustedDiscountTime));

      await page.getByTestId(`adjust-${ended.order}`).click();
      const dialog = page.getByTestId('adjust-dialog');
      const max = maxAdjustMinutes(before.stopTime!);
      expect(await dialog.getByTestId('adjust-max').innerText()).toBe(
        `Máximo permitido: ${String(max).replace('.', ',')} min (las paradas no descontadas de la orden).`,
      );
      await dialog.locator('input[name="discountTime"]').fill(String(max).replace('.', ','));
      await dialog.locator('input[name="signUser"]').fill('supervisor');
      await dialog.locator('input[name="signPassword"]').fill('not-the-password');
      await dialog.getByTestId('adjust-form-submit').click();
      await toastShown(page, 'error', 'Firma no válida');
      expect(await dialog.getByTestId('adjust-form-errors').innerText()).toContain('Firma no válida');
      expect(await stored()).toEqual(storedBefore);
      expect(await orderIndex(ended.order)).toEqual(before);

      // More than the order's stop time not discounted: the server's refusal, nothing changed.
      await dialog.locator('input[name="discountTime"]').fill('999');
      await dialog.locator('input[name="signPassword"]').fill('demo');
      await dialog.getByTestId('adjust-form-submit').click();
      await toastShown(page, 'error', `No se puede ajustar 999 min: la orden ${ended.order} tiene ${max} min de paradas no descontadas.`);
      expect(await stored()).toEqual(storedBefore);

      await dialog.locator('input[name="discountTime"]').fill(String(max).replace('.', ','));
      await dialog.getByTestId('adjust-form-submit').click();
      await toastShown(page, 'success', `Op ${ended.op} ajustada`);
      await dialog.waitFor({ state: 'detached' });
      const after = await orderIndex(ended.order);
      expect(await stored()).toMatchObject({ adjustedDiscountTime: Math.round(max * 60_000), updatedBy: 'supervisor' });
      expect(after.staffedTimeCorrect).toBeLessThan(before.staffedTimeCorrect!);
      // The grid row shows the new figures, as the server computed them. The grid reads its page again after the
      // adjustment and draws its rows anew, so each look finds the row and scrolls to the column again.
      await expect
        .poll(() => cell(page, grid, ended.order, 'effectiveAdjustedDiscountTime'), { timeout: 30_000 })
        .toBe(minutesLabel(after.effectiveAdjustedDiscountTime));
      // A row above the nominal speed (the test's simulator can run its line faster than the product's speed) keeps
      // its true figure, flagged with a warning sign after it.
      const aboveNominal = after.throughput !== null && after.throughput > 1;
      expect(await cell(page, grid, ended.order, 'oee')).toBe(`${percentLabel(after.oee)}${aboveNominal ? ' ⚠' : ''}`);
    },
    TEST_MS,
  );

  test(
    'the validation switch is signed: a wrong signature changes nothing; toasts Orden validada / desvalidada con éxito',
    async () => {
      const { order } = await createOrder(3);
      const validation = async () =>
        (await db().selectFrom('orders').select('validation').where('order', '=', order).executeTakeFirstOrThrow()).validation;
      const page = await openPage('supervisor', '/indexes/order');
      await select(page, 'order-indexes-filter', 'lineID', 'Línea 3: Encajonadora');
      await select(page, 'order-indexes-filter', 'status', 'Creada');
      const label = page.getByTestId(`validation-${order}-label`);
      await label.filter({ hasText: 'NO' }).waitFor();
      const sign = async (password: string) => {
        const dialog = page.getByTestId(`validation-${order}-dialog`);
        await dialog.locator('input[name="signUser"]').fill('supervisor');
        await dialog.locator('input[name="signPassword"]').fill(password);
        await dialog.getByTestId(`validation-${order}-form-submit`).click();
      };

      await page.getByTestId(`validation-${order}-switch`).click();
      await sign('demo');
      await toastShown(page, 'success', 'Orden validada con éxito');
      await label.filter({ hasText: 'SI' }).waitFor();
      expect(await validation()).toBe(1);

      await page.getByTestId(`validation-${order}-switch`).click();
      await sign('wrong');
      await toastShown(page, 'error', 'Firma no válida');
      expect(await validation()).toBe(1);
      await page.getByTestId(`validation-${order}-form`).getByRole('button', { name: 'Cancelar' }).click();
      expect(await label.innerText()).toBe('SI');

      await page.getByTestId(`validation-${order}-switch`).click();
      await sign('demo');
      await toastShown(page, 'success', 'Orden desvalidada con éxito');
      await label.filter({ hasText: 'NO' }).waitFor();
      expect(await validation()).toBe(0);
    },
    TEST_MS,
  );

  test(
    "'Ajustar' and the switch are the supervisor's: consultant and administrator read, and the server refuses their signed calls",
    async () => {
      const { ended } = await endedOrder(2);
      for (const user of ['consultant', 'admin']) {
        const page = await openPage(user, '/indexes/order');
        await select(page, 'order-indexes-filter', 'lineID', 'Línea 2: Envasadora 2');
        await page.getByTestId(`validation-${ended.order}-switch`).waitFor();
        expect(await page.getByTestId(`adjust-${ended.order}`).count()).toBe(0);
        expect(await page.getByTestId('order-indexes-grid').locator('.ag-header-cell[col-id="__actions"]').count()).toBe(0);
        expect(await page.getByTestId(`validation-${ended.order}-switch`).isDisabled()).toBe(true);
        const token = await plant.token(user);
        const adjust = await plant.edge.call('PUT', '/api/oeeindex/adjust', {
          token,
          json: { order: ended.order, discountTime: 0.01, user: 'supervisor', password: 'demo' },
        });
        expect(adjust.status).toBe(403);
        const validate = await plant.edge.call('PUT', '/api/oeeindex/validate', {
          token,
          json: { order: ended.order, validation: true, user: 'supervisor', password: 'demo' },
        });
        expect(validate.status).toBe(403);
      }
      expect((await orderIndex(ended.order)).validation).toBe(false);
    },
    TEST_MS,
  );

  test(
    'shift indexes: a row per line and shift, filtered by line and production days; a selected row shows its history and its orders',
    async () => {
      // A closed morning shift of line 1 long ago (as the shift close stores it): 480 staffed minutes, 60 of them stopped.
      const tmStart = Date.parse('2026-01-10T09:00:00Z'); // 06:00 in the plant (America/Argentina/Buenos_Aires)
      const minute = 60_000;
      await db()
        .insertInto('shift_indexes')
        .values({
          lineID: 1,
          shiftStart: tmStart,
          shiftEnd: tmStart + 480 * minute,
          productionQuantity: 42_000,
          discardQuantity: 420,
          discountTime: 0,
          adjustedDiscountTime: 0,
          discountShift: 0,
          staffedTime: 480 * minute,
          staffedTimeCorrect: 480 * minute,
          runtime: 420 * minute,
          stopTime: 60 * minute,
          failureTime: 60 * minute,
          failureCount: 4,
          utilization: 0.875,
          throughput: 0.8,
          acceptance: 0.99,
          oee: 0.693,
          mtbf: 105,
          mttr: 15,
          closed: 1,
          // The production day the shift close stores with it (edge migration 0029), which the page's day filter reads.
          productionDay: '2026-01-10',
          calculatedAt: tmStart + 480 * minute,
        })
        .execute();
      // The shift line 1 runs now, with its order.
      const current = await waitFor(
        async () => {
          const index = await plant.edge.call('GET', '/api/oeeindex/history/get', {
            token: await plant.token('consultant'),
            query: {
              filter: JSON.stringify(['lineID', '=', 1]),
              sort: JSON.stringify([{ selector: 'shiftStart', desc: true }]),
              take: '1',
            },
          });
          return (index.body.data as { shiftStart: string; shiftEnd: string; productionDay: string }[])[0];
        },
        'the open shift index of line 1',
        30_000,
      );
      const running = await db()
        .selectFrom('orders')
        .select('order')
        .where('lineID', '=', 1)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();

      const page = await openFromMenu('consultant', 'Índices por turno', /\/indexes\/shift$/, 1100);
      const grid = 'shift-indexes-grid';
      const filter = 'shift-indexes-filter';
      await page.getByTestId(grid).locator('.ag-row[row-index="0"]').waitFor();
      expect(await page.getByTestId(grid).locator('.ag-header-cell[col-id="shiftStart"]').getAttribute('aria-sort')).toBe('descending');

      await select(page, filter, 'lineID', 'Línea 1: Envasadora 1');
      await day(page, filter, 'from', '2026-01-10');
      await day(page, filter, 'to', '2026-01-10');
      await summary(page, grid, '1 a 1 de 1');
      expect(await cellAt(page, grid, 0, 'productionDay')).toBe('2026-01-10');
      expect(await cellAt(page, grid, 0, 'shift')).toBe('TM');
      expect(await cellAt(page, grid, 0, 'shiftStart')).toBe('2026-01-10 06:00:00');
      expect(await cellAt(page, grid, 0, 'oee')).toBe('69%');
      expect(await cellAt(page, grid, 0, 'runtime')).toBe('420,0');
      await showColumn(page, grid, 'lineID');
      await page.getByTestId(grid).locator('.ag-row[row-index="0"] [col-id="lineID"]').click();
      const history = page.getByTestId('shift-history');
      await history
        .getByTestId('shift-history-title')
        .filter({ hasText: 'Historial del turno TM · Línea 1 · Envasadora 1 · 2026-01-10' })
        .waitFor();
      expect(await history.getByTestId('shift-history-mttr').innerText()).toBe('15,0');
      expect(await history.getByTestId('shift-history-utilization').innerText()).toBe('88%');
      await history.getByText('Ninguna orden corrió en este turno.').waitFor();
      // Where the selected shift's time went (issue 29): the waterfall below it, with the OEE the API computes for it.
      const waterfall = page.getByTestId('shift-waterfall');
      await waterfall.locator('canvas').waitFor();
      const losses = await plant.edge.call('GET', '/api/losses/waterfall', {
        token: await plant.token('consultant'),
        query: { lineID: '1', from: '2026-01-10T06:00:00', to: '2026-01-10T14:00:00' },
      });
      expect(losses.status, losses.text).toBe(200);
      expect(await waterfall.getByTestId('shift-waterfall-panel-oee').innerText()).toBe(`OEE ${percentLabel(losses.body.oee)}`);

      // Today's production day: the shift running now, with the order it runs.
      const today = current.productionDay;
      await day(page, filter, 'from', today);
      await day(page, filter, 'to', today);
      await page.waitForFunction(
        (start) =>
          document.querySelector('[data-testid="shift-indexes-grid"] .ag-row[row-index="0"] [col-id="shiftStart"]')?.textContent === start,
        current.shiftStart.slice(0, 19).replace('T', ' '),
      );
      await page.getByTestId(grid).locator('.ag-row[row-index="0"] [col-id="shift"]').click();
      await history.getByTestId(`shift-order-${running.order}`).waitFor();
      expect(await history.getByTestId('shift-history-title').innerText()).toContain(`Línea 1 · Envasadora 1 · ${today}`);
      await saveScreenshot(page, 'shift-indexes-es');

      const english = await openPage('admin', '/indexes/shift', 'en');
      await english.getByRole('heading', { name: 'Indexes per shift' }).waitFor();
      await english.getByTestId(grid).locator('.ag-row[row-index="0"] [col-id="shift"]').click();
      await english.getByTestId('shift-history').getByText('Shift indicators').waitFor();
      await saveScreenshot(english, 'shift-indexes-en');
    },
    TEST_MS,
  );

  test(
    'an operator has no Indexes menu, gets the not-allowed page on both, and the server refuses his adjustment',
    async () => {
      const { ended } = await endedOrder(2);
      const page = await newPage();
      await logIn(page, plant.edge.url, 'operator', 'demo');
      expect(await page.getByTestId('menu-indexes').count()).toBe(0);
      for (const path of ['/indexes/order', '/indexes/shift']) {
        await page.goto(`${plant.edge.url}${path}`);
        await page.getByTestId('not-allowed').waitFor();
      }
      const before = await orderIndex(ended.order);
      const refused = await plant.edge.call('PUT', '/api/oeeindex/adjust', {
        token: await plant.token('operator'),
        json: { order: ended.order, discountTime: 0.01, user: 'supervisor', password: 'demo' },
      });
      expect(refused.status).toBe(403);
      expect(await orderIndex(ended.order)).toEqual(before);
    },
    TEST_MS,
  );
});
