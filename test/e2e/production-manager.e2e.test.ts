import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_DISCARDS_BY_HAND_LINE } from '../../edge/src/demo/demo-plant';
import { waitFor } from '../support/simulated-plant';
import { logIn, openBrowser, toastShown } from './support/browser';
import { DEMO_PASSWORD, startDemoPlant, type DemoPlant } from './support/demo-plant';
import { fieldError, fillForm, gridRow, recordForm, saveForm } from './support/grid';
import { saveScreenshot } from './support/screenshots';

const LOTS = 'production-lots-grid';
const DISCARDS = 'production-discards-grid';

/**
 * The production manager on the demo plant (every demo line runs it; line 3 has no discards signal): an operator
 * declares lots from the modules menu and the production summary shows them against the counted production; a
 * discard declared by hand lowers the acceptance the page shows, as the order's index stores it; refused input shows
 * the server's message and stores nothing.
 */
describe('production manager', () => {
  let plant: DemoPlant;
  let operatorToken: string;

  beforeAll(async () => {
    plant = await startDemoPlant();
    operatorToken = await plant.token('operator');
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  async function openAs(userID: string, path: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser({ width: 1400, height: 1000 });
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, userID, DEMO_PASSWORD, path);
    return page;
  }

  /** The lots of a line the operator declared (the demo's week has its own, declared by the supervisor). */
  const lotsOfLine = async (lineID: number) =>
    (
      (await plant.edge.call('GET', '/api/production/lots', { token: operatorToken, query: { lineID: String(lineID) } })).body
        .data as Record<string, unknown>[]
    ).filter((lot) => lot.createdBy === 'operator');
  /** A whole number as the page writes it ('1.234' in Spanish, '1,234' in English), and back. */
  const shown = (value: number, language: 'es' | 'en' = 'es') =>
    new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-US', { useGrouping: 'always' } as Intl.NumberFormatOptions).format(value);
  const readNumber = (text: string) => Number(text.replace(/[^\d-]/g, ''));
  const wholeSummary = async () =>
    (
      await plant.edge.call('GET', '/api/production/summary', {
        token: operatorToken,
        query: { line: '1', start: '2000-01-01T06:00:00', end: '2100-01-01T06:00:00' },
      })
    ).body as { declaredUnits: number; units: number };
  /** What the summary page showed as declared today before the test's lot (the demo's week declares lots too). */
  let declaredToday = 0;
  const readyOrder = async (lineID: number) => {
    const answer = await plant.edge.call('GET', '/api/production/orders', { token: operatorToken, query: { line: String(lineID) } });
    return (answer.body.orders as Record<string, unknown>[]).find((order) => order.status === 1)!;
  };

  test('an operator declares lots from the modules menu; refused input shows its message; the summary shows them against the counted production', async () => {
    const page = await openAs('operator', '/produccion/resumen?line=1');
    await page.getByTestId('summary-declared').waitFor();
    declaredToday = readNumber(await page.getByTestId('summary-declared').innerText());
    const declaredBefore = (await wholeSummary()).declaredUnits;
    const productRow = page.getByTestId('summary-AGUA-500-declared-units');
    const productBefore = (await productRow.count()) ? readNumber(await productRow.innerText()) : 0;
    expect(await page.getByTestId('summary-mode').innerText()).toBe(
      'La línea cuenta sus unidades: los lotes se declaran junto a la producción contada.',
    );

    await page.getByTestId('menu-modules').click();
    await page.getByRole('menuitem', { name: 'Lotes de producción' }).click();
    await page.waitForURL(/\/produccion\/lotes$/);
    await page.getByTestId(LOTS).waitFor();
    expect(await page.title()).toBe('Lotes de producción');

    await page.getByTestId(`${LOTS}-add`).click();
    await fillForm(page, { lot: 'L-0001', packs: '0', wrappers: '0', wrapperType: 'Caja de cartón' });
    await saveForm(page);
    expect(await fieldError(page, 'packs')).toBe('Ingrese paquetes o envoltorios: el lote no puede quedar vacío.');
    expect(await lotsOfLine(1)).toEqual([]);

    // AGUA-500 packs 4 wrappers of 6 bottles: (2 × 4 + 3) × 6 = 66.
    await fillForm(page, { packs: '2', wrappers: '3' });
    await saveForm(page);
    await recordForm(page).waitFor({ state: 'detached' });
    await toastShown(page, 'success', 'Registro guardado.');
    await gridRow(page, LOTS, 'L-0001').first().waitFor();
    expect(await gridRow(page, LOTS, 'L-0001').first().locator('[col-id="units"]').innerText()).toBe('66 botellas');
    expect(await lotsOfLine(1)).toMatchObject([
      {
        lot: 'L-0001',
        productCode: 'AGUA-500',
        packs: 2,
        wrappers: 3,
        units: 66,
        wrapperType: 'Caja de cartón',
        booked: false,
        createdBy: 'operator',
      },
    ]);
    await saveScreenshot(page, 'production-lots-es');

    await page.goto(`${plant.edge.url}/produccion/resumen?line=1`);
    await page
      .getByTestId('summary-declared')
      .filter({ hasText: new RegExp(`^${shown(declaredToday + 66)}$`) })
      .waitFor();
    const row = page.getByTestId('summary-AGUA-500');
    expect(await row.getByTestId('summary-AGUA-500-declared-units').innerText()).toBe(`${shown(productBefore + 66)} botellas`);
    const summary = await wholeSummary();
    expect(summary.declaredUnits).toBe(declaredBefore + 66);
    expect((summary as unknown as { differenceUnits: number }).differenceUnits).toBe(declaredBefore + 66 - summary.units);
    await saveScreenshot(page, 'production-summary-es');
  }, 240_000);

  test('a discard declared by hand on the line with no discards signal lowers the acceptance shown; one beyond the production is refused with its message', async () => {
    const line = DEMO_DISCARDS_BY_HAND_LINE;
    // The line has made something in its order (the periodic refresh has written the order's index).
    await waitFor(async () => Number((await readyOrder(line)).productionQuantity ?? 0) >= 20, 'production on the line', 90_000);
    const page = await openAs('operator', `/produccion/lotes?line=${line}`);
    await page.getByTestId(DISCARDS).waitFor();
    await page.getByTestId('production-acceptance').filter({ hasText: '100' }).waitFor();

    await page.getByTestId(`${DISCARDS}-add`).click();
    await fillForm(page, { quantity: '100000', observation: 'Cajas mal armadas' });
    await saveForm(page);
    const refusal = recordForm(page).getByTestId('form-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/Los descartes de la orden \S+ \(100000\) superarían su producción \(\d+\)\./);
    expect((await readyOrder(line)).discardQuantity).toBe(0);

    await fillForm(page, { quantity: '10' });
    await saveForm(page);
    await recordForm(page).waitFor({ state: 'detached' });
    await gridRow(page, DISCARDS, 'Cajas mal armadas').first().waitFor();
    const stored = await readyOrder(line);
    expect(stored.discardQuantity).toBe(10);
    expect(Number(stored.acceptance)).toBeLessThan(1);
    const acceptance = page.getByTestId('production-acceptance');
    await waitFor(async () => !(await acceptance.innerText()).startsWith('100'), 'the acceptance shown below 100 %', 20_000);
    await page.getByTestId('production-discards').filter({ hasText: '10 cajas' }).waitFor();
    const index = (
      await plant.edge.call('GET', '/api/oeeindex', {
        token: await plant.token('supervisor'),
        query: { filter: ['order', '=', stored.order] },
      })
    ).body.data[0];
    expect(index.discardQuantity).toBe(10);
  }, 240_000);

  test('English: the lots page and the summary', async () => {
    const page = await openAs('supervisor', '/produccion/lotes?line=1', 'en');
    await gridRow(page, LOTS, 'L-0001').first().waitFor();
    expect(await page.getByTestId('production-lots-mode').innerText()).toBe(
      'The line counts its units: lots are declared beside the counted production.',
    );
    await saveScreenshot(page, 'production-lots-en');
    await page.goto(`${plant.edge.url}/produccion/resumen?line=1`);
    await page
      .getByTestId('summary-declared')
      .filter({ hasText: new RegExp(`^${shown(declaredToday + 66, 'en')}$`) })
      .waitFor();
    await saveScreenshot(page, 'production-summary-en');
  }, 120_000);
});
