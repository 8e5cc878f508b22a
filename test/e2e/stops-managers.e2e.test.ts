import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shiftAt } from '../../edge/src/domain/calendar';
import { toPlantIso } from '../../edge/src/domain/time-zone';
import { DEMO_MANUAL_LINE } from '../../edge/src/demo/demo-plant';
import { fillDateTime } from './support/date-fields';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { gridRow } from './support/grid';
import { saveScreenshot } from './support/screenshots';

/** A guard against a hang: a loaded 2-core machine runs several browser suites at once. */
const TEST_MS = 240_000;
const MINUTE = 60_000;
const LINE = DEMO_MANUAL_LINE.lineID;

/**
 * The stops managers on the demo plant: line 5 (no beacon) takes stops entered by hand, which reach the stops list,
 * the stop summary and the shift index; an overlap is refused naming the stop it collides with; the stops manager
 * recognizes three pending stops with one signature, refuses a bulk call when one of its stops was recognized
 * meanwhile, and assigns equipment. Both pages in both languages for the screenshots.
 */
describe('stops managers', () => {
  let plant: DemoPlant;
  const db = () => plant.edge.edge.plant.db!;
  const timeZone = () => plant.edge.edge.plant.timeZone;
  /** 'YYYY-MM-DDTHH:mm:ss' in plant time (what the date-and-time fields hold). */
  const local = (ms: number) => toPlantIso(ms, timeZone()).slice(0, 19);
  const text = (ms: number) => local(ms).replace('T', ' ');

  beforeAll(async () => {
    plant = await startDemoPlant();
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  async function openAs(userID: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser();
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, userID, 'demo');
    return page;
  }

  /** The stop modules' pages are in the Stops menu, beside the stops list (SPEC.md section 2). */
  async function openModulePage(page: Page, label: string, path: string): Promise<void> {
    await page.getByTestId('menu-stops').click();
    await page.getByRole('menuitem', { name: label }).click();
    await page.waitForURL(new RegExp(`${path}$`));
  }

  const reasonIdOf = async (reason: string) =>
    (await db().selectFrom('stop_reasons').select('reasonID').where('reason', '=', reason).executeTakeFirstOrThrow()).reasonID;

  /** Opens the new-stop form and fills it; the reason, when given, is picked from the tree as recognition does. */
  async function fillNewStop(page: Page, startMs: number, endMs: number, reasonTrail: string[] = []): Promise<void> {
    await page.getByTestId('manual-stop-new').click();
    const dialog = page.getByTestId('manual-stop-dialog');
    await fillDateTime(dialog, 'startDate', local(startMs));
    await fillDateTime(dialog, 'endDate', local(endMs));
    if (reasonTrail.length > 0) {
      await dialog.getByTestId('manual-stop-pick-reason').click();
      for (const reason of reasonTrail) await dialog.getByTestId(`reason-${await reasonIdOf(reason)}`).click();
    }
  }

  test(
    'every module page is its own chunk: none is fetched at login or on the dashboard, each when its page is opened',
    async () => {
      const chunks: Record<string, RegExp> = {
        '/ordenes': /\/order-manager-page-[\w-]+\.js$/,
        '/produccion/lotes': /\/production-lots-page-[\w-]+\.js$/,
        '/produccion/resumen': /\/production-summary-page-[\w-]+\.js$/,
        '/paradas/manuales': /\/manual-stops-page-[\w-]+\.js$/,
        '/paradas/gestor': /\/stops-manager-page-[\w-]+\.js$/,
        '/mantenimiento': /\/open-calls-page-[\w-]+\.js$/,
        '/mantenimiento/historial': /\/history-page-[\w-]+\.js$/,
      };
      const { page } = await openBrowser();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const fetched = (chunk: RegExp) => scripts.filter((url) => chunk.test(url)).length;
      await logIn(page, plant.edge.url, 'supervisor', 'demo', '/?line=1');
      await page.getByTestId('line-dashboard').waitFor();
      for (const [path, chunk] of Object.entries(chunks)) expect(fetched(chunk), path).toBe(0);
      for (const [path, chunk] of Object.entries(chunks)) {
        await page.goto(`${plant.edge.url}${path}`);
        await page.waitForFunction(
          (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
          chunk.source,
        );
        expect(fetched(chunk), path).toBe(1);
      }
    },
    TEST_MS,
  );

  test(
    'a stop entered by hand on the line without beacon reaches the stops list, the stop summary and the shift index; an overlap is refused',
    async () => {
      // Thirty minutes inside one shift, ended a little before now.
      const now = Date.now();
      const shift = shiftAt(now, timeZone());
      const endMs = Math.floor((now - shift.startMs >= 35 * MINUTE ? now - 2 * MINUTE : shift.startMs - 10 * MINUTE) / 1000) * 1000;
      const startMs = endMs - 30 * MINUTE;
      const stopShift = shiftAt(startMs, timeZone());

      // The module's page is its own chunk, fetched only when the page is opened (not at login, not with the menu).
      const { page } = await openBrowser();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const chunk = /\/manual-stops-page-[\w-]+\.js$/;
      await logIn(page, plant.edge.url, 'supervisor', 'demo');
      expect(scripts.filter((url) => chunk.test(url))).toEqual([]);
      await openModulePage(page, 'Paradas manuales', '/paradas/manuales');
      await page.getByTestId('manual-stops-page').waitFor();
      expect(scripts.filter((url) => chunk.test(url))).toHaveLength(1);
      expect(await page.getByTestId('manual-stops-line').locator('option:checked').innerText()).toBe(
        `Línea ${LINE}: ${DEMO_MANUAL_LINE.description}`,
      );
      expect(await page.getByTestId('manual-stops-beacon-note').innerText()).toBe(
        'Las líneas con señal de baliza (1, 2, 3, 4) registran sus paradas solas: no admiten paradas manuales.',
      );

      await fillNewStop(page, startMs, endMs, ['No planificadas', 'Mecánicas', 'Rotura de cinta']);
      const dialog = page.getByTestId('manual-stop-dialog');
      expect(await dialog.getByTestId('manual-stop-reason').innerText()).toBe('Motivo: No planificadas / Mecánicas / Rotura de cinta');
      await dialog.locator('select[name="equipmentName"]').selectOption('Etiquetadora');
      await dialog.locator('textarea[name="observation"]').fill('Etiquetas atascadas');
      await dialog.getByTestId('manual-stop-save').click();
      await toastShown(page, 'success', 'Parada registrada.');
      await gridRow(page, 'manual-stops-grid', 'Etiquetas atascadas').waitFor();
      const stop = await db().selectFrom('stops').selectAll().where('lineID', '=', LINE).executeTakeFirstOrThrow();
      expect(stop).toMatchObject({
        startDate: startMs,
        endDate: endMs,
        manual: 1,
        recognized: 1,
        path: 'No planificadas / Mecánicas / Rotura de cinta',
        equipmentName: 'Etiquetadora',
        updatedBy: 'supervisor',
      });
      await saveScreenshot(page, 'stops-manual-es');

      // Overlapping it is refused with the stop it collides with named, and nothing is stored.
      await fillNewStop(page, startMs + 10 * MINUTE, endMs + MINUTE);
      await dialog.getByTestId('manual-stop-save').click();
      expect(await page.getByTestId('manual-stop-errors').innerText()).toContain(
        `La parada se superpone con la parada ${stop.stopID} (${text(startMs)} a ${text(endMs)}) de la línea.`,
      );
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      expect(await db().selectFrom('stops').select('stopID').where('lineID', '=', LINE).execute()).toHaveLength(1);

      // A second stop, without a reason, deleted again by the supervisor.
      await fillNewStop(page, startMs - 12 * MINUTE, startMs - 10 * MINUTE);
      await dialog.getByTestId('manual-stop-save').click();
      await toastShown(page, 'success', 'Parada registrada.');
      const second = await db()
        .selectFrom('stops')
        .select('stopID')
        .where('lineID', '=', LINE)
        .where('startDate', '=', startMs - 12 * MINUTE)
        .executeTakeFirstOrThrow();
      await page.getByTestId(`delete-stop-${second.stopID}`).click();
      await page.getByTestId('confirm-ok').click();
      await toastShown(page, 'success', 'Parada eliminada.');
      expect(await db().selectFrom('stops').select('stopID').where('stopID', '=', second.stopID).execute()).toEqual([]);

      // The stops list of the line.
      await page.goto(`${plant.edge.url}/paradas/listado?line=${LINE}`);
      await gridRow(page, 'stops-grid', 'Rotura de cinta').waitFor();
      // The stop summary of its shift: 30 minutes of 'Rotura de cinta', all of the line's stop time.
      await page.goto(`${plant.edge.url}/paradas/resumen?line=${LINE}&date=${stopShift.plantDate}&period=${stopShift.code}`);
      const row = page.locator('[data-testid="summary-reason-row"][data-path="No planificadas / Mecánicas / Rotura de cinta"]');
      await row.waitFor();
      expect(await page.getByTestId('summary-reason-row').count()).toBe(1);
      expect(await row.innerText()).toMatch(/Rotura de cinta[\s\S]*30[.,]0/);
      // The shift index of that shift counts it as stop time (through the engine, like an acquired stop).
      const index = await db()
        .selectFrom('shift_indexes')
        .select(['stopTime', 'failureCount'])
        .where('lineID', '=', LINE)
        .where('shiftStart', '=', stopShift.startMs)
        .executeTakeFirstOrThrow();
      expect(index).toEqual({ stopTime: 30 * MINUTE, failureCount: 1 });
      const history = await plant.edge.call('GET', '/api/oeeindex/history/get', {
        token: await plant.token('supervisor'),
        query: { filter: JSON.stringify([['lineID', '=', LINE]]), take: '5' },
      });
      expect(history.body.data.some((shiftRow: { shiftStart: string }) => Date.parse(shiftRow.shiftStart) === stopShift.startMs)).toBe(
        true,
      );
    },
    TEST_MS,
  );

  test(
    'the stops manager recognizes three stops with one signature, refuses a bulk call overtaken by someone else, and assigns equipment',
    async () => {
      const pending = (lineID: number) =>
        db()
          .selectFrom('stops')
          .select(['stopID', 'startDate'])
          .where('lineID', '=', lineID)
          .where('recognized', '=', 0)
          .where('endDate', 'is not', null)
          .orderBy('startDate', 'desc')
          .execute();
      const page = await openAs('operator');
      await openModulePage(page, 'Gestor de paradas', '/paradas/gestor');
      await page.locator('select[name="sectorID"]').selectOption({ label: 'Empaque' });
      await page.locator('select[name="lineID"]').selectOption({ label: 'Línea 3: Encajonadora' });
      const [first, second, third, fourth, fifth] = await pending(3);
      expect(fifth).toBeDefined();
      await page.getByTestId(`pending-stop-${fifth!.stopID}`).waitFor();
      // Only line 3's stops are listed.
      const listed = await page
        .locator('[data-testid^="pending-stop-"]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-testid')!.slice('pending-stop-'.length))));
      expect(listed.slice(0, 5)).toEqual([first, second, third, fourth, fifth].map((stop) => stop!.stopID));
      await saveScreenshot(page, 'stops-manager-es');

      // Three at once, one reason, one signature.
      for (const stop of [first, second, third]) await page.getByTestId(`select-stop-${stop!.stopID}`).click();
      await page.getByTestId('stops-manager-recognize').click();
      const dialog = page.getByTestId('recognize-dialog');
      expect(await dialog.innerText()).toContain('3 paradas');
      for (const reason of ['No planificadas', 'Materiales', 'Falta de material'])
        await dialog.getByTestId(`reason-${await reasonIdOf(reason)}`).click();
      await dialog.locator('input[name="signUser"]').fill('operator');
      await dialog.locator('input[name="signPassword"]').fill('demo');
      await dialog.getByTestId('recognize-signing-submit').click();
      await toastShown(page, 'success', 'Paradas reconocidas.');
      await page.getByTestId(`pending-stop-${first!.stopID}`).waitFor({ state: 'detached' });
      const recognized = await db()
        .selectFrom('stops')
        .select(['stopID', 'recognized', 'reason', 'updatedBy'])
        .where('stopID', 'in', [first!.stopID, second!.stopID, third!.stopID])
        .orderBy('startDate', 'desc')
        .execute();
      expect(recognized).toEqual(
        [first, second, third].map((stop) => ({ stopID: stop!.stopID, recognized: 1, reason: 'Falta de material', updatedBy: 'operator' })),
      );

      // Two chosen; the supervisor recognizes one of them meanwhile: the bulk call is refused whole, naming it.
      for (const stop of [fourth, fifth]) await page.getByTestId(`select-stop-${stop!.stopID}`).click();
      await page.getByTestId('stops-manager-recognize').click();
      for (const reason of ['No planificadas', 'Materiales', 'Falta de material'])
        await dialog.getByTestId(`reason-${await reasonIdOf(reason)}`).click();
      const meanwhile = await plant.edge.call('POST', '/api/stops/recognize', {
        token: await plant.token('supervisor'),
        json: {
          stopValues: [fourth!.stopID],
          reasonValues: await reasonIdOf('Atasco de envases'),
          username: 'supervisor',
          password: 'demo',
        },
      });
      expect(meanwhile.status, meanwhile.text).toBe(200);
      await dialog.locator('input[name="signUser"]').fill('operator');
      await dialog.locator('input[name="signPassword"]').fill('demo');
      await dialog.getByTestId('recognize-signing-submit').click();
      const stored = await db()
        .selectFrom('stops')
        .select(['startDate', 'endDate'])
        .where('stopID', '=', fourth!.stopID)
        .executeTakeFirstOrThrow();
      expect(await page.getByTestId('recognize-signing-errors').innerText()).toBe(
        `La parada ${fourth!.stopID} (${text(stored.startDate)} a ${text(stored.endDate!)}) ya fue reconocida por supervisor: no se reconoció ninguna parada.`,
      );
      expect(
        await db().selectFrom('stops').select(['recognized', 'reason']).where('stopID', '=', fourth!.stopID).executeTakeFirstOrThrow(),
      ).toEqual({ recognized: 1, reason: 'Atasco de envases' });
      expect(
        (await db().selectFrom('stops').select('recognized').where('stopID', '=', fifth!.stopID).executeTakeFirstOrThrow()).recognized,
      ).toBe(0);
      await dialog.getByRole('button', { name: 'Cerrar' }).click();

      // Equipment per stop (line 1 has its own).
      await page.locator('select[name="sectorID"]').selectOption({ label: 'Envasado' });
      await page.locator('select[name="lineID"]').selectOption({ label: 'Línea 1: Envasadora 1' });
      const [onLine1] = await pending(1);
      await page.getByTestId(`equipment-${onLine1!.stopID}`).selectOption('Llenadora');
      await toastShown(page, 'success', 'Equipo asignado.');
      expect(
        (await db().selectFrom('stops').select('equipmentName').where('stopID', '=', onLine1!.stopID).executeTakeFirstOrThrow())
          .equipmentName,
      ).toBe('Llenadora');
    },
    TEST_MS,
  );

  test(
    'in English (screenshots); the consultant has neither page',
    async () => {
      const page = await openAs('supervisor', 'en');
      await openModulePage(page, 'Manual stops', '/paradas/manuales');
      await gridRow(page, 'manual-stops-grid', 'Rotura de cinta').waitFor();
      await saveScreenshot(page, 'stops-manual-en');
      await openModulePage(page, 'Stops manager', '/paradas/gestor');
      await page.locator('[data-testid^="pending-stop-"]').first().waitFor();
      expect(await page.getByTestId('stops-manager-total').innerText()).toMatch(/^\d+ unrecognized stops? \(\d+ shown\)$/);
      await saveScreenshot(page, 'stops-manager-en');

      const consultant = await openAs('consultant');
      await consultant.goto(`${plant.edge.url}/paradas/gestor`);
      await consultant.getByTestId('not-allowed').waitFor();
      expect(await consultant.getByTestId('stops-manager-page').count()).toBe(0);
    },
    TEST_MS,
  );
});
