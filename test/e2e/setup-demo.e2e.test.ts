import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';

/** The setup wizard's demo-plant option: the simulated plant is created and its supervisor logs in with 'demo'. */
describe('setup wizard: demo plant', () => {
  let edge: TestEdge;

  beforeAll(async () => {
    edge = await startUiEdge({ configured: false });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  test('picking the demo plant creates it; supervisor/demo logs in and sees its four lines', async () => {
    const { page } = await openBrowser();
    await page.goto(`${edge.url}/setup`);
    await page.locator('select[name="provider"]').selectOption('sqlite');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByTestId('setup-demo').click();
    await page.getByRole('button', { name: 'Configurar' }).click();
    await page.getByTestId('setup-finished').waitFor();
    expect(await page.getByTestId('setup-demo-users').innerText()).toContain('admin, supervisor, operator y consultant; contraseña: demo');

    await page.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
    await page.waitForURL(`${edge.url}/login`);
    await page.locator('input[name="username"]').fill('supervisor');
    await page.locator('input[name="password"]').fill('demo');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('nav-bar').waitFor();
    expect(await page.getByTestId('menu-user').innerText()).toContain('Sergio Supervisor');
    await page.getByTestId('line-picker-page').waitFor();
    for (const line of [1, 2, 3, 4]) await page.getByTestId(`pick-line-${line}`).waitFor();
    await page.getByTestId('pick-line-2').click();
    await page.getByTestId('line-dashboard').waitFor();
    expect(await page.title()).toBe('Linea 2');
  }, 120_000);
});
