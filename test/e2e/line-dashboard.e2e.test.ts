import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toPlantLocal } from '../../ui/src/lib/plant-time';
import { logIn, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { saveScreenshot } from './support/screenshots';

/**
 * A line's dashboard against the demo plant, its lines driven by the test's simulator: live values, a stop forced on
 * the line shown as current stop and as an unrecognized bar, recognition and split through their signed dialogs, a
 * wrong signature refused, the validation switch, adjusting an ended order (not by an operator), the maintenance
 * alert, shift navigation (a shift before the plant began drawn as time without data), tile choice kept per line,
 * and the stops list a recognized bar leads to.
 */
describe('line dashboard', () => {
  let plant: DemoPlant;
  /** The stop the tests force on line 1. */
  let stopID = 0;
  const db = () => plant.edge.edge.plant.db!;
  const stopRow = (id: number) => db().selectFrom('stops').selectAll().where('stopID', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    plant = await startDemoPlant();
    // Grids and tiles refresh every 2 s instead of the default, so the test sees changes quickly.
    const admin = await plant.token('admin');
    const set = await plant.edge.call('PUT', '/api/parameters/put', { token: admin, form: { values: { gridRefreshTime: 2 } } });
    if (set.status !== 200) throw new Error(set.text);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  async function openDashboard(user: string, line = 1, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser();
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, user, 'demo');
    await page.goto(`${plant.edge.url}/?line=${line}`);
    await page.getByTestId('line-dashboard').waitFor();
    return page;
  }

  /** The text of an element (SVG text included). */
  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

  test('line 1 shows live values that change: gauges, production progress, beacon, charts', async () => {
    const page = await openDashboard('supervisor');
    expect(await page.title()).toBe('Linea 1');
    await page.waitForFunction(() => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent ?? ''));
    for (const gauge of ['utilization', 'throughput']) expect(await text(page, `gauge-${gauge}-value`)).toMatch(/^\d+%$/);
    // Acceptance is off by default.
    expect(await page.getByTestId('tile-acceptance').count()).toBe(0);
    expect(await page.getByTestId('beacon').getAttribute('data-color')).toBe('green');
    expect(await page.getByTestId('progress-tick').count()).toBe(3);
    await page.getByTestId('chart-mtbf-mttr').locator('canvas').waitFor();

    // The simulator keeps producing: the production figure moves with the next poll of the line.
    const first = await text(page, 'production-progress-value');
    await page.waitForFunction((before) => document.querySelector('[data-testid="production-progress-value"]')?.textContent?.trim() !== before, first, { timeout: 40_000 });
    await saveScreenshot(page, 'dashboard-es');

    const english = await openDashboard('supervisor', 1, 'en');
    expect(await english.title()).toBe('Line 1');
    await english.waitForFunction(() => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent ?? ''));
    await english.getByTestId('chart-speed').locator('canvas').waitFor();
    await saveScreenshot(english, 'dashboard-en');
  }, 90_000);

  test('a stop forced on the line shows as the current stop and as an unrecognized bar of the stop explorer', async () => {
    plant.simulator.stopLine(1);
    stopID = await plant.stopOpened(1);
    const page = await openDashboard('supervisor');
    await page.getByTestId('current-stop-reason').filter({ hasText: 'No reconocida' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('beacon').getAttribute('data-color')).toBe('red');
    const bar = page.getByTestId(`explorer-stop-${stopID}`);
    await bar.waitFor();
    expect(await bar.getAttribute('data-recognized')).toBe('false');
    expect(await text(page, 'current-stop-ring-value')).toMatch(/^\d+[sm]$/);
  }, 60_000);

  test('recognizing the stop from its bar: Selecting (deeper, Back), then Signing, turns it recognized', async () => {
    const page = await openDashboard('operator');
    await page.getByTestId(`explorer-stop-${stopID}`).click();
    const dialog = page.getByTestId('recognize-dialog');
    await dialog.waitFor();
    // Only reasons the plant can choose: the system category is not offered.
    expect(await dialog.getByRole('button', { name: 'Sistema' }).count()).toBe(0);
    await dialog.getByRole('button', { name: /No planificadas/ }).click();
    await dialog.getByRole('button', { name: /Mecánicas/ }).click();
    expect(await dialog.getByTestId('recognize-category').innerText()).toBe('No planificadas / Mecánicas');
    await dialog.getByTestId('recognize-back').click();
    await dialog.getByRole('button', { name: /Eléctricas/ }).waitFor();
    await dialog.getByRole('button', { name: /Mecánicas/ }).click();
    await dialog.getByRole('button', { name: 'Atasco de envases' }).click();
    expect(await dialog.getByTestId('recognize-chosen').innerText()).toContain('No planificadas / Mecánicas / Atasco de envases');

    // The signature's fields are required (and trimmed).
    await dialog.locator('input[name="signUser"]').fill('   ');
    await dialog.getByTestId('recognize-signing-submit').click();
    expect(await dialog.getByTestId('recognize-signing-errors').locator('li').allInnerTexts()).toEqual(['El campo nombre de usuario es obligatorio.', 'El campo contraseña es obligatorio.']);
    await dialog.locator('input[name="signUser"]').fill(' operator ');
    await dialog.locator('input[name="signPassword"]').fill('demo');
    await dialog.locator('textarea[name="observation"]').fill('  Atasco en la entrada  ');
    await dialog.getByTestId('recognize-signing-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await page.waitForFunction((id) => document.querySelector(`[data-testid="explorer-stop-${id}"]`)?.getAttribute('data-recognized') === 'true', stopID);
    const stored = await stopRow(stopID);
    expect(stored).toMatchObject({ recognized: 1, reasonID: 16, path: 'No planificadas / Mecánicas / Atasco de envases', observation: 'Atasco en la entrada', updatedBy: 'operator' });
    await page.getByTestId('current-stop-reason').filter({ hasText: 'Atasco de envases' }).waitFor({ timeout: 30_000 });
  }, 60_000);

  test('a wrong signature shows the error in the form and changes nothing', async () => {
    const before = await stopRow(stopID);
    const page = await openDashboard('supervisor');
    await page.getByTestId('shift-stops').getByTestId(`modify-${stopID}`).click();
    const dialog = page.getByTestId('recognize-dialog');
    await dialog.getByRole('button', { name: /^Planificadas/ }).click();
    await dialog.getByRole('button', { name: /Paradas programadas/ }).click();
    await dialog.getByRole('button', { name: 'Limpieza' }).click();
    await dialog.locator('input[name="signUser"]').fill('supervisor');
    await dialog.locator('input[name="signPassword"]').fill('not-the-password');
    await dialog.getByTestId('recognize-signing-submit').click();
    const errors = dialog.getByTestId('recognize-signing-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('Firma no válida');
    // The session is not ended by a refused signature, and the stop is as it was.
    expect(await dialog.isVisible()).toBe(true);
    expect(await stopRow(stopID)).toEqual(before);
  }, 60_000);

  test('a recognized bar leads to the stops list filtered by order, line and stop id', async () => {
    const page = await openDashboard('consultant');
    const bar = page.getByTestId(`explorer-stop-${stopID}`);
    await bar.click();
    await page.waitForURL(/\/paradas\/listado\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ line: '1', stopId: String(stopID), order: '4500101-0' });
    await page.getByTestId('stops-grid').locator('.ag-row').first().waitFor();
    expect(await page.getByTestId('stops-grid').locator('.ag-row').count()).toBe(1);
    // A consultant only reads: no 'Reconocer' / 'Modificar' and no split.
    expect(await page.getByTestId('stops-grid').getByRole('button').filter({ hasText: /Reconocer|Modificar|Split/ }).count()).toBe(0);
  }, 60_000);

  test('a split of the ended stop creates two stops; a start outside the stop is warned about and not sent', async () => {
    plant.simulator.runLine(1);
    await plant.stopClosed(1);
    const stop = await stopRow(stopID);
    const stopsBefore = (await db().selectFrom('stops').select('stopID').where('lineID', '=', 1).execute()).length;
    const page = await openDashboard('supervisor');
    await page.getByTestId('shift-stops').getByTestId(`split-${stopID}`).click();
    const dialog = page.getByTestId('split-dialog');
    await dialog.waitFor();
    const offset = -180; // America/Argentina/Buenos_Aires, the test edge's plant time zone.
    const time = (ms: number) => toPlantLocal(ms, offset).slice(11);

    await dialog.locator('input[name="newStart"]').fill(time(stop.startDate - 120_000));
    await dialog.locator('input[name="signUser"]').fill('supervisor');
    await dialog.locator('input[name="signPassword"]').fill('demo');
    await dialog.getByTestId('split-form-submit').click();
    await page.getByTestId('toast-warning').filter({ hasText: 'Fecha de inicio no es válida' }).waitFor();
    expect((await db().selectFrom('stops').select('stopID').where('lineID', '=', 1).execute()).length).toBe(stopsBefore);

    const cut = Math.floor((stop.startDate + stop.endDate!) / 2 / 1000) * 1000;
    await dialog.locator('input[name="newStart"]').fill(time(cut));
    await dialog.getByTestId('split-form-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Split creado con éxito' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const pieces = await db().selectFrom('stops').selectAll().where('lineID', '=', 1).where('startDate', '>=', stop.startDate).where('startDate', '<', stop.endDate!).orderBy('startDate').execute();
    expect(pieces.map((piece) => [piece.startDate, piece.endDate, piece.split, piece.recognized])).toEqual([
      [stop.startDate, cut, 1, 1],
      [cut, stop.endDate, 1, 0],
    ]);
    // The new, unrecognized piece shows in the dashboard's list with its red 'Reconocer'.
    await page.getByTestId('shift-stops').getByTestId(`recognize-${pieces[1]!.stopID}`).waitFor();
  }, 60_000);

  test('the stops list: every stop of the line, Reconocer/Modificar for the operator, split only in the supervisor’s', async () => {
    const operator = (await openBrowser()).page;
    await logIn(operator, plant.edge.url, 'operator', 'demo');
    await operator.getByTestId('menu-stops').click();
    await operator.getByRole('menuitem', { name: 'Listado de paradas' }).click();
    await operator.waitForURL(/\/paradas\/listado$/);
    const grid = operator.getByTestId('stops-grid');
    await grid.getByTestId(`modify-${stopID}`).waitFor();
    expect(await grid.getByTestId(`split-${stopID}`).count()).toBe(0);
    // The grid's buttons open the same dialogs as the dashboard's.
    await grid.getByTestId(`modify-${stopID}`).click();
    await operator.getByTestId('recognize-dialog').getByRole('button', { name: /No planificadas/ }).waitFor();
    await operator.keyboard.press('Escape');
    await operator.getByTestId('recognize-dialog').waitFor({ state: 'detached' });

    const supervisor = (await openBrowser()).page;
    await logIn(supervisor, plant.edge.url, 'supervisor', 'demo');
    await supervisor.goto(`${plant.edge.url}/paradas/listado?line=1&stopId=${stopID}`);
    await supervisor.getByTestId('stops-grid').getByTestId(`split-${stopID}`).waitFor();
  }, 60_000);

  test('the validation switch is signed and toasts; an ended order is adjusted by the supervisor, never by an operator', async () => {
    const page = await openDashboard('supervisor');
    const label = page.getByTestId('validation-label');
    await label.filter({ hasText: 'NO' }).waitFor();
    await page.getByTestId('validation-switch').click();
    const validation = page.getByTestId('validation-dialog');
    await validation.locator('input[name="signUser"]').fill('operator');
    await validation.locator('input[name="signPassword"]').fill('demo');
    await validation.getByTestId('validation-form-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Op validada con éxito' }).waitFor();
    await label.filter({ hasText: 'SI' }).waitFor();

    // End the line's order by starting another: the ended one can be adjusted.
    const supervisorToken = await plant.token('supervisor');
    const created = await plant.edge.call('POST', '/api/orders/post', { token: supervisorToken, form: { values: { order: '4500201-0', lineID: 1, productCode: 'AGUA-500', lot: 'L201', desiredProductionQuantity: 5000 } } });
    expect(created.status, created.text).toBe(200);
    expect((await plant.edge.call('POST', '/api/orders/start', { token: supervisorToken, json: { order: '4500201-0' } })).status).toBe(200);
    const ended = () => db().selectFrom('orders').selectAll().where('order', '=', '4500101-0').executeTakeFirstOrThrow();
    const endedBefore = await ended();
    expect(endedBefore.status).toBe(2);

    await page.reload();
    await page.getByTestId('order-order').filter({ hasText: '4500201-0' }).waitFor({ timeout: 30_000 });
    const previous = page.getByTestId('previous-order');
    await previous.waitFor();
    await previous.getByTestId('adjust-order').click();
    const adjust = page.getByTestId('adjust-dialog');
    await adjust.locator('input[name="discountTime"]').fill('999');
    // An operator's signature is refused: the order keeps its discount time.
    await adjust.locator('input[name="signUser"]').fill('operator');
    await adjust.locator('input[name="signPassword"]').fill('demo');
    await adjust.getByTestId('adjust-form-submit').click();
    await adjust.getByTestId('adjust-form-errors').filter({ hasText: 'El firmante no tiene permiso para esta acción.' }).waitFor();
    expect(await ended()).toEqual(endedBefore);

    // The supervisor may adjust at most the order's stop time not discounted: more is refused with the server's message.
    await adjust.locator('input[name="signUser"]').fill('supervisor');
    await adjust.getByTestId('adjust-form-submit').click();
    await adjust.getByTestId('adjust-form-errors').filter({ hasText: 'No se puede ajustar 999 min: la orden 4500101-0 tiene' }).waitFor();
    expect(await ended()).toEqual(endedBefore);

    const index = await plant.edge.call('GET', '/api/orders', { token: supervisorToken, query: { orderID: '4500101-0' } });
    const minutes = Math.floor((index.body.data[0].stopTime as number) * 10) / 10;
    expect(minutes).toBeGreaterThan(0);
    await adjust.locator('input[name="discountTime"]').fill(String(minutes).replace('.', ','));
    await adjust.getByTestId('adjust-form-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Op 4500101 ajustada' }).waitFor();
    expect(await ended()).toMatchObject({ adjustedDiscountTime: Math.round(minutes * 60_000), updatedBy: 'supervisor' });

    // The operator has no 'Ajustar' at all, and the server refuses the call from an operator's session.
    const operatorPage = await openDashboard('operator');
    await operatorPage.getByTestId('order-information').waitFor();
    await operatorPage.getByTestId('order-order').filter({ hasText: '4500201-0' }).waitFor();
    expect(await operatorPage.getByTestId('adjust-order').count()).toBe(0);
    const refused = await plant.edge.call('PUT', '/api/oeeindex/adjust', { token: await plant.token('operator'), json: { order: '4500101-0', discountTime: 1, user: 'operator', password: 'demo' } });
    expect(refused.status).toBe(403);
  }, 90_000);

  test('a maintenance call on a stopped line: the Alerta! dialog with the over-10-minutes warning, and the three rings', async () => {
    plant.simulator.stopLine(2);
    const stop2 = await plant.stopOpened(2);
    const callDate = Date.now() - 12 * 60_000;
    await db().insertInto('maintenance_calls').values({ resourceLineID: 2, stopID: stop2, status: 1, callReason: 'Rotura de cinta', message: null, callDate, declarationDate: callDate, startDate: callDate + 2 * 60_000, endDate: null, updatedBy: 'test', updateDate: callDate }).execute();
    const page = await openDashboard('operator', 2);
    const alert = page.getByTestId('maintenance-alert');
    await alert.waitFor({ timeout: 40_000 });
    expect(await alert.innerText()).toContain('Alerta!');
    expect(await alert.getByTestId('maintenance-over-limit').innerText()).toContain('La línea lleva más de 10 minutos en mantenimiento');
    await alert.getByTestId('maintenance-alert-close').click();
    await alert.waitFor({ state: 'detached' });
    await page.getByTestId('maintenance-rings').waitFor({ timeout: 30_000 });
    expect(await text(page, 'ring-waiting-value')).toBe('2m');
    expect(await text(page, 'ring-maintenance-value')).toMatch(/^1\dm$/);
    expect(await page.getByTestId('beacon').getAttribute('data-color')).toBe('amber');

    // In English the warning is the catalogue's text.
    const english = await openDashboard('operator', 2, 'en');
    await english.getByTestId('maintenance-over-limit').filter({ hasText: 'Line has been under mainteinance over 10 minutes' }).waitFor({ timeout: 40_000 });
    await db().updateTable('maintenance_calls').set({ status: 2, endDate: Date.now() }).where('resourceLineID', '=', 2).execute();
    plant.simulator.runLine(2);
  }, 90_000);

  test('a hidden tab polls nothing; shown again, it refreshes at once', async () => {
    const page = await openDashboard('supervisor');
    await page.waitForFunction(() => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent ?? ''));
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(new URL(request.url()).pathname);
    });
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    calls.length = 0;
    // gridRefreshTime is 2 s here: three periods without a call (but the once-a-minute session check, SPEC §4).
    await page.waitForTimeout(6_000);
    expect(calls.filter((path) => path !== '/api/users/isvalid')).toEqual([]);
    await setVisibility('visible');
    await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/indicators/get', { timeout: 5_000 });
  }, 60_000);

  test('shift navigation moves every tile 8 hours back and returns to now; tiles shown and a tile moved by its title bar are kept per line across a reload', async () => {
    const page = await openDashboard('supervisor');
    const label = page.getByTestId('shift-label');
    await label.filter({ hasText: /Turno/ }).waitFor();
    const current = await label.innerText();
    expect(await page.getByTestId('shift-now').isDisabled()).toBe(true);
    await page.getByTestId('shift-back').click();
    await page.waitForFunction((before) => document.querySelector('[data-testid="shift-label"]')?.textContent !== before, current);
    expect(await page.getByTestId('shift-now').isDisabled()).toBe(false);
    // The explorer now draws the previous shift: the forced stop of this shift is not on it.
    await page.getByTestId(`explorer-stop-${stopID}`).waitFor({ state: 'detached' });
    // The demo plant began in the middle of a shift: the previous shift's bar starts with time without data, grey
    // 'Sin datos', not running time.
    const noData = page.locator('[data-testid="explorer-noData"][data-left="0"]');
    await noData.waitFor();
    expect(await noData.getAttribute('title')).toBe('Sin datos');
    expect(await page.locator('[data-testid="explorer-running"][data-left="0"]').count()).toBe(0);
    await page.getByTestId('shift-now').click();
    await label.filter({ hasText: current }).waitFor();
    await page.getByTestId(`explorer-stop-${stopID}`).waitFor();

    await page.getByTestId('tile-picker').click();
    await page.getByTestId('toggle-tile-acceptance').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tile-acceptance').waitFor();

    // Moved by its title bar half the grid's width to the right, the OEE gauge is saved there and stays after a reload.
    // The handle is brought into view first: the page may be scrolled (the click on the menu item above scrolls when
    // the menu's opening animation makes Playwright retry), and a press outside the viewport reaches nothing.
    const handle = page.getByTestId('tile-oee').locator('.tile-handle');
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const gridWidth = (await page.getByTestId('tile-grid').boundingBox())!.width;
    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 12, { steps: 5 });
    await page.mouse.move(from.x + 20 + gridWidth / 2, from.y + 10, { steps: 20 });
    await page.mouse.up();
    const saved = () => page.evaluate(() => JSON.parse(localStorage.getItem('dashboard.line.1') ?? '{}') as { visible: string[]; layouts: Partial<Record<string, { i: string; x: number }[]>> });
    const oeeColumn = async () => (await saved()).layouts.lg?.find((place) => place.i === 'oee')?.x;
    await expect.poll(oeeColumn, { timeout: 10_000 }).toBeGreaterThan(3);
    const movedTo = await oeeColumn();
    const oeeLeft = async () => (await page.getByTestId('tile-oee').boundingBox())?.x ?? 0;
    await page.reload();
    await page.getByTestId('tile-acceptance').waitFor();
    expect((await saved()).visible).toContain('acceptance');
    await expect.poll(oeeLeft, { timeout: 10_000 }).toBeGreaterThan(from.x + gridWidth / 3);
    expect(await oeeColumn()).toBe(movedTo);
    // Another line keeps its own choice (acceptance off by default).
    await page.goto(`${plant.edge.url}/?line=3`);
    await page.getByTestId('tile-oee').waitFor();
    expect(await page.getByTestId('tile-acceptance').count()).toBe(0);
  }, 60_000);
});
