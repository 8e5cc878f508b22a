import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { saveScreenshot } from './support/screenshots';

/** /resumen on the demo plant: a card per line, 3 → 4 → 5 → 3 columns, sectors, each card opening its line. */
describe('sector overview', () => {
  let plant: DemoPlant;

  beforeAll(async () => {
    plant = await startDemoPlant();
    // A stopped line shows red on its card.
    plant.simulator.stopLine(3);
    await plant.stopOpened(3);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  const cards = (page: Page) => page.getByTestId('overview-cards').locator('[data-testid^="line-card-"][href]');

  test('one card per line from the Summary-by-sector menu, columns cycling 3 → 4 → 5 → 3, a card opening its dashboard', async () => {
    const { page } = await openBrowser();
    await logIn(page, plant.edge.url, 'supervisor', 'demo');
    await page.getByTestId('menu-summary').click();
    await page.getByRole('menuitem', { name: 'Resumen de líneas' }).click();
    await page.waitForURL(/\/resumen$/);
    await cards(page).first().waitFor();
    // The four simulated lines and the manual stops line.
    expect(await cards(page).count()).toBe(5);
    expect(await page.title()).toBe('Resumen por sector');
    await page.getByTestId('line-card-3-stop').filter({ hasText: 'No reconocida' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('line-card-1-oee').innerText()).toMatch(/^\d+%$/);
    // The manual stops line has no beacon script: its state is unknown, not 'running'.
    expect(await page.getByTestId('line-card-5').getByTestId('beacon').getAttribute('data-color')).toBe('white');
    expect(await page.getByTestId('line-card-5-stop').innerText()).toBe('No se conoce el estado de la línea.');

    const columns = page.getByTestId('overview-columns');
    const gridColumns = () =>
      page.getByTestId('overview-cards').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(await columns.getAttribute('data-columns')).toBe('3');
    expect(await gridColumns()).toBe(3);
    await saveScreenshot(page, 'overview-es');
    for (const expected of ['4', '5', '3']) {
      await columns.click();
      expect(await columns.getAttribute('data-columns')).toBe(expected);
      expect(await gridColumns()).toBe(Number(expected));
    }

    // A sector shows its own lines; ?lines= a list of them.
    await page.getByRole('button', { name: 'Empaque' }).click();
    await page.waitForURL(/\/resumen\?sector=\d+$/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="overview-cards"] a').length === 2);
    await page
      .getByTestId('overview-scope-oee')
      .filter({ hasText: /^OEE del sector Empaque: / })
      .waitFor();
    // Lines of two sectors: the figure names them, not a sector.
    await page.goto(`${plant.edge.url}/resumen?lines=1,4`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="overview-cards"] a').length === 2);
    expect(await cards(page).evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')))).toEqual([
      'line-card-1',
      'line-card-4',
    ]);
    await page
      .getByTestId('overview-scope-oee')
      .filter({ hasText: /^OEE de las líneas 1, 4: / })
      .waitFor();

    await page.getByTestId('line-card-4').click();
    await page.waitForURL(/\/\?line=4$/);
    await page.getByTestId('line-dashboard').waitFor();
    expect(await page.title()).toBe('Linea 4');
  }, 90_000);

  test('in English (screenshot); the operator has no summary', async () => {
    const { page } = await openBrowser();
    await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, 'consultant', 'demo', '/resumen');
    await cards(page).nth(3).waitFor();
    expect(await page.getByRole('heading', { name: 'Summary by sector' }).count()).toBe(1);
    await saveScreenshot(page, 'overview-en');

    const operator = (await openBrowser()).page;
    await logIn(operator, plant.edge.url, 'operator', 'demo');
    expect(await operator.getByTestId('menu-summary').count()).toBe(0);
    await operator.goto(`${plant.edge.url}/resumen`);
    await operator.getByTestId('not-allowed').waitFor();
  }, 60_000);
});
