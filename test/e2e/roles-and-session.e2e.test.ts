import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser, toastShown } from './support/browser';
import { logInThroughForm } from './support/log-in';
import { startUiEdge } from './support/edge';
import { addLine, freshAdminToken } from './support/fixtures';
import { menuItems } from './support/menus';

/** What each role reaches (SPEC.md sections 2 and 6), and what happens when the session ends on the server. */
describe('roles and session', () => {
  let edge: TestEdge;

  beforeAll(async () => {
    edge = await startUiEdge();
    await addLine(edge, { lineID: 1, description: 'Llenadora A', sectorName: 'Envasado' });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  const userMenuItems = (page: Page) => menuItems(page, 'menu-user');

  test('an operator sees no Configuración, gets the not-allowed page on its URL, and the terminal notice without a line', async () => {
    const operator = await edge.userWithRole(3);
    const { page } = await openBrowser();
    await logIn(page, edge.url, operator.userID, operator.password);
    await page.getByTestId('terminal-not-configured').waitFor();
    expect(await page.getByTestId('terminal-not-configured').innerText()).toContain('Esta terminal no está configurada con una línea.');
    expect(await page.title()).toBe('Indicadores');
    expect(await userMenuItems(page)).toEqual(['Cambiar contraseña', 'Cerrar sesión']);
    expect(await page.getByTestId('menu-reports').count()).toBe(0);

    await page.goto(`${edge.url}/configuracion`);
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('configuration-tabs').count()).toBe(0);

    // The OEE menu lists sectors and their lines; a line opens its page, titled with its number.
    await page.getByTestId('menu-oee').click();
    await page.getByRole('menuitem', { name: /Llenadora A/ }).click();
    await page.getByTestId('line-dashboard').waitFor();
    expect(new URL(page.url()).search).toBe('?line=1');
    expect(await page.title()).toBe('Linea 1');
  }, 120_000);

  test('a consultant sees no Configuración, gets the not-allowed page on its URL, and picks a line on /', async () => {
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    await page.getByTestId('line-picker-page').waitFor();
    expect(await userMenuItems(page)).toEqual(['Cambiar contraseña', 'Cerrar sesión']);
    await page.goto(`${edge.url}/configuracion`);
    await page.getByTestId('not-allowed').waitFor();

    await page.goto(`${edge.url}/`);
    await page.getByTestId('pick-line-1').click();
    await page.getByTestId('line-dashboard').waitFor();
    expect(await page.getByTestId('line-dashboard').innerText()).toContain('Llenadora A');

    // A line that does not exist: no access to its information.
    await page.goto(`${edge.url}/?line=42`);
    await page.getByTestId('no-line-access').waitFor();
  }, 120_000);

  test('the supervisor has Configuración and the menus of SPEC.md section 2, the OEE report among them', async () => {
    const supervisor = await edge.userWithRole(2);
    const { page } = await openBrowser();
    await logIn(page, edge.url, supervisor.userID, supervisor.password);
    expect(await userMenuItems(page)).toEqual(['Configuración', 'Cambiar contraseña', 'Cerrar sesión']);
    // The menus of SPEC.md section 2, each with the entries the supervisor may open.
    const entries = (menu: string) => menuItems(page, menu);
    expect(await entries('menu-reports')).toEqual(['Reporte OEE']);
    expect(await entries('menu-stops')).toEqual(['Listado de paradas', 'Resumen de paradas']);
    expect(await entries('menu-indexes')).toEqual(['Índices por orden', 'Índices por turno', 'Precarga de OP', 'Órdenes a validar']);
    expect(await page.getByTestId('menu-summary').count()).toBe(1);
  }, 120_000);

  test('any user changes their own password from the user menu: a wrong current one is refused, the new one signs in', async () => {
    const operator = await edge.userWithRole(3, 'opass');
    const { page } = await openBrowser();
    await logIn(page, edge.url, operator.userID, operator.password);
    const openDialog = async () => {
      await page.getByTestId('menu-user').click();
      await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
      await page.getByTestId('change-password-dialog').waitFor();
    };
    const fill = async (current: string, next: string, repeat: string) => {
      const dialog = page.getByTestId('change-password-dialog');
      await dialog.locator('input[name="currentPassword"]').fill(current);
      await dialog.locator('input[name="newPassword"]').fill(next);
      await dialog.locator('input[name="repeatPassword"]').fill(repeat);
      await dialog.locator('button[type="submit"]').click();
    };
    await openDialog();
    await fill(operator.password, 'nueva-clave-1', 'otra-clave-2');
    expect(await page.getByTestId('change-password-errors').innerText()).toContain('Las contraseñas nuevas no coinciden.');
    await fill('no-es-la-actual', 'nueva-clave-1', 'nueva-clave-1');
    await page.getByTestId('change-password-errors').getByText('La contraseña actual no es correcta.').waitFor();
    await fill(operator.password, 'nueva-clave-1', 'nueva-clave-1');
    await toastShown(page, 'success', 'Contraseña cambiada');
    await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
    // The session goes on; the next sign-in takes the new password and refuses the old one.
    expect((await edge.call('POST', '/api/users/authenticate', { json: { userid: 'opass', password: operator.password } })).status).toBe(
      401,
    );
    const fresh = await openBrowser();
    await logInThroughForm(fresh.page, edge.url, 'opass', 'nueva-clave-1');
  }, 120_000);

  test('a role outside the four gets the not-allowed page for a line', async () => {
    // The database admits only the four roles, so the stored user is given another one in the browser.
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { roleID: number };
      localStorage.setItem('user', JSON.stringify({ ...user, roleID: 9 }));
    });
    await page.goto(`${edge.url}/?line=1`);
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('menu-oee').count()).toBe(0);
  }, 120_000);

  test('a session deleted on the server sends the user to /login at the next check, with the expiry notice', async () => {
    const { page } = await openBrowser();
    await page.clock.install();
    await logIn(page, edge.url, 'admin', edge.adminPassword!);
    await page.getByTestId('line-picker-page').waitFor();

    await edge.edge.plant.db!.deleteFrom('sessions').where('userID', '=', 'admin').execute();
    // The session is checked every 60 s.
    await page.clock.fastForward('01:05');
    await page.waitForURL(`${edge.url}/login`);
    await page.getByTestId('session-expired').waitFor();
    expect(await page.getByTestId('session-expired').innerText()).toContain('Sesión expirada, vuelva a ingresar');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // Logging in again works and clears the notice.
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(edge.adminPassword!);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('nav-bar').waitFor();

    // Logging out revokes the session on the server and shows the login page without the notice.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token);
    await page.getByTestId('menu-user').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(`${edge.url}/login`);
    expect(await page.getByTestId('session-expired').count()).toBe(0);
    expect((await edge.call('POST', '/api/users/isvalid', { token })).status).toBe(401);
  }, 120_000);

  test('the administrator makes this browser the terminal of a line; with sync by IP an operator there opens on it', async () => {
    const { page } = await openBrowser();
    await logIn(page, edge.url, 'admin', edge.adminPassword!);
    await page.getByTestId('menu-user').click();
    await page.getByRole('menuitem', { name: 'Terminal' }).click();
    // Once the menu has closed (while it closes, a click elsewhere only dismisses it).
    await page.locator('[role="menu"]').waitFor({ state: 'hidden' });
    await page.getByTestId('pick-line-1').click();
    await page.locator('[data-testid="pick-line-1"][aria-pressed="true"]').waitFor();
    // The server knows terminals by the caller's address: the field starts with the one it sees (127.0.0.1 here).
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="ipAddress"]')?.value === '127.0.0.1');
    await page.getByRole('button', { name: 'Configurar' }).click();
    const card = page.getByTestId('terminal-card');
    await card.waitFor();
    expect(await card.innerText()).toContain('Línea 1');
    expect(await card.innerText()).toContain('Por admin');

    // With terminalSyncByIP, a browser at that address takes the line from the server when the app starts.
    const token = await freshAdminToken(edge);
    expect((await edge.call('PUT', '/api/parameters/put', { token, form: { values: { terminalSyncByIP: true } } })).status).toBe(200);
    const operator = await edge.userWithRole(3);
    const other = await openBrowser();
    await logIn(other.page, edge.url, operator.userID, operator.password);
    await other.page.getByTestId('line-dashboard').waitFor();
    expect(await other.page.title()).toBe('Linea 1');

    // 'Eliminar' forgets it here and on the server; the next sync of the other browser resets its line too.
    await card.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByTestId('pick-line-1').waitFor();
    expect((await edge.call('GET', '/api/terminals/syncronize/0', { token })).body).toBeNull();
    await other.page.reload();
    await other.page.getByTestId('terminal-not-configured').waitFor();
  }, 120_000);
});
