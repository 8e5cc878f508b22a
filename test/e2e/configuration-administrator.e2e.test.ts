import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { addLine } from './support/fixtures';
import { crudCycle, expectRow, fillForm, gridRow, openTab, recordForm, saveForm } from './support/grid';
import { saveScreenshot } from './support/screenshots';

/** The administrator's configuration tabs: each one creates, edits and deletes, and shows a refusal on its field. */
describe('configuration, administrator', () => {
  let edge: TestEdge;

  beforeAll(async () => {
    edge = await startUiEdge();
    await addLine(edge, { lineID: 1, description: 'Línea base', sectorName: 'Sector base' });
    await edge.call('POST', '/api/opcservers', { token: edge.adminToken, form: { values: { name: 'PLC base', hostName: 'opc.tcp://plc-base:4840', serverType: 'UA' } } });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function configuration(tab?: string, size?: { width: number; height: number }): Promise<Page> {
    const { page } = await openBrowser(size);
    await logIn(page, edge.url, 'admin', edge.adminPassword!);
    await page.goto(`${edge.url}/configuracion${tab ? `?tab=${tab}` : ''}`);
    await page.getByTestId('configuration-tabs').waitFor();
    return page;
  }

  test('the tabs are vertical on a wide window and horizontal below 800 px; the screen in both languages', async () => {
    const page = await configuration('users');
    expect(await page.getByTestId('configuration-tabs').getAttribute('data-orientation')).toBe('vertical');
    await expectRow(page, 'users-grid', 'admin');
    await saveScreenshot(page, 'configuracion-es');
    await page.getByTestId('menu-language').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('tab-users').getByText('Users').waitFor();
    await expectRow(page, 'users-grid', 'admin');
    await saveScreenshot(page, 'configuration-en');
    await page.setViewportSize({ width: 760, height: 900 });
    await page.waitForFunction(() => document.querySelector('[data-testid="configuration-tabs"]')?.getAttribute('data-orientation') === 'horizontal');
  }, 120_000);

  test('users', async () => {
    const page = await configuration('users');
    await crudCycle(page, {
      grid: 'users-grid',
      invalid: {
        values: { userID: 'jperez', firstName: 'Juan', lastName: 'Pérez', email: 'no-es-un-email', password: 'secreto1', roleID: 'Operador' },
        field: 'email',
        message: 'Debe ingresar un formato de email válido.',
      },
      create: { email: 'jperez@planta.test' },
      createdText: 'jperez',
      edit: { lastName: 'Paz', roleID: 'Supervisor' },
      editedText: 'Paz',
    });
    // The user name is a key: not editable once created.
    await page.getByTestId('users-grid-add').click();
    await fillForm(page, { firstName: 'Sin', lastName: 'Usuario', password: 'x1', roleID: 'Consultor' });
    await saveForm(page);
    expect(await recordForm(page).getByTestId('error-userID').innerText()).toBe('Debe definir un nombre de acceso para el usuario.');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await gridRow(page, 'users-grid', 'admin').click();
    await page.getByTestId('users-grid-edit').click();
    expect(await recordForm(page).locator('input[name="userID"]').isDisabled()).toBe(true);
  }, 180_000);

  test('notification groups, with the schedules of the selected group', async () => {
    const page = await configuration('notification-groups');
    await crudCycle(page, {
      grid: 'groups-grid',
      invalid: { values: { name: '', description: 'Avisos del turno' }, field: 'name' },
      create: { name: 'Mantenimiento', email: 'mant@planta.test' },
      createdText: 'Mantenimiento',
      edit: { description: 'Avisos de mantenimiento' },
      editedText: 'Avisos de mantenimiento',
    });
    // A group and its schedule.
    await page.getByTestId('groups-grid-add').click();
    await fillForm(page, { name: 'Producción' });
    await saveForm(page);
    await gridRow(page, 'groups-grid', 'Producción').click();
    await page.getByTestId('schedules-grid').waitFor();
    await crudCycle(page, {
      grid: 'schedules-grid',
      invalid: { values: { startTime: '', endTime: '14:00' }, field: 'startTime' },
      create: { startTime: '06:00', monday: true },
      createdText: '06:00',
      edit: { startTime: '07:30' },
      editedText: '07:30',
    });
  }, 180_000);

  test('sectors and buildings', async () => {
    const page = await configuration('sectors');
    await crudCycle(page, {
      grid: 'buildings-grid',
      invalid: { values: { buildingName: '' }, field: 'buildingName' },
      create: { buildingName: 'Nave 1' },
      createdText: 'Nave 1',
      edit: { buildingName: 'Nave norte' },
      editedText: 'Nave norte',
    });
    await crudCycle(page, {
      grid: 'sectors-grid',
      invalid: { values: { sectorName: '' }, field: 'sectorName' },
      create: { sectorName: 'Paletizado' },
      createdText: 'Paletizado',
      edit: { sectorName: 'Paletizado final' },
      editedText: 'Paletizado final',
    });
  }, 180_000);

  test('resources, with a script tested on the server', async () => {
    const page = await configuration('resources');
    await crudCycle(page, {
      grid: 'resources-grid',
      invalid: { values: { lineID: '150', sectorID: 'Sector base', description: 'Línea cinco' }, field: 'lineID', message: 'Defina una línea de 1 a 99.' },
      create: { lineID: '5' },
      createdText: 'Línea cinco',
      edit: { description: 'Línea cinco renovada', enableStopsManager: true },
      editedText: 'Línea cinco renovada',
    });
    await gridRow(page, 'resources-grid', 'Línea base').click();
    await page.getByTestId('resources-grid-edit').click();
    expect(await recordForm(page).locator('input[name="lineID"]').isDisabled()).toBe(true);
    await fillForm(page, { calculationBaliza: '1 = 1' });
    await recordForm(page).getByTestId('script-calculationBaliza-test').click();
    const result = recordForm(page).getByTestId('script-calculationBaliza-result');
    await result.waitFor();
    expect((await result.innerText()).length).toBeGreaterThan(0);
  }, 180_000);

  test('OPC servers', async () => {
    const page = await configuration('opc-servers');
    await crudCycle(page, {
      grid: 'opc-servers-grid',
      invalid: { values: { name: 'PLC envasado', hostName: 'no es una url', serverType: 'UA' }, field: 'hostName' },
      create: { hostName: 'opc.tcp://plc-envasado:4840' },
      createdText: 'PLC envasado',
      edit: { description: 'Siemens S7-1500' },
      editedText: 'Siemens S7-1500',
    });
  }, 180_000);

  test('OPC tags', async () => {
    const page = await configuration('opc-tags');
    await crudCycle(page, {
      grid: 'opc-tags-grid',
      invalid: { values: { tagName: '', tagType: 'Boolean', opcServerID: 'PLC base', tagValue: 'ns=2;s=Marcha' }, field: 'tagName' },
      create: { tagName: 'Marcha' },
      createdText: 'Marcha',
      edit: { tagValue: 'ns=2;s=EnMarcha' },
      editedText: 'EnMarcha',
    });
  }, 180_000);

  test('general parameters: saved, refused on its field, the bot token write-only', async () => {
    const page = await configuration('parameters');
    const form = page.getByTestId('parameters-form');
    await form.locator('input[name="gridRefreshTime"]').waitFor();
    await form.locator('input[name="emailPort"]').fill('70000');
    await page.getByTestId('parameters-save').click();
    await page.getByText('Error al actualizar parametros').waitFor();
    expect((await form.getByTestId('error-emailPort').innerText()).length).toBeGreaterThan(0);

    await form.locator('input[name="emailPort"]').fill('587');
    await form.locator('input[name="gridRefreshTime"]').fill('20');
    await form.locator('input[name="telegramBotToken"]').fill('123456:secret-token');
    await page.getByTestId('parameters-save').click();
    await page.getByText('Parametros actualizados').waitFor();
    expect(await form.locator('input[name="telegramBotToken"]').inputValue()).toBe('');
    const stored = await edge.call('GET', '/api/parameters/get', { token: edge.adminToken! });
    expect(stored.body).toMatchObject({ gridRefreshTime: 20, emailPort: 587, telegramBotTokenSet: true });
    expect(JSON.stringify(stored.body)).not.toContain('secret-token');
  }, 120_000);

  test('terminals', async () => {
    const page = await configuration('terminals');
    await crudCycle(page, {
      grid: 'terminals-grid',
      invalid: { values: { lineID: 'Línea base', ipAddress: 'no-es-una-ip' }, field: 'ipAddress' },
      create: { ipAddress: '10.0.0.21' },
      createdText: '10.0.0.21',
      edit: { ipAddress: '10.0.0.22' },
      editedText: '10.0.0.22',
    });
  }, 180_000);

  test("the supervisor's tabs are read-only for the administrator", async () => {
    const page = await configuration();
    for (const [tab, grid] of [
      ['equipment', 'equipment-grid'],
      ['targets', 'targets-grid'],
      ['products', 'products-grid'],
      ['product-speeds', 'product-speeds-grid'],
    ] as const) {
      await openTab(page, tab);
      await page.getByTestId(`${grid}-read-only`).waitFor();
      expect(await page.getByTestId(`${grid}-add`).count()).toBe(0);
    }
    await openTab(page, 'stop-reasons');
    await page.getByTestId('reason-tree').waitFor();
    expect(await page.getByTestId('reason-add-category').count()).toBe(0);
    expect(await page.locator('select[name="reasonLine"]').count()).toBe(0);
  }, 120_000);
});
