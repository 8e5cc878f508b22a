import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { addLine } from './support/fixtures';
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
});
