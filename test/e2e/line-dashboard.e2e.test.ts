import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toPlantLocal } from '../../ui/src/lib/plant-time';
import { waitFor } from '../support/simulated-plant';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { saveScreenshot } from './support/screenshots';

/**
 * A test's time limit, a guard against a hang: generous, since on a loaded 2-core machine a test that opens two
 * dashboards and signs three dialogs took over 90 s.
 */
const TEST_MS = 180_000;

/**
 * A line's dashboard against the demo plant, its lines driven by the test's simulator: live values, a stop forced on
 * the line shown as current stop and as an unrecognized bar, recognition and split through their signed dialogs, a
 * wrong signature refused, the validation switch, adjusting an ended order (not by an operator), the maintenance
 * alert, shift navigation (a shift before the plant began drawn as time without data), tile choice kept per line,
 * and the stops list a recognized bar leads to. Each test makes the stops and state it needs, so any one runs alone
 * (-t) and in any order.
 */
describe('line dashboard', () => {
  let plant: DemoPlant;
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

  /** A line running: any stop it had is over. */
  async function runLine(lineID: number): Promise<void> {
    plant.simulator.runLine(lineID);
    await plant.stopClosed(lineID);
  }

  /** A new stop forced on the line (running it first, so it is not one left open before): answers its id. */
  async function forceStop(lineID: number): Promise<number> {
    await runLine(lineID);
    plant.simulator.stopLine(lineID);
    return plant.stopOpened(lineID);
  }

  /** The demo's reason 'No planificadas / Mecánicas / Atasco de envases' (its id follows the system reasons'). */
  const jamReasonID = async () =>
    (await db().selectFrom('stop_reasons').select('reasonID').where('reason', '=', 'Atasco de envases').executeTakeFirstOrThrow()).reasonID;

  /** Recognizes a stop as 'No planificadas / Mecánicas / Atasco de envases' through the API, signed by the operator. */
  async function recognize(stopID: number): Promise<void> {
    const token = await plant.token('operator');
    const reasonValues = String(await jamReasonID());
    const recognized = await plant.edge.call('POST', '/api/stops/recognize', {
      token,
      form: { stopValues: JSON.stringify([stopID]), reasonValues, username: 'operator', password: 'demo' },
    });
    if (recognized.status !== 200) throw new Error(recognized.text);
  }

  /**
   * The dashboard of a line. `fakeClock`: the page's timers and Date are Playwright's fake clock (installed before
   * the app loads, time flowing as usual until the test moves it).
   */
  async function openDashboard(user: string, options: { line?: number; language?: 'es' | 'en'; fakeClock?: boolean } = {}): Promise<Page> {
    const { line = 1, language = 'es' } = options;
    const { page } = await openBrowser();
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    if (options.fakeClock) await page.clock.install();
    await logIn(page, plant.edge.url, user, 'demo', `/?line=${line}`);
    await page.getByTestId('line-dashboard').waitFor();
    return page;
  }

  /** The text of an element (SVG text included). */
  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

  test(
    'line 1 shows live values that change: gauges, production progress, beacon, charts',
    async () => {
      await runLine(1);
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
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="production-progress-value"]')?.textContent?.trim() !== before,
        first,
        { timeout: 40_000 },
      );
      await saveScreenshot(page, 'dashboard-es');

      const english = await openDashboard('supervisor', { language: 'en' });
      expect(await english.title()).toBe('Line 1');
      await english.waitForFunction(() => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent ?? ''));
      await english.getByTestId('chart-speed').locator('canvas').waitFor();
      await saveScreenshot(english, 'dashboard-en');
    },
    TEST_MS,
  );

  test(
    'a stop forced on the line shows as the current stop and as an unrecognized bar of the stop explorer',
    async () => {
      const stopID = await forceStop(1);
      const page = await openDashboard('supervisor');
      await page.getByTestId('current-stop-reason').filter({ hasText: 'No reconocida' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('beacon').getAttribute('data-color')).toBe('red');
      const bar = page.getByTestId(`explorer-stop-${stopID}`);
      await bar.waitFor();
      expect(await bar.getAttribute('data-recognized')).toBe('false');
      expect(await text(page, 'current-stop-ring-value')).toMatch(/^\d+[sm]$/);
    },
    TEST_MS,
  );

  test(
    'recognizing the stop from its bar: Selecting (deeper, Back), then Signing, turns it recognized',
    async () => {
      const stopID = await forceStop(1);
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
      expect(await dialog.getByTestId('recognize-signing-errors').locator('li').allInnerTexts()).toEqual([
        'El campo nombre de usuario es obligatorio.',
        'El campo contraseña es obligatorio.',
      ]);
      await dialog.locator('input[name="signUser"]').fill(' operator ');
      await dialog.locator('input[name="signPassword"]').fill('demo');
      await dialog.locator('textarea[name="observation"]').fill('  Atasco en la entrada  ');
      await dialog.getByTestId('recognize-signing-submit').click();
      await dialog.waitFor({ state: 'detached' });

      await page.waitForFunction(
        (id) => document.querySelector(`[data-testid="explorer-stop-${id}"]`)?.getAttribute('data-recognized') === 'true',
        stopID,
      );
      const stored = await stopRow(stopID);
      expect(stored).toMatchObject({
        recognized: 1,
        reasonID: await jamReasonID(),
        path: 'No planificadas / Mecánicas / Atasco de envases',
        observation: 'Atasco en la entrada',
        updatedBy: 'operator',
      });
      await page.getByTestId('current-stop-reason').filter({ hasText: 'Atasco de envases' }).waitFor({ timeout: 30_000 });
    },
    TEST_MS,
  );

  test(
    'a wrong signature shows the error in the form and changes nothing',
    async () => {
      const stopID = await forceStop(1);
      await recognize(stopID);
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
    },
    TEST_MS,
  );

  test(
    'a recognized bar leads to the stops list filtered by order, line and stop id',
    async () => {
      const stopID = await forceStop(1);
      await recognize(stopID);
      const { order } = await stopRow(stopID);
      const page = await openDashboard('consultant');
      const bar = page.getByTestId(`explorer-stop-${stopID}`);
      await bar.click();
      await page.waitForURL(/\/paradas\/listado\?/);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ line: '1', stopId: String(stopID), order });
      await page.getByTestId('stops-grid').locator('.ag-row').first().waitFor();
      expect(await page.getByTestId('stops-grid').locator('.ag-row').count()).toBe(1);
      // A consultant only reads: no 'Reconocer' / 'Modificar' and no split.
      expect(
        await page
          .getByTestId('stops-grid')
          .getByRole('button')
          .filter({ hasText: /Reconocer|Modificar|Split/ })
          .count(),
      ).toBe(0);
      await page.getByTestId('stops-grid-read-only').waitFor();
    },
    TEST_MS,
  );

  test(
    'a split of the ended stop creates two stops; a start outside the stop is warned about and not sent',
    async () => {
      // A recognized stop that has ended, long enough for a cut at a whole second strictly inside it.
      const stopID = await forceStop(1);
      await recognize(stopID);
      const { startDate } = await stopRow(stopID);
      await waitFor(() => Date.now() >= startDate + 3_000, 'the stop to last 3 s');
      await runLine(1);
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
      await toastShown(page, 'warning', 'Fecha de inicio no es válida');
      expect((await db().selectFrom('stops').select('stopID').where('lineID', '=', 1).execute()).length).toBe(stopsBefore);

      const cut = Math.floor((stop.startDate + stop.endDate!) / 2 / 1000) * 1000;
      await dialog.locator('input[name="newStart"]').fill(time(cut));
      await dialog.getByTestId('split-form-submit').click();
      await toastShown(page, 'success', 'Split creado con éxito');
      await dialog.waitFor({ state: 'detached' });
      const pieces = await db()
        .selectFrom('stops')
        .selectAll()
        .where('lineID', '=', 1)
        .where('startDate', '>=', stop.startDate)
        .where('startDate', '<', stop.endDate!)
        .orderBy('startDate')
        .execute();
      expect(pieces.map((piece) => [piece.startDate, piece.endDate, piece.split, piece.recognized])).toEqual([
        [stop.startDate, cut, 1, 1],
        [cut, stop.endDate, 1, 0],
      ]);
      // The new, unrecognized piece shows in the dashboard's list with its red 'Reconocer'.
      await page.getByTestId('shift-stops').getByTestId(`recognize-${pieces[1]!.stopID}`).waitFor();
    },
    TEST_MS,
  );

  test(
    'the stops list: every stop of the line, Reconocer/Modificar for the operator, split only in the supervisor’s',
    async () => {
      const stopID = await forceStop(1);
      await recognize(stopID);
      const operator = (await openBrowser()).page;
      await logIn(operator, plant.edge.url, 'operator', 'demo');
      await operator.getByTestId('menu-stops').click();
      await operator.getByRole('menuitem', { name: 'Listado de paradas' }).click();
      await operator.waitForURL(/\/paradas\/listado$/);
      const grid = operator.getByTestId('stops-grid');
      await grid.getByTestId(`modify-${stopID}`).waitFor();
      expect(await grid.getByTestId(`split-${stopID}`).count()).toBe(0);
      // The operator acts here: the grid is not labelled 'Solo lectura'.
      expect(await operator.getByTestId('stops-grid-read-only').count()).toBe(0);
      // The grid's buttons open the same dialogs as the dashboard's.
      await grid.getByTestId(`modify-${stopID}`).click();
      await operator
        .getByTestId('recognize-dialog')
        .getByRole('button', { name: /No planificadas/ })
        .waitFor();
      await operator.keyboard.press('Escape');
      await operator.getByTestId('recognize-dialog').waitFor({ state: 'detached' });

      const supervisor = (await openBrowser()).page;
      await logIn(supervisor, plant.edge.url, 'supervisor', 'demo', `/paradas/listado?line=1&stopId=${stopID}`);
      await supervisor.getByTestId('stops-grid').getByTestId(`split-${stopID}`).waitFor();
    },
    TEST_MS,
  );

  test(
    'the validation switch is signed and toasts; an ended order is adjusted by the supervisor, never by an operator',
    async () => {
      // A stop in the order, so it has stop time to adjust.
      await forceStop(1);
      // The line's order now (the demo's, unless another test started one), validated here and then ended.
      const current = await db()
        .selectFrom('orders')
        .select(['order', 'op'])
        .where('lineID', '=', 1)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      const page = await openDashboard('supervisor');
      const label = page.getByTestId('validation-label');
      await label.filter({ hasText: 'NO' }).waitFor();
      await page.getByTestId('validation-switch').click();
      const validation = page.getByTestId('validation-dialog');
      await validation.locator('input[name="signUser"]').fill('operator');
      await validation.locator('input[name="signPassword"]').fill('demo');
      await validation.getByTestId('validation-form-submit').click();
      await toastShown(page, 'success', 'Op validada con éxito');
      await label.filter({ hasText: 'SI' }).waitFor();

      // End the line's order by starting another: the ended one can be adjusted.
      const supervisorToken = await plant.token('supervisor');
      const created = await plant.edge.call('POST', '/api/orders/post', {
        token: supervisorToken,
        form: { values: { order: '4500201-0', lineID: 1, productCode: 'AGUA-500', lot: 'L201', desiredProductionQuantity: 5000 } },
      });
      expect(created.status, created.text).toBe(200);
      expect((await plant.edge.call('POST', '/api/orders/start', { token: supervisorToken, json: { order: '4500201-0' } })).status).toBe(
        200,
      );
      const ended = () => db().selectFrom('orders').selectAll().where('order', '=', current.order).executeTakeFirstOrThrow();
      const endedBefore = await ended();
      expect(endedBefore.status).toBe(2);

      await page.reload();
      await page.getByTestId('order-order').filter({ hasText: '4500201-0' }).waitFor({ timeout: 30_000 });
      const previous = page.getByTestId('previous-order');
      await previous.waitFor();
      await previous.getByTestId('adjust-order').click();
      const adjust = page.getByTestId('adjust-dialog');
      await adjust.locator('input[name="discountTime"]').fill('12,5');
      // An operator's signature is refused: the order keeps its discount time.
      await adjust.locator('input[name="signUser"]').fill('operator');
      await adjust.locator('input[name="signPassword"]').fill('demo');
      await adjust.getByTestId('adjust-form-submit').click();
      await adjust.getByTestId('adjust-form-errors').filter({ hasText: 'El firmante no tiene permiso para esta acción.' }).waitFor();
      expect(await ended()).toEqual(endedBefore);

      // The supervisor may adjust at most the order's stop time not discounted: more is refused with the server's message.
      await adjust.locator('input[name="discountTime"]').fill('999');
      await adjust.locator('input[name="signUser"]').fill('supervisor');
      await adjust.getByTestId('adjust-form-submit').click();
      await adjust
        .getByTestId('adjust-form-errors')
        .filter({ hasText: `No se puede ajustar 999 min: la orden ${current.order} tiene` })
        .waitFor();
      expect(await ended()).toEqual(endedBefore);

      const index = await plant.edge.call('GET', '/api/orders', { token: supervisorToken, query: { orderID: current.order } });
      const minutes = Math.floor((index.body.data[0].stopTime as number) * 100) / 100;
      expect(minutes).toBeGreaterThan(0);
      await adjust.locator('input[name="discountTime"]').fill(String(minutes).replace('.', ','));
      await adjust.getByTestId('adjust-form-submit').click();
      await toastShown(page, 'success', `Op ${current.op} ajustada`);
      expect(await ended()).toMatchObject({ adjustedDiscountTime: Math.round(minutes * 60_000), updatedBy: 'supervisor' });

      // The operator has no 'Ajustar' at all, and the server refuses the call from an operator's session.
      const operatorPage = await openDashboard('operator');
      await operatorPage.getByTestId('order-information').waitFor();
      await operatorPage.getByTestId('order-order').filter({ hasText: '4500201-0' }).waitFor();
      expect(await operatorPage.getByTestId('adjust-order').count()).toBe(0);
      const refused = await plant.edge.call('PUT', '/api/oeeindex/adjust', {
        token: await plant.token('operator'),
        json: { order: current.order, discountTime: 1, user: 'operator', password: 'demo' },
      });
      expect(refused.status).toBe(403);
    },
    TEST_MS,
  );

  test(
    'the order tile shows the units the shift made with no order running (issue 25: never dropped)',
    async () => {
      const lineID = 3;
      const page = await openDashboard('operator', { line: lineID });
      await page.getByTestId('order-information').waitFor();
      expect(await page.getByTestId('unstaffed-production').count()).toBe(0);
      // 25 units and 2 discards counted in the shift on screen while the line had no Ready order (the minute before now,
      // or the shift's first if it began less than a minute ago).
      const indicators = await plant.edge.call('GET', '/api/indicators/get', {
        token: await plant.token('operator'),
        query: { lineID: String(lineID) },
      });
      const minuteStart = Math.max(Date.parse(indicators.body.shift.start), Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
      await db().insertInto('production_minutes').values({ lineID, minuteStart, order: null, units: 25, discards: 2 }).execute();
      await page
        .getByTestId('unstaffed-production')
        .filter({ hasText: 'Producido sin orden en el turno: 25 (2 descartes)' })
        .waitFor({ timeout: 20_000 });
    },
    TEST_MS,
  );

  test(
    'a maintenance call on a stopped line: the Alerta! dialog with the over-10-minutes warning, and the three rings',
    async () => {
      const stop2 = await forceStop(2);
      const callDate = Date.now() - 12 * 60_000;
      await db()
        .insertInto('maintenance_calls')
        .values({
          resourceLineID: 2,
          stopID: stop2,
          status: 1,
          callReason: 'Rotura de cinta',
          message: null,
          callDate,
          declarationDate: callDate,
          startDate: callDate + 2 * 60_000,
          endDate: null,
          updatedBy: 'test',
          updateDate: callDate,
        })
        .execute();
      const page = await openDashboard('operator', { line: 2 });
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
      const english = await openDashboard('operator', { line: 2, language: 'en' });
      await english
        .getByTestId('maintenance-over-limit')
        .filter({ hasText: 'Line has been under mainteinance over 10 minutes' })
        .waitFor({ timeout: 40_000 });
      await db().updateTable('maintenance_calls').set({ status: 2, endDate: Date.now() }).where('resourceLineID', '=', 2).execute();
    },
    TEST_MS,
  );

  test(
    'a hidden tab polls nothing; shown again, it refreshes at once',
    async () => {
      const page = await openDashboard('supervisor', { fakeClock: true });
      await page.waitForFunction(() => /^\d+%$/.test(document.querySelector('[data-testid="gauge-oee-value"]')?.textContent ?? ''));
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(new URL(request.url()).pathname);
      });
      /** A request of the test's own, made by the page: once it has answered, every request the page made before it is in `calls`. */
      const mark = (name: string) => page.evaluate((path) => fetch(path).then(() => undefined), `/api/test-mark/${name}`);
      const setVisibility = (state: 'hidden' | 'visible') =>
        page.evaluate((value) => {
          Object.defineProperty(document, 'visibilityState', { value, configurable: true });
          Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
          // As the browser fires it: at the document, bubbling (TanStack Query's focus manager listens on window).
          document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        }, state);
      await setVisibility('hidden');
      await mark('hidden');
      // The page's time stops (2 s on: a loaded machine's round trips must not put that instant in the page's past); then
      // gridRefreshTime (2 s here) passes three times over, every timer due firing, without a call (but the
      // once-a-minute session check, SPEC §4).
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
      await page.clock.runFor(6_000);
      await mark('shown');
      const whileHidden = calls.slice(calls.indexOf('/api/test-mark/hidden') + 1, calls.indexOf('/api/test-mark/shown'));
      expect(whileHidden.filter((path) => path !== '/api/users/isvalid')).toEqual([]);
      // Shown again, with the page's time still stopped: the refresh comes from the tab being shown, not from a poll.
      const refreshed = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/indicators/get');
      await setVisibility('visible');
      await refreshed;
    },
    TEST_MS,
  );

  test(
    "on a holiday what the line makes is unscheduled production: the order tile and the waterfall tile say so ('Producción fuera de turno')",
    async () => {
      await runLine(1);
      const admin = await plant.token('admin');
      const calendar = (await plant.edge.call('GET', '/api/calendars', { token: admin })).body.plant;
      const today = (await plant.edge.call('GET', '/api/calendar/now', { token: admin })).body.plantDate as string;
      // Today a holiday: the whole production day is outside the schedule, the line running through it.
      const holiday = await plant.edge.call('PUT', '/api/calendars/plant', {
        token: admin,
        json: { ...calendar, exceptions: [...calendar.exceptions, { date: today, kind: 'holiday' }] },
      });
      expect(holiday.status, holiday.text).toBe(200);
      try {
        const page = await openDashboard('supervisor');
        const unscheduled = /^Producción fuera de turno: [\d.]+ \([\d.]+ descartes\), [\d.]+ min en marcha$/;
        await page.getByTestId('unscheduled-production').filter({ hasText: unscheduled }).waitFor();
        await page.getByTestId('tile-picker').click();
        await page.getByTestId('toggle-tile-waterfall').click();
        await page.keyboard.press('Escape');
        await page.getByTestId('tile-waterfall-unscheduled').filter({ hasText: unscheduled }).waitFor();
      } finally {
        const back = await plant.edge.call('PUT', '/api/calendars/plant', { token: admin, json: calendar });
        expect(back.status, back.text).toBe(200);
      }
    },
    TEST_MS,
  );

  test(
    'shift navigation moves every tile 8 hours back and returns to now; tiles shown and a tile moved by its title bar are kept per line across a reload',
    async () => {
      const stopID = await forceStop(1);
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
      // The previous shift is the demo plant's history: its bar starts with the line running or stopped, never with
      // grey 'Sin datos' (which only comes before a line's first data: timeline.test.ts, the indicators' firstDataDate).
      await page.locator('[data-testid="explorer-running"], [data-testid^="explorer-stop-"]').first().waitFor();
      expect(await page.locator('[data-testid="explorer-noData"]').count()).toBe(0);
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
      const saved = () =>
        page.evaluate(
          () =>
            JSON.parse(localStorage.getItem('dashboard.line.1') ?? '{}') as {
              visible: string[];
              layouts: Partial<Record<string, { i: string; x: number }[]>>;
            },
        );
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
    },
    TEST_MS,
  );
});
