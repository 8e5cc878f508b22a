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
    await edge.call('POST', '/api/opcservers', {
      token: edge.adminToken,
      form: { values: { name: 'PLC base', hostName: 'opc.tcp://plc-base:4840', serverType: 'UA' } },
    });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function configuration(tab?: string, size?: { width: number; height: number }): Promise<Page> {
    const { page } = await openBrowser(size);
    await logIn(page, edge.url, 'admin', edge.adminPassword!, `/configuracion${tab ? `?tab=${tab}` : ''}`);
    await page.getByTestId('configuration-tabs').waitFor();
    return page;
  }

  test('the tabs are vertical on a wide window and horizontal below 800 px; the screen in both languages', async () => {
    const page = await configuration('users');
    expect(await page.getByTestId('configuration-tabs').getAttribute('data-orientation')).toBe('vertical');
    await expectRow(page, 'users-grid', 'Sistema');
    await saveScreenshot(page, 'configuracion-es');
    await page.getByTestId('menu-language').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('tab-users').getByText('Users').waitFor();
    await expectRow(page, 'users-grid', 'Sistema');
    await saveScreenshot(page, 'configuration-en');
    await page.setViewportSize({ width: 760, height: 900 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="configuration-tabs"]')?.getAttribute('data-orientation') === 'horizontal',
    );
  }, 120_000);

  test('the grid pages, filters and sorts on the server, and exports every matching row as CSV', async () => {
    for (let i = 1; i <= 24; i++) {
      const userID = `op${String(i).padStart(2, '0')}`;
      const values = { userID, firstName: i % 2 ? 'Impar' : 'Par', lastName: `Apellido ${i}`, password: 'clave-123', roleID: 3 };
      const created = await edge.call('POST', '/api/users', { token: edge.adminToken!, form: { values } });
      expect(created.status).toBe(200);
    }
    const page = await configuration('users');
    const grid = page.getByTestId('users-grid');
    const summary = (text: string) => grid.locator('.ag-paging-row-summary-content', { hasText: text }).waitFor();
    await expectRow(page, 'users-grid', 'op01');
    // 25 users, 20 a page.
    await summary('1 a 20 de 25');
    await grid.locator('.ag-paging-button[data-ref="btNext"]').click();
    await summary('21 a 25 de 25');
    await expectRow(page, 'users-grid', 'op24');

    // Sorted by user name, descending, on the server: op24 first.
    await grid.locator('.ag-header-cell[col-id="userID"] .ag-header-cell-label').click();
    await grid.locator('.ag-header-cell[col-id="userID"] .ag-header-cell-label').click();
    await summary('1 a 20 de 25');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="users-grid"] .ag-row[row-index="0"] [col-id="userID"]')?.textContent === 'op24',
    );

    // Filtered by first name on the server: 12 'Impar'.
    await grid
      .locator(
        '.ag-header-cell[col-id="firstName"] .ag-header-cell-filter-button, .ag-header-cell[col-id="firstName"] [data-ref="eFilterButton"]',
      )
      .first()
      .click();
    await page.locator('.ag-filter input[type="text"]').first().fill('Impar');
    await summary('1 a 12 de 12');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('users-grid-export').click()]);
    expect(download.suggestedFilename()).toBe('usuarios.csv');
    const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Usuario,Nombre,Apellido');
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).every((line) => line.includes(',Impar,'))).toBe(true);
  }, 180_000);

  test('users', async () => {
    const page = await configuration('users');
    await crudCycle(page, {
      grid: 'users-grid',
      invalid: {
        values: {
          userID: 'jperez',
          firstName: 'Juan',
          lastName: 'Pérez',
          email: 'no-es-un-email',
          password: 'secreto1',
          roleID: 'Operador',
        },
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
    await fillForm(page, { firstName: 'Sin', lastName: 'Usuario', password: 'clave-x1', roleID: 'Consultor' });
    await saveForm(page);
    expect(await recordForm(page).getByTestId('error-userID').innerText()).toBe('Debe definir un nombre de acceso para el usuario.');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await gridRow(page, 'users-grid', 'Sistema').click();
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
      invalid: {
        values: { lineID: '150', sectorID: 'Sector base', description: 'Línea cinco' },
        field: 'lineID',
        message: 'Defina una línea de 1 a 99.',
      },
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

  test('data recalculation is signed: a wrong password says so, the right one reports the counts', async () => {
    const page = await configuration('recalculation');
    const form = page.getByTestId('recalculation-form');
    await form.locator('input[name="user"]').fill('admin');
    await form.locator('input[name="password"]').fill('wrong-password');
    await form.getByRole('button', { name: 'Recalcular' }).click();
    await page.getByTestId('recalculation-failed').getByText('Firma no válida').waitFor();
    // A refused signature is not an expired session.
    expect(new URL(page.url()).pathname).toBe('/configuracion');

    await form.locator('input[name="password"]').fill(edge.adminPassword!);
    await form.getByRole('button', { name: 'Recalcular' }).click();
    const done = page.getByTestId('recalculation-done');
    await done.waitFor();
    expect(await done.innerText()).toMatch(/Se recalcularon \d+ órdenes y \d+ turnos\./);
  }, 120_000);

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
