import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLE } from '../../edge/src/domain/roles';
import { hashPassword } from '../../edge/src/modules/auth/password';
import { startTestDirectory, type TestDirectory } from '../support/slapd';
import type { TestEdge } from '../support/test-edge';
import { openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { logIn, logInThroughForm } from './support/log-in';

/**
 * Directory sign-in as a plant's administrator and users meet it (issue 17): the directory set in General parameters,
 * a user signing in at /login with the directory password as DOMAIN\user, and the page's message when the directory
 * is down while the local administrator still gets in. The directory is Debian's slapd, started by the test.
 */
describe('directory sign-in in the browser', () => {
  let edge: TestEdge;
  let directory: TestDirectory;
  const directoryPassword = 'clave-del-dominio';

  beforeAll(async () => {
    directory = await startTestDirectory({ users: [{ uid: 'juan', password: directoryPassword }] });
    edge = await startUiEdge();
    await edge.edge.plant
      .db!.insertInto('users')
      .values({
        userID: 'juan',
        firstName: 'Juan',
        lastName: 'Pérez',
        email: null,
        groupID: null,
        passwordHash: await hashPassword('clave-local-vieja'),
        roleID: ROLE.OPERATOR,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
    await directory?.close();
  });

  async function signInFails(user: string, password: string): Promise<string> {
    const { page } = await openBrowser();
    await page.goto(`${edge.url}/login`);
    await page.locator('input[name="username"]').fill(user);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    const errors = page.getByTestId('login-errors');
    await errors.waitFor();
    return errors.innerText();
  }

  test('the administrator sets the directory; a user signs in with the directory password; a down directory is said so', async () => {
    const { page } = await openBrowser();
    await logIn(page, edge.url, 'admin', edge.adminPassword!, '/configuracion?tab=parameters');
    const form = page.getByTestId('parameters-form');
    await form.locator('input[name="domain"]').waitFor();
    await form.getByText('Validar dominio', { exact: true }).click();
    await form.locator('input[name="domain"]').fill(directory.domain);
    await form.locator('input[name="directoryUrl"]').fill('http://no-es-ldap');
    await page.getByTestId('parameters-save').click();
    await page.getByText('Error al actualizar parametros').waitFor();
    expect(await form.getByTestId('error-directoryUrl').innerText()).toContain('ldap://servidor[:puerto]');

    await form.locator('input[name="directoryUrl"]').fill(directory.url);
    await form.locator('input[name="directoryBindName"]').fill(`uid={user},ou=people,${directory.baseDN}`);
    await page.getByTestId('parameters-save').click();
    await page.getByText('Parametros actualizados').waitFor();
    const stored = await edge.call('GET', '/api/parameters/get', { token: edge.adminToken! });
    expect(stored.body).toMatchObject({ enableDomainValidation: true, domain: directory.domain, directoryUrl: directory.url });

    // The user's old local password no longer opens; the directory's does, typed as DOMAIN\user.
    expect(await signInFails('juan', 'clave-local-vieja')).toContain('Usuario o contraseña incorrectos.');
    const user = await openBrowser();
    await logInThroughForm(user.page, edge.url, 'PLANTA\\juan', directoryPassword);
    expect(await user.page.getByTestId('nav-bar').innerText()).toContain('Juan');

    await directory.stop();
    try {
      expect(await signInFails('juan', directoryPassword)).toContain(
        'No se pudo contactar al directorio del dominio para validar el usuario.',
      );
      const admin = await openBrowser();
      await logIn(admin.page, edge.url, 'admin', edge.adminPassword!);
    } finally {
      await directory.start();
    }
  }, 120_000);
});
