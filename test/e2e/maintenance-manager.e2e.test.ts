import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { showColumn } from './support/grid';
import { saveScreenshot } from './support/screenshots';

/** A guard against a hang: a test here opens two or three pages on a loaded 2-core machine. */
const TEST_MS = 180_000;

/**
 * The maintenance manager on the demo plant, its lines driven by the test's simulator: a call from the dashboard's
 * current-stop tile turns the beacon amber and raises 'Alerta!'; a second call on the line is refused with its
 * reason; maintenance staff start and finish the call in one click each on the open-calls page, and the stop carries
 * the declaring, waiting and maintenance times, shown in the stops list. Each test makes the stop and call it needs;
 * the demo week already holds finished calls on every line, so a test reads only its own calls (by stop or id).
 */
describe('maintenance manager', () => {
  let plant: DemoPlant;
  const db = () => plant.edge.edge.plant.db!;
  const callsOf = (lineID: number) =>
    db().selectFrom('maintenance_calls').selectAll().where('resourceLineID', '=', lineID).orderBy('callID').execute();
  const callsOn = (stopID: number) =>
    db().selectFrom('maintenance_calls').selectAll().where('stopID', '=', stopID).orderBy('callID').execute();
  const callRow = (callID: number) =>
    db().selectFrom('maintenance_calls').selectAll().where('callID', '=', callID).executeTakeFirstOrThrow();
  const stopRow = (id: number) => db().selectFrom('stops').selectAll().where('stopID', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    plant = await startDemoPlant();
    // Grids and tiles refresh every 2 s instead of the default, so the test sees changes quickly.
    const set = await plant.edge.call('PUT', '/api/parameters/put', {
      token: await plant.token('admin'),
      form: { values: { gridRefreshTime: 2 } },
    });
    if (set.status !== 200) throw new Error(set.text);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  /** A new stop on the line (running it first, so it is not one left open before): answers its id. */
  async function forceStop(lineID: number): Promise<number> {
    plant.simulator.runLine(lineID);
    await plant.stopClosed(lineID);
    plant.simulator.stopLine(lineID);
    return plant.stopOpened(lineID);
  }

  async function openAs(user: string, path: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser();
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, user, 'demo', path);
    return page;
  }

  const reasonID = async (name: string) =>
    (await db().selectFrom('maintenance_call_reasons').select('callReasonID').where('name', '=', name).executeTakeFirstOrThrow())
      .callReasonID;

  test(
    'a call from the current-stop tile turns the beacon amber and raises Alerta!; a second call on the line is refused with its reason',
    async () => {
      const stopID = await forceStop(3);
      const callsBefore = (await callsOf(3)).length;
      const page = await openAs('operator', '/?line=3');
      await page.getByTestId('line-dashboard').waitFor();
      await page.getByTestId('call-maintenance').click();
      const dialog = page.getByTestId('maintenance-call-dialog');
      await dialog.locator('select[name="callReasonID"]').selectOption({ label: 'Falla mecánica' });
      await dialog.locator('textarea[name="message"]').fill('Ruido en la llenadora');
      await dialog.getByTestId('maintenance-call-submit').click();
      await toastShown(page, 'success', 'Mantenimiento llamado');

      const alert = page.getByTestId('maintenance-alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Alerta!');
      expect(await alert.innerText()).toContain('Falla mecánica');
      await alert.getByTestId('maintenance-alert-close').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="beacon"]')?.getAttribute('data-color') === 'amber');
      await page.getByTestId('maintenance-rings').waitFor();
      // The tile offers no second call while this one is open.
      expect(await page.getByTestId('call-maintenance').count()).toBe(0);

      const [call] = await callsOn(stopID);
      expect(await callsOf(3)).toHaveLength(callsBefore + 1);
      expect(call).toMatchObject({
        stopID,
        status: 0,
        callReason: 'Falla mecánica',
        message: 'Ruido en la llenadora',
        calledBy: 'operator',
      });
      expect(call!.declarationDate).toBe(call!.callDate);
      expect((await stopRow(stopID)).declaringTime).toBe(Math.round((call!.callDate - (await stopRow(stopID)).startDate) / 600) / 100);

      // The supervisor, on the module's page, calls line 3 again: refused, with the reason, and nothing stored.
      const supervisor = await openAs('supervisor', '/mantenimiento');
      await supervisor.getByTestId(`maintenance-call-${call!.callID}`).waitFor();
      await supervisor.getByTestId('maintenance-new-call').click();
      const second = supervisor.getByTestId('maintenance-call-dialog');
      await second.locator('select[name="lineID"]').selectOption('3');
      await second.locator('select[name="callReasonID"]').selectOption({ label: 'Falla eléctrica' });
      await second.getByTestId('maintenance-call-submit').click();
      const refusal = second.getByTestId('maintenance-call-error');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(`La línea 3 ya tiene un llamado de mantenimiento abierto (llamado ${call!.callID}`);
      expect(await callsOn(stopID)).toHaveLength(1);
      expect(await callsOf(3)).toHaveLength(callsBefore + 1);

      await plant.edge.call('POST', '/api/maintenance/close', { token: await plant.token('supervisor'), json: { callID: call!.callID } });
    },
    TEST_MS,
  );

  test(
    'maintenance staff start and finish a call in one click each; the stop carries its times, shown in the stops list',
    async () => {
      const stopID = await forceStop(4);
      const called = await plant.edge.call('POST', '/api/maintenance/call', {
        token: await plant.token('operator'),
        json: { lineID: 4, callReasonID: await reasonID('Falla neumática') },
      });
      expect(called.status, called.text).toBe(200);
      const callID = called.body.callID as number;

      const page = await openAs('operator', '/mantenimiento');
      const card = page.getByTestId(`maintenance-call-${callID}`);
      await card.waitFor();
      expect(await card.getByTestId('call-status').innerText()).toBe('En espera');
      await card.getByTestId('call-start').click();
      await toastShown(page, 'success', 'Llamado iniciado');
      await card.getByTestId('call-status').filter({ hasText: 'Iniciado' }).waitFor();
      // The operator has no 'Sin mantenimiento': closing a call so is the supervisor's.
      expect(await card.getByTestId('call-close').count()).toBe(0);
      await card.getByTestId('call-finish').click();
      await toastShown(page, 'success', 'Llamado finalizado');
      await card.waitFor({ state: 'detached' });

      const call = await callRow(callID);
      expect(call).toMatchObject({ status: 2, startedBy: 'operator', finishedBy: 'operator' });
      const stop = await stopRow(stopID);
      expect(stop.maintenanceReason).toBe('Falla neumática');
      expect(stop.waitingTime).toBe(Math.round((call!.startDate! - call!.declarationDate!) / 600) / 100);
      expect(stop.maintenanceTime).toBe(Math.round((call!.endDate! - call!.startDate!) / 600) / 100);

      // The stops list shows the stop's maintenance reason and times.
      await page.goto(`${plant.edge.url}/paradas/listado?line=4&stopId=${stopID}`);
      await showColumn(page, 'stops-grid', 'maintenanceTime');
      const row = page.getByTestId('stops-grid').locator('.ag-row').first();
      await row.locator('[col-id="maintenanceReason"]', { hasText: 'Falla neumática' }).waitFor();
      expect(await row.locator('[col-id="maintenanceTime"]').innerText()).not.toBe('');
    },
    TEST_MS,
  );

  test(
    'the open-calls page in both languages (screenshots), and the history with MTTR per line',
    async () => {
      const operator = await plant.token('operator');
      await forceStop(1);
      await forceStop(2);
      const first = await plant.edge.call('POST', '/api/maintenance/call', {
        token: operator,
        json: { lineID: 1, callReasonID: await reasonID('Lubricación'), message: 'Falta grasa en la cadena' },
      });
      const second = await plant.edge.call('POST', '/api/maintenance/call', {
        token: operator,
        json: { lineID: 2, callReasonID: await reasonID('Sensor o instrumento') },
      });
      await plant.edge.call('POST', '/api/maintenance/start', { token: operator, json: { callID: second.body.callID } });
      for (const language of ['es', 'en'] as const) {
        const page = await openAs('supervisor', '/mantenimiento', language);
        await page.getByTestId(`maintenance-call-${first.body.callID}`).waitFor();
        await page
          .getByTestId(`maintenance-call-${second.body.callID}`)
          .getByTestId('call-status')
          .filter({ hasText: language === 'es' ? 'Iniciado' : 'Started' })
          .waitFor();
        await saveScreenshot(page, `maintenance-calls-${language}`);
      }
      // Line 1's call, started and finished, counts in its MTTR (beside the demo week's finished calls); the history lists it.
      const finishedOnLine1 = async () => {
        const mttr = await plant.edge.call('GET', '/api/maintenance/mttr', { token: operator });
        expect(mttr.status, mttr.text).toBe(200);
        return (mttr.body.lines as { lineID: number; finishedCalls: number }[]).find((row) => row.lineID === 1)?.finishedCalls ?? 0;
      };
      const finishedBefore = await finishedOnLine1();
      await plant.edge.call('POST', '/api/maintenance/start', { token: operator, json: { callID: first.body.callID } });
      await plant.edge.call('POST', '/api/maintenance/finish', { token: operator, json: { callID: first.body.callID } });
      expect(await finishedOnLine1()).toBe(finishedBefore + 1);
      const history = await openAs('consultant', '/mantenimiento/historial');
      const line1 = history.getByTestId('mttr-lines').locator('tr', { hasText: 'Línea 1:' });
      await line1.waitFor();
      expect(await line1.locator('td').nth(1).innerText()).toBe(String(finishedBefore + 1));
      await history.getByTestId('maintenance-history-grid').locator('.ag-row', { hasText: 'Lubricación' }).first().waitFor();
    },
    TEST_MS,
  );
});
