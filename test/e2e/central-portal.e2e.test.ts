import { readFileSync, rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uiFolder } from '../../edge/src/http/ui-files';
import { startFedPortal, type FedPortal } from '../support/portal-fixture';
import { formatNumber, minutesLabel, percentLabel } from '../../ui/src/lib/indicator-format';
import { openBrowser } from './support/browser';
import { cellAt, expectRow, fillForm, gridRow, recordForm, saveForm, showColumn } from './support/grid';
import { saveScreenshot } from './support/screenshots';
import { builtUiSnapshot } from './support/ui-build';

/**
 * The central portal's pages (portal.html) over a real PostgreSQL fed by two edges (Buenos Aires and Madrid, March
 * 2026): the first administrator signs in with the temporary password and changes it; the plants overview, the
 * compare, losses and orders pages show the plants' figures as the API answers them (an order's stops below it), in
 * Spanish, then in English; the administrator adds an analyst, whose password is temporary; the analyst changes it
 * at sign-in, reads the same pages and is refused the portal's users.
 */
describe('central portal pages', () => {
  let fed: FedPortal;
  let uiDir: string;
  let adminToken: string;

  async function call(method: string, path: string, token: string | null, json?: unknown) {
    const response = await fetch(`${fed.portal.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : null };
  }

  /** Sign-in through the page; a temporary password leads to the change-password form first. */
  async function signIn(page: Page, userID: string, password: string, newPassword?: string): Promise<void> {
    await page.goto(`${fed.portal.url}/login`);
    await page.locator('input[name="username"]').fill(userID);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    if (newPassword) {
      await page.getByTestId('change-password').waitFor();
      await page.locator('input[name="currentPassword"]').fill(password);
      await page.locator('input[name="newPassword"]').fill(newPassword);
      await page.locator('input[name="repeatPassword"]').fill(newPassword);
      await page.locator('button[type="submit"]').click();
    }
    await page.getByTestId('nav-bar').waitFor();
  }

  beforeAll(async () => {
    uiDir = builtUiSnapshot();
    fed = await startFedPortal({ ui: uiFolder(uiDir) });
  }, 300_000);
  afterAll(async () => {
    await fed?.close();
    if (uiDir) rmSync(uiDir, { recursive: true, force: true });
  });

  test("the first administrator changes the temporary password, reads plants, compare, losses and orders (with an order's stops), adds an analyst, in Spanish then English", async () => {
    const { page } = await openBrowser();
    await signIn(page, 'admin', fed.portal.firstPassword!, 'clave-nueva-1');
    adminToken = (await call('POST', '/api/users/authenticate', null, { userid: 'admin', password: 'clave-nueva-1' })).body.token;

    // Plants overview: a card per plant, its lines, its freshness; a day of the fixture shows that day's figures.
    await page.getByTestId('portal-plants').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Plantas' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('plants-day').fill('2026-03-02');
    const plants = (await call('GET', '/api/portal/plants?day=2026-03-02', adminToken)).body as any[];
    expect(plants.map((plant) => plant.plantId).sort()).toEqual(['ba', 'madrid']);
    const ba = plants.find((plant) => plant.plantId === 'ba');
    expect(ba.today.productionQuantity).toBeGreaterThan(0);
    expect(ba.today.utilization).not.toBeNull();
    const baToday = page.getByTestId('plant-ba-today');
    await expect.poll(() => baToday.textContent(), { timeout: 10_000 }).toContain(`OEE ${percentLabel(ba.today.oee)}`);
    expect(await baToday.textContent()).toContain(`Utilización ${percentLabel(ba.today.utilization)}`);
    expect(await baToday.textContent()).toContain(
      `Producción: ${new Intl.NumberFormat('es', { useGrouping: 'always' }).format(ba.today.productionQuantity)}`,
    );
    expect(await page.getByTestId('plant-ba-sync').textContent()).toContain('Última sincronización');
    // The card is headed by the plant's name (its buildings') with the PLANT_ID key under it.
    expect(await page.getByTestId('plant-ba-name').textContent()).toBe(ba.name);
    expect(ba.name).toContain('Planta Norte');
    const lines = await page.getByTestId('plant-madrid-lines').locator('tbody tr').allTextContents();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Línea 1 "ñandú"');
    expect(lines[0]).toContain('Envasado');
    await saveScreenshot(page, 'portal-plants-es');

    // Compare: March by day and plant, the table's cells are the API's figures; the totals' chart is drawn.
    await page.getByTestId('nav-compare').click();
    await page.getByTestId('compare-from').fill('2026-03-01');
    await page.getByTestId('compare-to').fill('2026-03-31');
    const compare = (await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=day&level=plant', adminToken)).body;
    expect(compare.rows.length).toBeGreaterThan(1);
    const table = page.getByTestId('compare-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(compare.rows.length);
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    const first = compare.rows[0];
    // A plant whose OEE and throughput cover only some of its lines says so beside its name; a figure above the
    // nominal speed is flagged (OEE and throughput only).
    const coverage =
      first.coveredLines < first.lineCount ? ` (OEE y rendimiento de ${first.coveredLines} de ${first.lineCount} líneas)` : '';
    const flag = first.aboveNominalSpeed ? ' ⚠' : '';
    expect(cells.slice(0, 6)).toEqual([
      `${first.plantId}${coverage}`,
      first.period,
      `${percentLabel(first.oee)}${flag}`,
      percentLabel(first.utilization),
      `${percentLabel(first.throughput)}${flag}`,
      percentLabel(first.acceptance),
    ]);
    await page.getByTestId('compare-chart').locator('canvas').waitFor();
    expect(await page.locator('thead').first().textContent()).toContain('Período');

    // By line and shift: a row per line's shift, Madrid's 7-hour night among them.
    await page.getByTestId('compare-grain').selectOption('shift');
    await page.getByTestId('compare-level').selectOption('line');
    const shifts = (await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=shift&level=line', adminToken)).body;
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(shifts.rows.length);
    expect(await table.textContent()).toContain('2026-03-28 22:00:00');
    await page.getByTestId('compare-grain').selectOption('day');
    await page.getByTestId('compare-level').selectOption('plant');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(compare.rows.length);
    await saveScreenshot(page, 'portal-compare-es');

    // The Excel button downloads the table's workbook.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export').click()]);
    expect(download.suggestedFilename()).toBe('comparacion.xlsx');
    // Its toast gone (a success toast closes itself; a click on its button raced that on a busy machine), so that the
    // next page's screenshot shows the page alone.
    await page.getByTestId('toast-success').waitFor({ state: 'detached' });

    // Losses: March's pareto by reason across both plants, as the API answers it.
    await page.getByTestId('nav-losses').click();
    await page.getByTestId('losses-from').fill('2026-03-01');
    await page.getByTestId('losses-to').fill('2026-03-31');
    const losses = (await call('GET', '/api/portal/losses?from=2026-03-01&to=2026-03-31&pathLevel=2', adminToken)).body;
    expect(losses.byReason.length).toBeGreaterThan(0);
    const byReason = page.getByTestId('losses-by-reason').locator('tbody tr');
    await expect.poll(() => byReason.count(), { timeout: 10_000 }).toBe(losses.byReason.length);
    const [reason, stops, lostMinutes, share, cumulativeShare] = await byReason.first().locator('td').allTextContents();
    expect([reason, stops, share, cumulativeShare]).toEqual([
      losses.byReason[0].reason ?? 'Sin reconocer',
      new Intl.NumberFormat('es', { useGrouping: 'always' }).format(losses.byReason[0].stops),
      percentLabel(losses.byReason[0].share),
      percentLabel(losses.byReason[0].cumulativeShare),
    ]);
    // A stop still in progress counts up to now: the page's answer and the test's were read seconds apart.
    expect(Math.abs(Number(lostMinutes!.replace(/\./g, '').replace(',', '.')) - losses.byReason[0].lostMinutes)).toBeLessThan(0.5);
    expect(await page.getByTestId('losses-biggest').locator('tbody tr').count()).toBe(losses.biggest.length);
    expect(await page.getByTestId('losses-by-reason').textContent()).toContain('Pareto por motivo');
    // Where the time went: the first plant's March, then one of its lines, each bar's minutes and share as the API answers them.
    const minutesText = (minutes: number) =>
      new Intl.NumberFormat('es', { maximumFractionDigits: 1, useGrouping: 'always' }).format(minutes);
    const expectWaterfall = async (query: string) => {
      const answer = (await call('GET', `/api/portal/waterfall?${query}&from=2026-03-01&to=2026-03-31`, adminToken)).body;
      expect(answer.calendarMinutes).toBeGreaterThan(0);
      const shown = [
        ['calendar', answer.calendarMinutes, 1],
        ...answer.bars
          .filter((bar: { key: string; minutes: number }) => bar.minutes !== 0 || bar.key === 'fullyProductive')
          .map((bar: { key: string; minutes: number; share: number }) => [bar.key, bar.minutes, bar.share]),
      ] as [string, number, number][];
      const rows = page.getByTestId('waterfall-table').locator('tbody tr');
      await expect
        .poll(async () => (await rows.locator('td:nth-child(2)').allTextContents()).join(' | '), { timeout: 10_000 })
        .toBe(shown.map(([, minutes]) => minutesText(minutes)).join(' | '));
      for (const [key, minutes, share] of shown) {
        expect(await page.getByTestId(`waterfall-row-${key}`).locator('td').allTextContents(), key).toEqual([
          expect.any(String),
          minutesText(minutes),
          percentLabel(share),
        ]);
      }
      expect(await page.getByTestId('waterfall-oee').innerText()).toBe(`OEE ${percentLabel(answer.oee)}`);
      expect(await page.getByTestId('waterfall-teep').innerText()).toBe(`TEEP ${percentLabel(answer.teep)}`);
      await page.getByTestId('waterfall-chart').locator('canvas').waitFor();
      return answer;
    };
    const firstPlant = await page.getByTestId('waterfall-plant').inputValue();
    expect(['ba', 'madrid']).toContain(firstPlant);
    const wholePlant = await expectWaterfall(`plant=${firstPlant}`);
    expect(await page.getByTestId('waterfall-row-calendar').locator('td').first().innerText()).toBe('Tiempo calendario');
    await page.getByTestId('waterfall-scope').selectOption('line:1');
    const lineAnswer = await expectWaterfall(`plant=${firstPlant}&lineID=1`);
    expect(lineAnswer.calendarMinutes).toBeLessThan(wholePlant.calendarMinutes);
    await saveScreenshot(page, 'portal-losses-es');

    // Orders: March's order indexes of both plants, newest first; the grid's cells are the API's figures.
    await page.getByTestId('nav-orders').click();
    await page.getByTestId('orders-from').fill('2026-03-01');
    await page.getByTestId('orders-to').fill('2026-03-31');
    const newestFirst = encodeURIComponent(JSON.stringify([{ selector: 'startMs', desc: true }]));
    const orders = (
      await call('GET', `/api/portal/orders?from=2026-03-01&to=2026-03-31&requireTotalCount=true&take=20&sort=${newestFirst}`, adminToken)
    ).body;
    expect(orders.totalCount).toBe(6);
    // A row's pinned part holds its plant and order: one such cell per row shown.
    const orderRows = page.getByTestId('orders-grid').locator('.ag-row [col-id="order"]');
    await expect.poll(() => orderRows.count(), { timeout: 10_000 }).toBe(orders.data.length);
    const newest = orders.data[0];
    const orderCell = (index: number, column: string) => cellAt(page, 'orders-grid', index, column);
    expect([await orderCell(0, 'plantId'), await orderCell(0, 'order'), await orderCell(0, 'startMs')]).toEqual([
      newest.plantId,
      newest.order,
      newest.startDate,
    ]);
    expect(await orderCell(0, 'productionQuantity')).toBe(formatNumber(newest.productionQuantity, {}, 'es'));
    expect(await orderCell(0, 'utilization')).toBe(percentLabel(newest.utilization));
    for (const [index, row] of (orders.data as any[]).entries()) {
      // An order that ran above the nominal speed (throughput over 100 %) has its OEE flagged.
      const oee = `${percentLabel(row.oee)}${row.throughput > 1 ? ' ⚠' : ''}`;
      expect([await orderCell(index, 'plantId'), await orderCell(index, 'order'), await orderCell(index, 'oee')]).toEqual([
        row.plantId,
        row.order,
        oee,
      ]);
    }

    // Drill-down: selecting an order with stops shows them, in its plant's time.
    let drilled: { index: number; stops: any[] } | null = null;
    for (const [index, row] of (orders.data as any[]).entries()) {
      const stops = (
        await call('GET', `/api/portal/orders/stops?plantId=${row.plantId}&order=${encodeURIComponent(row.order)}`, adminToken)
      ).body as any[];
      if (stops.length > 0) {
        drilled = { index, stops };
        break;
      }
    }
    expect(drilled).not.toBeNull();
    await page.getByTestId('orders-grid').locator(`.ag-row[row-index="${drilled!.index}"] [col-id="order"]`).click();
    const stopRows = page.getByTestId('order-stops-table').locator('tbody tr');
    await expect.poll(() => stopRows.count(), { timeout: 10_000 }).toBe(drilled!.stops.length);
    const stop = drilled!.stops[0];
    expect((await stopRows.first().locator('td').allTextContents()).slice(0, 3)).toEqual([
      stop.startDate,
      stop.endDate ?? 'En curso',
      minutesLabel(stop.lostMinutes, undefined, 'es'),
    ]);
    expect(await page.getByTestId('order-stops').textContent()).toContain(`Paradas de la orden ${orders.data[drilled!.index].order}`);
    await showColumn(page, 'orders-grid', 'op');
    await saveScreenshot(page, 'portal-orders-es');

    // One plant: the grid and its Excel download hold that plant's orders only.
    const baOrders = (await call('GET', '/api/portal/orders?from=2026-03-01&to=2026-03-31&plants=ba&requireTotalCount=true', adminToken))
      .body.totalCount;
    expect(baOrders).toBeGreaterThan(0);
    await page.getByTestId('orders-plants-ba').click();
    await expect.poll(() => orderRows.count(), { timeout: 10_000 }).toBe(baOrders);
    const [ordersFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()]);
    expect(ordersFile.suggestedFilename()).toBe('ordenes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await ordersFile.path()) as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.getWorksheet('Ordenes')!.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    expect(sheetRows[0]!.slice(0, 2)).toEqual(['Planta', 'Orden']);
    expect(sheetRows.slice(1).map((row) => row[0])).toEqual(Array(baOrders).fill('ba'));

    // Users (administrator): an analyst added with a temporary password ('Contraseña temporal': Sí); the server's
    // refusal to demote the last active administrator shows in the form.
    await page.getByTestId('nav-users').click();
    await page.getByTestId('portal-users-grid-add').click();
    await fillForm(page, { userID: 'ana', firstName: 'Ana', lastName: 'Análisis', password: 'temporal-1', roleID: 'Analista' });
    await saveForm(page);
    await recordForm(page).waitFor({ state: 'detached' });
    await expectRow(page, 'portal-users-grid', 'Análisis');
    expect(await cellAt(page, 'portal-users-grid', 1, 'userID')).toBe('ana');
    expect(await cellAt(page, 'portal-users-grid', 1, 'mustChangePassword')).toBe('Sí');
    expect(await cellAt(page, 'portal-users-grid', 1, 'roleID')).toBe('Analista');
    await gridRow(page, 'portal-users-grid', 'Administrador').first().click();
    await page.getByTestId('portal-users-grid-edit').click();
    await fillForm(page, { roleID: 'Analista' });
    await saveForm(page);
    expect(await recordForm(page).getByTestId('form-error').innerText()).toContain('Debe quedar al menos un administrador activo.');
    await page.keyboard.press('Escape');
    await recordForm(page).waitFor({ state: 'detached' });

    // English: the labels change, the figures stay.
    await page.getByTestId('switch-language-en').click();
    await page.getByRole('heading', { name: 'Portal users' }).waitFor();
    expect(await page.getByTestId('nav-users').textContent()).toBe('Users');
    await page.getByTestId('nav-orders').click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await expect.poll(() => orderRows.count(), { timeout: 10_000 }).toBe(orders.data.length);
    expect(await page.getByTestId('orders-grid').locator('.ag-header-cell[col-id="productionQuantity"]').innerText()).toContain(
      'Quantity produced',
    );
    expect(await orderCell(0, 'productionQuantity')).toBe(formatNumber(newest.productionQuantity, {}, 'en'));
    expect(await page.getByTestId('portal-orders').textContent()).toMatch(/Start from.*Plants \(none: all\).*Download Excel/);
    await page.getByTestId('nav-losses').click();
    await page.getByRole('heading', { name: 'Losses' }).waitFor();
    expect(await page.getByTestId('losses-by-reason').textContent()).toContain('Pareto by reason');
    const waterfallEn = page.getByTestId('portal-waterfall');
    expect(await waterfallEn.getByRole('heading').first().innerText()).toBe('Where the time went');
    await expect.poll(() => page.getByTestId('waterfall-row-calendar').locator('td').first().innerText()).toBe('Calendar time');
    expect(await waterfallEn.textContent()).toMatch(/Plant.*Scope/);
    await page.getByTestId('nav-compare').click();
    await page.getByRole('heading', { name: 'Compare' }).waitFor();
    expect(await page.getByTestId('portal-compare').textContent()).toMatch(/Group by.*Level.*Download Excel/);
    expect(await page.getByTestId('nav-plants').textContent()).toBe('Plants');
    await page.getByTestId('nav-plants').click();
    await page.getByRole('heading', { name: 'Plants' }).waitFor();
    await page.getByTestId('plants-day').fill('2026-03-02');
    await expect.poll(() => baToday.textContent(), { timeout: 10_000 }).toContain(`Utilization ${percentLabel(ba.today.utilization)}`);
    expect(await baToday.textContent()).toContain(`Production: ${new Intl.NumberFormat('en').format(ba.today.productionQuantity)}`);
  }, 240_000);

  test("the analyst the administrator added changes the temporary password at sign-in, reads the plants and is refused the portal's users", async () => {
    expect(adminToken).toBeTruthy();
    const { page } = await openBrowser();
    await signIn(page, 'ana', 'temporal-1', 'propia-clave-2');
    await page.getByTestId('plant-ba').waitFor();
    expect(await page.getByTestId('nav-user').textContent()).toBe('Ana Análisis');
    expect(await page.getByTestId('nav-bar').textContent()).not.toMatch(/Usuarios|Users/);
    expect(await page.getByTestId('nav-orders').textContent()).toBe('Órdenes');
    // The users page's address typed by hand: a clear refusal, never the page.
    await page.goto(`${fed.portal.url}/users`);
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('not-allowed').textContent()).toContain('Acceso no permitido');
    expect(await page.getByTestId('portal-users-grid').count()).toBe(0);
    const analyst = (await call('POST', '/api/users/authenticate', null, { userid: 'ana', password: 'propia-clave-2' })).body.token;
    expect((await call('GET', '/api/portal/users', analyst)).status).toBe(403);
    expect((await call('GET', '/api/portal/plants', analyst)).status).toBe(200);
  }, 120_000);
});
