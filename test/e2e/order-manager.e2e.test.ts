import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { cell, fieldError, fillForm, gridRow, recordForm, saveForm } from './support/grid';
import { saveScreenshot } from './support/screenshots';

/** A guard against a hang, generous for a loaded 2-core machine (each test drives several pages). */
const TEST_MS = 240_000;
const GRID = 'orders-grid';

/**
 * The order manager (issue 14) on the demo plant, whose lines all run it: the supervisor makes an order of a preload
 * order and starts it (the dashboard's order tile shows it), then one typed by hand, whose start finalizes the first
 * with its index (in /indexes/order); each refused case shows the server's message and changes nothing; the operator
 * starts and finishes but does not plan. Each test works on its own line, so any one runs alone.
 */
describe('order manager', () => {
  let plant: DemoPlant;
  const db = () => plant.edge.edge.plant.db!;
  const order = (key: string) => db().selectFrom('orders').selectAll().where('order', '=', key).executeTakeFirst();
  const ordersOf = (lineID: number) => db().selectFrom('orders').selectAll().where('lineID', '=', lineID).orderBy('order').execute();
  const runningOn = async (lineID: number) =>
    (await db().selectFrom('orders').select('order').where('lineID', '=', lineID).where('status', '=', 1).executeTakeFirstOrThrow()).order;

  beforeAll(async () => {
    plant = await startDemoPlant();
    // Grids and tiles refresh every 2 s instead of the default, so the dashboard shows a started order soon.
    const set = await plant.edge.call('PUT', '/api/parameters/put', {
      token: await plant.token('admin'),
      form: { values: { gridRefreshTime: 2 } },
    });
    if (set.status !== 200) throw new Error(set.text);
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  async function openAs(user: string, path: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser({ width: 1600, height: 900 });
    page.setDefaultTimeout(60_000);
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, user, 'demo', path);
    if (path.startsWith('/ordenes')) await page.getByTestId(GRID).waitFor();
    return page;
  }

  /** Starts an order from its row's button, confirming what the dialog says. */
  async function startFromRow(page: Page, key: string, confirmation: string): Promise<void> {
    await page.getByTestId(`start-${key}`).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.filter({ hasText: confirmation }).waitFor();
    await dialog.getByTestId('confirm-ok').click();
    await toastShown(page, 'success', `Orden ${key} iniciada`);
  }

  test(
    'an order made of a preload order and started shows on the dashboard; starting the next one finalizes it with its index',
    async () => {
      const previous = await runningOn(2);
      // Opened as a user finds it: the modules menu, then the line.
      const page = await openAs('supervisor', '/');
      await page.getByTestId('menu-modules').click();
      await page.getByRole('menuitem', { name: 'Gestor de órdenes' }).click();
      await page.waitForURL(/\/ordenes/);
      await page.getByRole('heading', { name: 'Gestor de órdenes' }).waitFor();
      expect(await page.title()).toBe('Gestor de órdenes');
      await page.getByTestId('order-manager-line').selectOption({ label: 'Línea 2: Envasadora 2' });
      await page.waitForURL(/line=2/);
      await gridRow(page, GRID, previous).waitFor();

      await page.getByTestId('order-manager-from-preload').click();
      await fillForm(page, { id: '4500301', lot: 'L301' });
      await recordForm(page).getByTestId('preload-summary').filter({ hasText: 'AGUA-500 · 12.5 t' }).waitFor();
      // AGUA-500 is counted in bottles, which its data cannot weigh: the 12.5 t are not taken as 12.5 bottles, the
      // quantity is asked for under its field.
      await saveForm(page);
      const asked = 'Indique la cantidad de la orden en botellas: los datos del producto AGUA-500 no permiten convertir 12.5 t.';
      expect(await fieldError(page, 'desiredProductionQuantity')).toBe(asked);
      await fillForm(page, { desiredProductionQuantity: '25000' });
      await saveForm(page);
      await toastShown(page, 'success', 'Orden 4500301-0 creada');
      // Op and product of the preload order, the quantity given; the speed is the product's nominal speed on line 2.
      expect(await order('4500301-0')).toMatchObject({
        op: '4500301',
        version: 0,
        lineID: 2,
        lot: 'L301',
        productCode: 'AGUA-500',
        desiredProductionQuantity: 25_000,
        desiredProductionSpeed: 72,
        status: 0,
        createdBy: 'supervisor',
      });
      expect(
        await db().selectFrom('preload_orders').select(['utilizado', 'updatedBy']).where('id', '=', 1).executeTakeFirstOrThrow(),
      ).toEqual({ utilizado: 1, updatedBy: 'supervisor' });
      await gridRow(page, GRID, '4500301-0').waitFor();
      // A used preload order is offered no more.
      await page.getByTestId('order-manager-from-preload').click();
      const options = await recordForm(page).locator('select[name="id"] option').allInnerTexts();
      expect(options).toContain('4500302');
      expect(options).not.toContain('4500301');
      await recordForm(page).getByRole('button', { name: 'Cancelar' }).click();

      await startFromRow(page, '4500301-0', `la orden ${previous} se finaliza en el mismo instante`);
      const started = await order('4500301-0');
      expect(started).toMatchObject({ status: 1, updatedBy: 'supervisor' });
      expect(await order(previous)).toMatchObject({ status: 2, endDate: started!.startDate });
      await page.getByTestId('order-manager-running').filter({ hasText: '4500301-0' }).waitFor();
      await saveScreenshot(page, 'order-manager-es');

      const dashboard = await openBrowser({ width: 1600, height: 900 }).then(({ page }) => page);
      dashboard.setDefaultTimeout(60_000);
      await logIn(dashboard, plant.edge.url, 'operator', 'demo', '/?line=2');
      await dashboard.getByTestId('order-order').filter({ hasText: '4500301-0' }).waitFor();
      expect(await dashboard.getByTestId('order-lot').innerText()).toBe('L301');

      // The next order, typed by hand: its start finalizes the first at that instant, with its final index.
      await page.getByTestId(`${GRID}-add`).click();
      await fillForm(page, { op: '4500401', version: '0', lot: 'L401', productCode: 'AGUA-500', desiredProductionQuantity: '3000' });
      await saveForm(page);
      await recordForm(page).waitFor({ state: 'detached' });
      await toastShown(page, 'success', 'Registro guardado.');
      expect(await order('4500401-0')).toMatchObject({ lineID: 2, status: 0, desiredProductionQuantity: 3000, desiredProductionSpeed: 72 });
      await startFromRow(page, '4500401-0', 'la orden 4500301-0 se finaliza en el mismo instante');
      const next = await order('4500401-0');
      const finalized = await order('4500301-0');
      expect(finalized).toMatchObject({ status: 2, endDate: next!.startDate });
      const index = await db().selectFrom('order_indexes').selectAll().where('order', '=', '4500301-0').executeTakeFirstOrThrow();
      expect(index.staffedTime).toBe(finalized!.endDate! - finalized!.startDate!);
      await dashboard.getByTestId('order-order').filter({ hasText: '4500401-0' }).waitFor();

      // /indexes/order lists the finalized order with its index.
      await page.goto(`${plant.edge.url}/indexes/order`);
      await page.getByTestId('order-indexes-grid').locator('.ag-row [col-id="order"]', { hasText: '4500301-0' }).waitFor();
      expect(await cell(page, 'order-indexes-grid', '4500301-0', 'status')).toBe('Finalizada');
      const api = await plant.edge.call('GET', '/api/oeeindex/get', {
        token: await plant.token('supervisor'),
        query: { filter: JSON.stringify(['order', '=', '4500301-0']) },
      });
      expect(api.body.data[0].oee).not.toBeNull();
      expect(await cell(page, 'order-indexes-grid', '4500301-0', 'oee')).toMatch(/%/);
    },
    TEST_MS,
  );

  test(
    'each refused case shows its message and changes nothing: a duplicate number, deleting a started order; the operator does not plan',
    async () => {
      const running = await runningOn(3);
      const page = await openAs('supervisor', '/ordenes?line=3');
      await gridRow(page, GRID, running).waitFor();
      const before = await ordersOf(3);

      // The number of the order running on the line, typed again.
      const [op, version] = running.split('-');
      await page.getByTestId(`${GRID}-add`).click();
      await fillForm(page, { op: op!, version: version!, lot: 'L-dup', productCode: 'CAJA-12' });
      await saveForm(page);
      await recordForm(page)
        .getByTestId('form-error')
        .filter({ hasText: `Ya existe la orden ${running}.` })
        .waitFor();
      await recordForm(page).getByRole('button', { name: 'Cancelar' }).click();
      expect(await ordersOf(3)).toEqual(before);

      // Deleting the order running on the line.
      await gridRow(page, GRID, running).first().click();
      await page.getByTestId(`${GRID}-delete`).click();
      await page.getByTestId('confirm-ok').click();
      await toastShown(page, 'error', `La orden ${running} ya se inició: solo se puede eliminar una orden creada que nunca se inició.`);
      expect(await ordersOf(3)).toEqual(before);

      // An order never run is deleted.
      await page.getByTestId(`${GRID}-add`).click();
      await fillForm(page, { op: '4500501', version: '0', productCode: 'CAJA-12' });
      await saveForm(page);
      await toastShown(page, 'success', 'Registro guardado.');
      await gridRow(page, GRID, '4500501-0').first().click();
      await page.getByTestId(`${GRID}-delete`).click();
      await page.getByTestId('confirm-ok').click();
      await toastShown(page, 'success', 'Registro eliminado');
      expect(await ordersOf(3)).toEqual(before);

      // The operator starts and finishes, but neither creates, edits nor deletes: no such button, and the server refuses.
      const operator = await openAs('operator', '/ordenes?line=3');
      await operator.getByTestId('order-manager-finish').waitFor();
      // Not labelled read-only: the operator starts orders from the grid.
      expect(await operator.getByTestId(`${GRID}-read-only`).count()).toBe(0);
      for (const button of [`${GRID}-add`, `${GRID}-edit`, `${GRID}-delete`, 'order-manager-from-preload'])
        expect(await operator.getByTestId(button).count()).toBe(0);
      const refused = await plant.edge.call('POST', '/api/orders', {
        token: await plant.token('operator'),
        json: { values: { op: '4500601', version: 0, lineID: 3, productCode: 'CAJA-12' } },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('No tiene permiso para esta acción.');
      expect(await ordersOf(3)).toEqual(before);

      // The operator finishes the running order: the line has none running any more.
      await operator.getByTestId('order-manager-finish').click();
      await operator.getByTestId('confirm-ok').click();
      await toastShown(operator, 'success', `Orden ${running} finalizada`);
      expect(await order(running)).toMatchObject({ status: 2, updatedBy: 'operator' });
      await operator.getByTestId('order-manager-running').filter({ hasText: 'La línea no tiene una orden en curso.' }).waitFor();
    },
    TEST_MS,
  );

  test(
    'the page in English',
    async () => {
      const page = await openAs('supervisor', '/ordenes?line=4', 'en');
      await page.getByRole('heading', { name: 'Order manager' }).waitFor();
      await gridRow(page, GRID, await runningOn(4)).waitFor();
      await page.getByTestId('order-manager-running').filter({ hasText: 'Ready' }).waitFor();
      await saveScreenshot(page, 'order-manager-en');
    },
    TEST_MS,
  );
});
