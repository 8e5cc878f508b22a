import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';

/**
 * Issue 16, rough edges: every number in the user's language (Spanish '0,83', '1,7 min', '115.200'; English '0.83',
 * '1.7 min', '115,200'); the stops list's actions and headers whole at 1366×768; the dashboard's tiles whole on a
 * phone (390×844).
 */
describe('numbers in the user language and layouts that fit', () => {
  let plant: DemoPlant;

  beforeAll(async () => {
    plant = await startDemoPlant();
    // A stop of line 1 in the current shift, also in a shift's first minutes (the demo's week ends where it began).
    plant.simulator.stopLine(1);
    await plant.stopOpened(1);
    plant.simulator.runLine(1);
    await plant.stopClosed(1);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  /** The dashboard of line 1 with its shift's stops (at least the one beforeAll made). */
  async function dashboard(page: Page, language: 'es' | 'en'): Promise<void> {
    await page.evaluate((locale) => localStorage.setItem('locale', locale), language);
    await page.goto(`${plant.edge.url}/?line=1`);
    await page.getByTestId('line-dashboard').waitFor();
    await page.getByTestId('production-progress-value').waitFor();
    await page.getByTestId('shift-stops').locator('tr').first().waitFor({ timeout: 30_000 });
  }

  /** The text of the tiles, minus dates and times (their '-' and ':' are no numbers' separators). */
  const tileText = (page: Page) =>
    page
      .getByTestId('tile-grid')
      .evaluate((grid) => (grid as HTMLElement).innerText.replace(/\d{4}-\d{2}-\d{2}/g, '').replace(/\d{1,2}:\d{2}(:\d{2})?/g, ''));

  test("the dashboard writes decimals and thousands the language's way: a comma and points in Spanish, a point and commas in English", async () => {
    const { page } = await openBrowser();
    await logIn(page, plant.edge.url, 'supervisor', 'demo');

    await dashboard(page, 'es');
    const minutesEs = await page.getByTestId('shift-stops').locator('td:nth-child(2)').allInnerTexts();
    expect(minutesEs.length).toBeGreaterThan(0);
    for (const text of minutesEs) expect(text).toMatch(/^\d{1,3}(\.\d{3})*,\d min$/);
    expect(await page.getByTestId('production-progress-value').innerText()).toMatch(/ de (\d{1,4}|\d{1,3}(\.\d{3})+) /);
    const spanish = await tileText(page);
    // A point between digits only groups thousands (three digits follow); no decimal point anywhere.
    expect(spanish).not.toMatch(/\d\.(\d{1,2}|\d{4,})(?!\d)/);
    expect(spanish).toMatch(/\d,\d/);

    await dashboard(page, 'en');
    const minutesEn = await page.getByTestId('shift-stops').locator('td:nth-child(2)').allInnerTexts();
    for (const text of minutesEn) expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d min$/);
    expect(await page.getByTestId('production-progress-value').innerText()).toMatch(/ of (\d{1,3}|\d{1,3}(,\d{3})+) /);
    const english = await tileText(page);
    expect(english).not.toMatch(/\d,(\d{1,2}|\d{4,})(?!\d)/);
    expect(english).toMatch(/\d\.\d/);
  }, 120_000);

  test('the stops list at 1366×768 shows its actions whole, inside the grid and the window, and every header unabridged', async () => {
    const { page } = await openBrowser({ width: 1366, height: 768 });
    await logIn(page, plant.edge.url, 'supervisor', 'demo', '/paradas/listado');
    const grid = page.getByTestId('stops-grid');
    await grid.locator('.ag-row [col-id="__actions"] button').first().waitFor();
    const fit = await grid.evaluate((root) => {
      const box = root.querySelector('.ag-root-wrapper')!.getBoundingClientRect();
      const buttons = [...root.querySelectorAll('.ag-row [col-id="__actions"] button')].map((button) => {
        const r = button.getBoundingClientRect();
        const cell = button.closest('.ag-cell')!.getBoundingClientRect();
        return {
          text: button.textContent,
          inside: r.left >= box.left && r.right <= Math.min(box.right, window.innerWidth) && r.right <= cell.right + 0.5,
        };
      });
      const headers = [...root.querySelectorAll('.ag-header-cell')].map((header) => {
        const label = header.querySelector<HTMLElement>('.ag-header-cell-text')!;
        return {
          column: header.getAttribute('col-id'),
          whole: label.scrollWidth <= label.clientWidth && label.scrollHeight <= label.clientHeight + 1,
        };
      });
      const dates = [...root.querySelectorAll<HTMLElement>('.ag-row [col-id="startDate"]')].map(
        (cell) => cell.scrollWidth <= cell.clientWidth,
      );
      return { buttons, headers, dates };
    });
    expect(fit.buttons.length).toBeGreaterThan(0);
    expect(fit.buttons.filter((button) => !button.inside)).toEqual([]);
    expect(fit.headers.map((header) => header.column)).toContain('__actions');
    expect(fit.headers.filter((header) => !header.whole)).toEqual([]);
    expect(fit.dates.every(Boolean)).toBe(true);
  }, 120_000);

  test('on a phone (390×844) every dashboard tile fits the screen and no tile cuts its content', async () => {
    const { page } = await openBrowser({ width: 390, height: 844 });
    await logIn(page, plant.edge.url, 'supervisor', 'demo');
    await dashboard(page, 'es');
    const tiles = await page.getByTestId('tile-grid').evaluate((grid) =>
      [...grid.querySelectorAll<HTMLElement>('[data-testid^="tile-"]')].map((tile) => {
        const r = tile.getBoundingClientRect();
        // Anything inside that clips (a scroll box, a truncated text) and holds more than it shows.
        const cut = [...tile.querySelectorAll<HTMLElement>('*')]
          .filter((element) => getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
          .map((element) => (element.textContent ?? '').slice(0, 40));
        return { tile: tile.dataset.testid, within: r.left >= 0 && r.right <= window.innerWidth, cut };
      }),
    );
    expect(tiles.length).toBeGreaterThanOrEqual(10);
    expect(tiles.filter((tile) => !tile.within || tile.cut.length > 0)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);
});
