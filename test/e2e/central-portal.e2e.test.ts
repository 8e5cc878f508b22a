import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uiFolder } from '../../edge/src/http/ui-files';
import { startFedPortal, type FedPortal } from '../../sync/testing/portal-fixture';
import { percentLabel } from '../../ui/src/lib/indicator-format';
import { openBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { builtUiSnapshot } from './support/ui-build';

/**
 * The central portal's pages (portal.html) over a real PostgreSQL fed by two edges (Buenos Aires and Madrid, March
 * 2026): the first administrator signs in with the temporary password and changes it; the plants overview, the
 * compare and the losses pages show the plants' figures as the API answers them, in Spanish, then in English; an analyst reads the
 * same pages and is refused the portal's users.
 */
describe('central portal pages', () => {
  let fed: FedPortal;
  let uiDir: string;
  let adminToken: string;

  async function call(method: string, path: string, token: string | null, json?: unknown) {
    const response = await fetch(`${fed.portal.url}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : null };
  }

  /** Sign-in through the page; a temporary password leads to the change-password form first. */
  async function signIn(page: Page, userID: string, password: string, newPassword?: string): Promise<void> {
    await page.goto(`${fed.portal.url}/login`);
    await page.locator('input[name="username"]').fill(userID);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    if (newPassword) {
      await page.getByTestId('change-password').waitFor();
      await page.locator('input[name="currentPassword"]').fill(password);
      await page.locator('input[name="newPassword"]').fill(newPassword);
      await page.locator('input[name="repeatPassword"]').fill(newPassword);
      await page.locator('button[type="submit"]').click();
    }
    await page.getByTestId('nav-bar').waitFor();
  }

  beforeAll(async () => {
    uiDir = builtUiSnapshot();
    fed = await startFedPortal({ ui: uiFolder(uiDir) });
  }, 300_000);
  afterAll(async () => {
    await fed?.close();
    if (uiDir) rmSync(uiDir, { recursive: true, force: true });
  });

  test('the first administrator changes the temporary password, reads the plants and compares them, in Spanish then English', async () => {
    const { page } = await openBrowser();
    await signIn(page, 'admin', fed.portal.firstPassword!, 'clave-nueva-1');
    adminToken = (await call('POST', '/api/users/authenticate', null, { userid: 'admin', password: 'clave-nueva-1' })).body.token;

    // Plants overview: a card per plant, its lines, its freshness; a day of the fixture shows that day's figures.
    await page.getByTestId('portal-plants').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Plantas' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('plants-day').fill('2026-03-02');
    const plants = (await call('GET', '/api/portal/plants?day=2026-03-02', adminToken)).body as any[];
    expect(plants.map((plant) => plant.plantId).sort()).toEqual(['ba', 'madrid']);
    const ba = plants.find((plant) => plant.plantId === 'ba');
    expect(ba.today.productionQuantity).toBeGreaterThan(0);
    expect(ba.today.utilization).not.toBeNull();
    const baToday = page.getByTestId('plant-ba-today');
    await expect.poll(() => baToday.textContent(), { timeout: 10_000 }).toContain(`OEE ${percentLabel(ba.today.oee)}`);
    expect(await baToday.textContent()).toContain(`Utilización ${percentLabel(ba.today.utilization)}`);
    expect(await baToday.textContent()).toContain(`Producción: ${new Intl.NumberFormat('es', { useGrouping: 'always' }).format(ba.today.productionQuantity)}`);
    expect(await page.getByTestId('plant-ba-sync').textContent()).toContain('Última sincronización');
    const lines = await page.getByTestId('plant-madrid-lines').locator('tbody tr').allTextContents();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Línea 1 "ñandú"');
    expect(lines[0]).toContain('Envasado');
    await saveScreenshot(page, 'portal-plants-es');

    // Compare: March by day and plant, the table's cells are the API's figures; the totals' chart is drawn.
    await page.getByTestId('nav-compare').click();
    await page.getByTestId('compare-from').fill('2026-03-01');
    await page.getByTestId('compare-to').fill('2026-03-31');
    const compare = (await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=day&level=plant', adminToken)).body;
    expect(compare.rows.length).toBeGreaterThan(1);
    const table = page.getByTestId('compare-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(compare.rows.length);
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    const first = compare.rows[0];
    expect(cells.slice(0, 6)).toEqual([first.plantId, first.period, percentLabel(first.oee), percentLabel(first.utilization), percentLabel(first.throughput), percentLabel(first.acceptance)]);
    await page.getByTestId('compare-chart').locator('canvas').waitFor();
    expect(await page.locator('thead').first().textContent()).toContain('Período');

    // By line and shift: a row per line's shift, Madrid's 7-hour night among them.
    await page.getByTestId('compare-grain').selectOption('shift');
    await page.getByTestId('compare-level').selectOption('line');
    const shifts = (await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=shift&level=line', adminToken)).body;
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(shifts.rows.length);
    expect(await table.textContent()).toContain('2026-03-28 22:00:00');
    await page.getByTestId('compare-grain').selectOption('day');
    await page.getByTestId('compare-level').selectOption('plant');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(compare.rows.length);
    await saveScreenshot(page, 'portal-compare-es');

    // The Excel button downloads the table's workbook.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export').click()]);
    expect(download.suggestedFilename()).toBe('comparacion.xlsx');

    // Losses: March's pareto by reason across both plants, as the API answers it.
    await page.getByTestId('nav-losses').click();
    await page.getByTestId('losses-from').fill('2026-03-01');
    await page.getByTestId('losses-to').fill('2026-03-31');
    const losses = (await call('GET', '/api/portal/losses?from=2026-03-01&to=2026-03-31&pathLevel=2', adminToken)).body;
    expect(losses.byReason.length).toBeGreaterThan(0);
    const byReason = page.getByTestId('losses-by-reason').locator('tbody tr');
    await expect.poll(() => byReason.count(), { timeout: 10_000 }).toBe(losses.byReason.length);
    const reasonCells = await byReason.first().locator('td').allTextContents();
    expect(reasonCells).toEqual([
      losses.byReason[0].reason ?? 'Sin reconocer',
      new Intl.NumberFormat('es', { useGrouping: 'always' }).format(losses.byReason[0].stops),
      new Intl.NumberFormat('es', { maximumFractionDigits: 1, useGrouping: 'always' }).format(losses.byReason[0].lostMinutes),
      percentLabel(losses.byReason[0].share),
      percentLabel(losses.byReason[0].cumulativeShare),
    ]);
    expect(await page.getByTestId('losses-biggest').locator('tbody tr').count()).toBe(losses.biggest.length);
    expect(await page.getByTestId('losses-by-reason').textContent()).toContain('Pareto por motivo');

    // English: the labels change, the figures stay.
    await page.getByTestId('switch-language-en').click();
    await page.getByRole('heading', { name: 'Losses' }).waitFor();
    expect(await page.getByTestId('losses-by-reason').textContent()).toContain('Pareto by reason');
    await page.getByTestId('nav-compare').click();
    await page.getByRole('heading', { name: 'Compare' }).waitFor();
    expect(await page.getByTestId('portal-compare').textContent()).toMatch(/Group by.*Level.*Download Excel/);
    expect(await page.getByTestId('nav-plants').textContent()).toBe('Plants');
    await page.getByTestId('nav-plants').click();
    await page.getByRole('heading', { name: 'Plants' }).waitFor();
    await page.getByTestId('plants-day').fill('2026-03-02');
    await expect.poll(() => baToday.textContent(), { timeout: 10_000 }).toContain(`Utilization ${percentLabel(ba.today.utilization)}`);
    expect(await baToday.textContent()).toContain(`Production: ${new Intl.NumberFormat('en').format(ba.today.productionQuantity)}`);
  }, 180_000);

  test("an analyst reads the plants and is refused the portal's users", async () => {
    expect(adminToken).toBeTruthy();
    const created = await call('POST', '/api/portal/users', adminToken, { values: { userID: 'ana', firstName: 'Ana', lastName: 'Análisis', roleID: 2, password: 'temporal-1' } });
    expect(created.status).toBe(200);
    const { page } = await openBrowser();
    await signIn(page, 'ana', 'temporal-1', 'propia-clave-2');
    await page.getByTestId('plant-ba').waitFor();
    expect(await page.getByTestId('nav-user').textContent()).toBe('Ana Análisis');
    expect(await page.getByTestId('nav-bar').textContent()).not.toMatch(/Usuarios|Users/);
    const analyst = (await call('POST', '/api/users/authenticate', null, { userid: 'ana', password: 'propia-clave-2' })).body.token;
    expect((await call('GET', '/api/portal/users', analyst)).status).toBe(403);
    expect((await call('GET', '/api/portal/plants', analyst)).status).toBe(200);
  }, 120_000);
});
