import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { addLine } from './support/fixtures';
import { fillDate } from './support/date-fields';
import { crudCycle, fieldError, fillForm, gridRow, recordForm, saveForm } from './support/grid';

/** The supervisor's configuration tabs (SPEC.md section 6: only the supervisor changes them). */
describe('configuration, supervisor', () => {
  let edge: TestEdge;
  let supervisor: { userID: string; password: string; token: string };

  beforeAll(async () => {
    edge = await startUiEdge();
    await addLine(edge, { lineID: 3, description: 'Envasadora', sectorName: 'Envasado' });
    supervisor = await edge.userWithRole(2);
    await edge.call('POST', '/api/products', {
      token: supervisor.token,
      form: { values: { code: 'P-200', name: 'Yerba 1 kg', wrappersPerPackage: 10, unitsPerWrapper: 1 } },
    });
    await edge.call('POST', '/api/stopreasons', { token: supervisor.token, form: { values: { parentID: 8, reason: 'Rotura de cinta' } } });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function configuration(tab: string): Promise<Page> {
    const { page } = await openBrowser();
    await logIn(page, edge.url, supervisor.userID, supervisor.password, `/configuracion?tab=${tab}`);
    await page.getByTestId(`tab-content-${tab}`).waitFor();
    return page;
  }

  test('the supervisor sees only its five tabs, then the tabs of the modules that run (maintenance runs on every line)', async () => {
    const page = await configuration('equipment');
    const tabs = await page.locator('[data-testid^="tab-"][role="tab"]').allInnerTexts();
    expect(tabs).toEqual([
      'Equipos',
      'Motivos de parada',
      'Objetivos de línea',
      'Productos',
      'Velocidades de producto',
      'Calendario',
      'Motivos de llamado',
    ]);
  }, 120_000);

  test('equipment, with the stop reasons linked to the selected one', async () => {
    const page = await configuration('equipment');
    await crudCycle(page, {
      grid: 'equipment-grid',
      invalid: { values: { name: '', description: 'Llenadora rotativa', lineID: 'Envasadora' }, field: 'name' },
      create: { name: 'Llenadora' },
      createdText: 'Llenadora',
      edit: { tag: 'LLEN-01' },
      editedText: 'LLEN-01',
    });
    await page.getByTestId('equipment-grid-add').click();
    await fillForm(page, { name: 'Encintadora', description: 'Cierre de cajas' });
    await saveForm(page);
    await gridRow(page, 'equipment-grid', 'Encintadora').click();
    const links = 'equipment-reasons-grid';
    await page.getByTestId(links).waitFor();
    expect(await page.getByTestId(`${links}-edit`).count()).toBe(0);
    await page.getByTestId(`${links}-add`).click();
    await saveForm(page);
    expect((await fieldError(page, 'reasonID')).length).toBeGreaterThan(0);
    await fillForm(page, { reasonID: 'Rotura de cinta' });
    await saveForm(page);
    await gridRow(page, links, 'Rotura de cinta').click();
    await page.getByTestId(`${links}-delete`).click();
    await page.getByTestId('confirm-ok').click();
    await gridRow(page, links, 'Rotura de cinta').waitFor({ state: 'detached' });
  }, 180_000);

  test('stop reasons: the tree adds, edits, hides on a line and deletes; the counter turns red beyond 40', async () => {
    const page = await configuration('stop-reasons');
    const tree = page.getByTestId('reason-tree');
    await tree.getByText('No planificadas').waitFor();

    await page.getByTestId('reason-8-add').click();
    expect(await recordForm(page).locator('select[name="parentID"] option:checked').innerText()).toBe('No planificadas');
    const counter = recordForm(page).getByTestId('counter-reason');
    await fillForm(page, { reason: 'x'.repeat(41) });
    expect(await counter.innerText()).toBe('Utilizados 41 de 40 caracteres');
    expect(await counter.getAttribute('data-over')).toBe('true');
    await fillForm(page, { reason: '' });
    await saveForm(page);
    expect((await fieldError(page, 'reason')).length).toBeGreaterThan(0);
    await fillForm(page, { reason: 'Falta de material' });
    expect(await counter.innerText()).toBe('Utilizados 17 de 40 caracteres');
    expect(await counter.getAttribute('data-over')).toBe('false');
    await saveForm(page);
    await recordForm(page).waitFor({ state: 'detached' });
    const row = tree.locator('[data-testid^="reason-"]', { hasText: 'Falta de material' }).first();
    await row.waitFor();
    const reasonID = (await row.getAttribute('data-testid'))!.replace('reason-', '');

    await page.getByTestId(`reason-${reasonID}-edit`).click();
    await fillForm(page, { reason: 'Falta de insumos' });
    await saveForm(page);
    await tree.getByText('Falta de insumos').waitFor();

    // A system stop: only its colour and pareto may change, so 'Categoría' (its parent), the text and the detail are
    // disabled in its form (the server refuses the rest).
    await page.getByTestId('reason-4-edit').click();
    expect(await recordForm(page).locator('select[name="parentID"]').isDisabled()).toBe(true);
    expect(await recordForm(page).locator('input[name="reason"]').isDisabled()).toBe(true);
    expect(await recordForm(page).locator('textarea[name="detail"]').isDisabled()).toBe(true);
    expect(await recordForm(page).locator('input[name="color"]').isDisabled()).toBe(false);
    await recordForm(page).getByRole('button', { name: 'Cancelar' }).click();
    await recordForm(page).waitFor({ state: 'detached' });

    // Hidden on the chosen line only.
    await page.locator('select[name="reasonLine"]').selectOption({ label: 'Envasadora' });
    await page.getByTestId(`reason-${reasonID}-visibility`).click();
    await page.getByTestId(`reason-${reasonID}`).getByText('Oculto en esta línea').waitFor();
    const stored = await edge.call('GET', '/api/stopreasons', {
      token: supervisor.token,
      query: { filter: JSON.stringify(['reasonID', '=', Number(reasonID)]) },
    });
    expect(stored.body.data[0].enabledForLine).toEqual([0]);

    await page.getByTestId(`reason-${reasonID}-delete`).click();
    await page.getByTestId('confirm-ok').click();
    await tree.getByText('Falta de insumos').waitFor({ state: 'detached' });
  }, 180_000);

  test('stop reasons in grid mode: a reason needs a category', async () => {
    const page = await configuration('stop-reasons');
    await page.getByTestId('reasons-mode-grid').click();
    await crudCycle(page, {
      grid: 'stop-reasons-grid',
      invalid: { values: { parentID: '', reason: 'Cambio de formato' }, field: 'parentID', message: 'Debe seleccionar una categoría.' },
      create: { parentID: 'Planificadas' },
      createdText: 'Cambio de formato',
      edit: { detail: 'Cambio de tamaño de envase' },
      editedText: 'Cambio de tamaño de envase',
    });
  }, 180_000);

  test('line targets', async () => {
    const page = await configuration('targets');
    await crudCycle(page, {
      grid: 'targets-grid',
      invalid: { values: { lineID: 'Envasadora', tag: 'OEE-3', targetOEE: '150' }, field: 'targetOEE' },
      create: { targetOEE: '85' },
      createdText: 'OEE-3',
      edit: { targetSummary: '12000' },
      editedText: '12.000',
    });
  }, 180_000);

  test('products', async () => {
    const page = await configuration('products');
    await crudCycle(page, {
      grid: 'products-grid',
      invalid: {
        values: { code: 'P-100', name: 'Galletitas', wrappersPerPackage: '0', unitsPerWrapper: '12' },
        field: 'wrappersPerPackage',
      },
      create: { wrappersPerPackage: '10' },
      createdText: 'P-100',
      edit: { name: 'Galletitas dulces' },
      editedText: 'Galletitas dulces',
    });
  }, 180_000);

  test('product speeds, keyed by product and line', async () => {
    const page = await configuration('product-speeds');
    await crudCycle(page, {
      grid: 'product-speeds-grid',
      invalid: { values: { code: 'Yerba 1 kg', lineID: 'Envasadora', speed: '-1' }, field: 'speed' },
      create: { speed: '120' },
      createdText: '120',
      edit: { speed: '135.5' },
      editedText: '135,5',
    });
  }, 180_000);

  test('the calendar: two 12-hour shifts from 07:00 with a break and a holiday, stored by the server and previewed; a field error on its field; a line’s own calendar and back; no tab for a consultant, whom the server refuses', async () => {
    const page = await configuration('calendar');
    const tab = page.getByTestId('tab-content-calendar');
    await tab.getByTestId('calendar-form').waitFor();
    const field = (path: string) => tab.getByTestId(`calendar-${path}`);
    const shift = async (index: number, values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) await field(`versions.0.pattern.shifts.${index}.${name}`).fill(value);
    };
    // The default pattern (TM, TT, TN) becomes D 07:00 and N 19:00; first with N's code repeated, which the server refuses.
    await shift(0, { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00' });
    await shift(1, { code: 'D', nameEs: 'Noche', nameEn: 'Night', start: '19:00' });
    await tab.getByTestId('calendar-versions.0-shift-2-remove').click();
    await tab.getByTestId('calendar-versions.0-add-break').click();
    await tab.locator('select[name="versions.0.pattern.breaks.0.shiftCode"]').selectOption('D');
    await field('versions.0.pattern.breaks.0.start').fill('12:00');
    await field('versions.0.pattern.breaks.0.minutes').fill('30');
    await tab.getByTestId('calendar-add-exception').click();
    await fillDate(field('exceptions.0.date'), '2026-05-01');
    await tab.getByTestId('calendar-save').click();
    const codeError = tab.getByTestId('calendar-error-versions.0.pattern.shifts.1.code');
    await codeError.waitFor();
    expect((await codeError.innerText()).length).toBeGreaterThan(0);
    const stored = async () => (await edge.call('GET', '/api/calendars', { token: supervisor.token })).body.plant;
    expect((await stored()).versions[0].pattern.shifts.map((one: { code: string }) => one.code)).toEqual(['TM', 'TT', 'TN']);

    await shift(1, { code: 'N' });
    await tab.getByTestId('calendar-save').click();
    await page.getByTestId('toast-success').waitFor();
    const plant = await stored();
    expect(plant.versions).toHaveLength(1);
    expect(plant.versions[0].pattern).toMatchObject({
      shifts: [
        { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00' },
        { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00' },
      ],
      breaks: [{ shiftCode: 'D', start: '12:00', minutes: 30 }],
    });
    expect(plant.exceptions).toEqual([{ date: '2026-05-01', kind: 'holiday' }]);
    await expect.poll(async () => await tab.getByTestId('calendar-error-versions.0.pattern.shifts.1.code').count()).toBe(0);

    // The preview of the week from Monday 27 April: two shifts a day, the break, the holiday not worked.
    await fillDate(tab.getByTestId('calendar-preview-from'), '2026-04-27');
    const monday = tab.getByTestId('calendar-preview-2026-04-27');
    await expect
      .poll(async () => (await monday.locator('td').allInnerTexts()).join(' | '), { timeout: 10_000 })
      .toBe('2026-04-27 | D Día 07:00–19:00 · N Noche 19:00–07:00 | 1440 | D 12:00–12:30');
    expect(await tab.getByTestId('calendar-preview-2026-05-01').locator('td').nth(1).innerText()).toBe('No se trabaja');

    // Line 3 follows the plant's calendar until it is given its own (started from the plant's), and back.
    await tab.getByTestId('calendar-scope').selectOption('3');
    const usesPlant = tab.getByTestId('calendar-uses-plant');
    await usesPlant.locator('input').waitFor({ state: 'attached' });
    expect(await usesPlant.locator('input').isChecked()).toBe(true);
    expect(await field('versions.0.pattern.shifts.0.code').count()).toBe(0);
    await usesPlant.click();
    expect(await field('versions.0.pattern.shifts.0.code').inputValue()).toBe('D');
    await field('versions.0.pattern.shifts.0.start').fill('06:00');
    await tab.getByTestId('calendar-save').click();
    const lineCalendars = async () => (await edge.call('GET', '/api/calendars', { token: supervisor.token })).body.lines;
    await expect.poll(async () => (await lineCalendars()).map((line: { lineID: number }) => line.lineID)).toEqual([3]);
    expect((await lineCalendars())[0].versions[0].pattern.shifts[0].start).toBe('06:00');
    await usesPlant.click();
    await tab.getByTestId('calendar-save').click();
    await expect.poll(async () => (await lineCalendars()).length).toBe(0);

    // A consultant has no configuration tab, this one included (the page is not allowed), and the server refuses it the calendar.
    const consultant = await edge.userWithRole(4);
    const { page: consultantPage } = await openBrowser();
    await logIn(consultantPage, edge.url, consultant.userID, consultant.password);
    await consultantPage.getByTestId('line-picker-page').waitFor();
    await consultantPage.goto(`${edge.url}/configuracion?tab=calendar`);
    await consultantPage.getByTestId('not-allowed').waitFor();
    expect(await consultantPage.getByTestId('tab-calendar').count()).toBe(0);
    expect((await edge.call('PUT', '/api/calendars/plant', { token: consultant.token, json: plant })).status).toBe(403);
  }, 180_000);
});
