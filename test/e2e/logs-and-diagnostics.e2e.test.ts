import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { saveScreenshot } from './support/screenshots';
import { menuItems } from './support/menus';

/** A guard against a hang: generous, since other suites share the machine's two cores. */
const TEST_MS = 180_000;

/**
 * The administrator's technical pages on the demo plant (SPEC.md sections 2, 3, 6, 9): the log viewer — newest first,
 * level and text filters, a selected line's whole message, the follow mode showing a line written after the page
 * opened without reloading — and the diagnostics views polled every 5 s, the choice kept in the browser. Every other
 * role gets the not-allowed page, and the server refuses its calls. Each test writes the log lines it reads.
 */
describe('logs and diagnostics', () => {
  let plant: DemoPlant;

  beforeAll(async () => {
    plant = await startDemoPlant();
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  /** The edge's own logger: the test writes the lines it then looks for (test edges log from 'warn'). */
  const edgeLogger = () => plant.edge.edge.plant.logger;

  async function openUserMenuItem(page: Page, name: string): Promise<void> {
    await page.getByTestId('menu-user').click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  }

  /** Signs in as the administrator and opens a page from the user menu; waits for the page and its tab title. */
  async function openAsAdministrator(item: string, testId: string): Promise<Page> {
    const { page } = await openBrowser();
    await logIn(page, plant.edge.url, 'admin', 'demo');
    await openUserMenuItem(page, item);
    await page.getByTestId(testId).waitFor();
    await page.waitForFunction((title) => document.title === title, item);
    return page;
  }

  const userMenuItems = (page: Page) => menuItems(page, 'menu-user');

  /** The cells of a column of the log grid, in the order the rows are shown. */
  async function column(page: Page, colId: string): Promise<string[]> {
    return page.getByTestId('log-grid').evaluate(
      (grid, id) =>
        [...grid.querySelectorAll('.ag-row[row-index]')]
          .filter((row) => row.querySelector(`[col-id="${id}"]`))
          .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
          .map((row) => row.querySelector(`[col-id="${id}"]`)?.textContent?.trim() ?? ''),
      colId,
    );
  }

  /** Waits until the grid's messages are exactly these, in this order. */
  async function messagesAre(page: Page, expected: string[]): Promise<void> {
    await expect.poll(() => column(page, 'message'), { timeout: 15_000 }).toEqual(expected);
  }

  test(
    'the log lists entries newest first and filters them by level and text; a selected line shows its whole message',
    async () => {
      const tag = `run${Date.now()}`;
      edgeLogger().error({ lineID: 2 }, `${tag} filler jammed`);
      edgeLogger().warn(`${tag} counter slow`);
      edgeLogger().error(`${tag} OPC write failed`);

      const page = await openAsAdministrator('Registro', 'logs-page');
      expect(new URL(page.url()).pathname).toBe('/logs');
      await page.getByTestId('log-grid').locator('.ag-row').first().waitFor();
      expect((await column(page, 'time'))[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      await page.getByTestId('log-search').fill(tag);
      await messagesAre(page, [`${tag} OPC write failed`, `${tag} counter slow`, `${tag} filler jammed lineID=2`]);
      expect(await column(page, 'level')).toEqual(['ERROR', 'WARN', 'ERROR']);
      const times = await column(page, 'time');
      expect([...times].sort().reverse()).toEqual(times);
      // SPEC.md section 9: ERROR red, WARN amber.
      const badgeColor = (level: string) =>
        page
          .getByTestId('log-grid')
          .locator(`[data-level="${level}"]`)
          .first()
          .evaluate((badge) => getComputedStyle(badge).backgroundColor);
      expect(await badgeColor('ERROR')).toBe('rgb(229, 62, 62)');
      expect(await badgeColor('WARN')).toBe('rgb(255, 191, 0)');

      // One level, then several, then none chosen again (all levels).
      await page.getByTestId('log-level-WARN').click();
      await messagesAre(page, [`${tag} counter slow`]);
      await page.getByTestId('log-level-ERROR').click();
      await messagesAre(page, [`${tag} OPC write failed`, `${tag} counter slow`, `${tag} filler jammed lineID=2`]);
      await page.getByTestId('log-level-WARN').click();
      await messagesAre(page, [`${tag} OPC write failed`, `${tag} filler jammed lineID=2`]);
      await page.getByTestId('log-search').fill(`${tag} filler`);
      await messagesAre(page, [`${tag} filler jammed lineID=2`]);
      await page.getByTestId('log-level-ERROR').click();
      await page.getByTestId('log-search').fill(`${tag} counter`);
      await messagesAre(page, [`${tag} counter slow`]);

      // A line's whole message, however long, is read below the grid.
      const long = `${tag} ${'a long message that does not fit the column '.repeat(8).trim()}`;
      edgeLogger().warn(long);
      await page.getByTestId('log-search').fill(`${tag} a long`);
      await messagesAre(page, [long]);
      await page.getByTestId('log-grid').locator('.ag-row').first().click();
      expect(await page.getByTestId('log-detail-message').innerText()).toBe(long);

      // Where the older entries are.
      expect(await page.getByTestId('log-retention').innerText()).toContain(`${plant.edge.dataDir}/logs`);
    },
    TEST_MS,
  );

  test(
    'in follow mode a line written after the page opened appears on top, asking only for newer lines and without reloading',
    async () => {
      const tag = `follow${Date.now()}`;
      edgeLogger().warn(`${tag} before the page`);
      const { page } = await openBrowser();
      const logCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/log/get')) logCalls.push(decodeURIComponent(request.url()));
      });
      await logIn(page, plant.edge.url, 'admin', 'demo', '/logs');
      await page.getByTestId('log-search').fill(tag);
      await messagesAre(page, [`${tag} before the page`]);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      await page.getByTestId('log-follow').click();
      await page.getByTestId('log-following').waitFor();
      // A sign-in refused by the server (here, someone guessing a password) is logged as it happens.
      const refused = await plant.edge.call('POST', '/api/users/authenticate', { json: { userid: tag, password: 'guess' } });
      expect(refused.status).toBe(401);
      await messagesAre(page, [`Sign-in refused userID=${tag} ip=127.0.0.1 reason=auth.invalidCredentials`, `${tag} before the page`]);
      expect(await column(page, 'level')).toEqual(['WARN', 'WARN']);
      edgeLogger().error(`${tag} and one more`);
      await messagesAre(page, [
        `${tag} and one more`,
        `Sign-in refused userID=${tag} ip=127.0.0.1 reason=auth.invalidCredentials`,
        `${tag} before the page`,
      ]);

      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // After the first call of the follow mode, every call asks only for entries newer than the newest shown.
      const followCalls = logCalls.filter((url) => url.includes('"selector":"id"'));
      expect(followCalls.length).toBeGreaterThan(1);
      expect(followCalls.slice(1).every((url) => url.includes('["id",">",'))).toBe(true);
      await saveScreenshot(page, 'logs-es');
    },
    TEST_MS,
  );

  test(
    'diagnostics show the tag updates, the execution history and the demo server running with its tags; the views chosen are kept',
    async () => {
      const page = await openAsAdministrator('Diagnóstico', 'diagnostics-page');
      expect(new URL(page.url()).pathname).toBe('/diagnostics');

      // The three views of SPEC.md section 2 by default.
      for (const view of ['tagUpdates', 'executionHistory', 'opcServers']) await page.getByTestId(`view-${view}`).waitFor();
      expect(await page.getByTestId('view-counterEvents').count()).toBe(0);
      // The server's disk, above the views: free space and the database's size.
      await page.getByTestId('storage-free').waitFor();
      expect(await page.getByTestId('storage-free').innerText()).toMatch(/^Libre: [\d.,]+ (GiB|MiB) de [\d.,]+ (GiB|MiB)$/);
      expect(await page.getByTestId('storage-database').innerText()).toMatch(/^Base de datos: [\d.]+ (GiB|MiB)$/);

      const server = page.getByTestId('view-opcServers').locator('[data-state]').first();
      await expect.poll(() => server.getAttribute('data-state'), { timeout: 20_000 }).toBe('Running');
      expect(await server.innerText()).toContain('Conectado');
      expect(await server.innerText()).toContain('OEE edge plant simulator');
      const tagRows = server.getByTestId('tag-row');
      await tagRows.first().waitFor();
      expect(await tagRows.count()).toBeGreaterThan(0);
      expect(await tagRows.first().innerText()).toContain('Buena');

      const chart = page.getByTestId('chart-tag-updates');
      await chart.locator('canvas').waitFor();
      expect(Number(await page.getByTestId('view-tagUpdates').locator('[data-points]').getAttribute('data-points'))).toBeGreaterThan(0);
      expect(await page.getByTestId('view-tagUpdates').locator('[data-average]').getAttribute('data-average')).toMatch(/^\d+$/);

      const passes = page.getByTestId('execution-history').getByTestId('execution-pass');
      await passes.first().waitFor();
      expect(await passes.first().innerText()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      expect(await page.getByTestId('execution-history').innerText()).toMatch(/running, units \d+/);
      await page.getByTestId('chart-executions').locator('canvas').waitFor();
      await saveScreenshot(page, 'diagnostics-es');

      // The choice is kept in this browser: counter events on, the execution history off, after a reload.
      await page.getByTestId('choose-counterEvents').click();
      await page.getByTestId('view-counterEvents').waitFor();
      await page.getByTestId('choose-executionHistory').click();
      await page.getByTestId('view-executionHistory').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('view-counterEvents').waitFor();
      await page.getByTestId('view-opcServers').waitFor();
      expect(await page.getByTestId('view-executionHistory').count()).toBe(0);
    },
    TEST_MS,
  );

  test(
    'in English (screenshots of both pages)',
    async () => {
      edgeLogger().warn('Counter of line 2 read from another source');
      const { page } = await openBrowser();
      await page.addInitScript(() => localStorage.setItem('locale', 'en'));
      await logIn(page, plant.edge.url, 'admin', 'demo');
      expect(await userMenuItems(page)).toEqual(['Configuration', 'Terminal', 'Log', 'Diagnostics', 'Change password', 'Log out']);
      await openUserMenuItem(page, 'Log');
      await page.getByRole('heading', { name: 'Log' }).waitFor();
      await page.getByTestId('log-grid').locator('.ag-row').first().waitFor();
      expect(await page.getByTestId('log-retention').innerText()).toContain('Older ones are in the file oee-edge.log');
      await saveScreenshot(page, 'logs-en');

      await page.goto(`${plant.edge.url}/diagnostics`);
      await page.getByRole('heading', { name: 'Diagnostics' }).waitFor();
      await page.getByTestId('view-opcServers').locator('[data-state="Running"]').first().waitFor({ timeout: 20_000 });
      await page.getByTestId('chart-tag-updates').locator('canvas').waitFor();
      await page.getByTestId('execution-history').getByTestId('execution-pass').first().waitFor();
      await saveScreenshot(page, 'diagnostics-en');
    },
    TEST_MS,
  );

  test(
    'the supervisor, the consultant and the operator have neither page: no menu item, the not-allowed page, 403 from the server',
    async () => {
      for (const user of ['supervisor', 'consultant', 'operator']) {
        const { page } = await openBrowser();
        await logIn(page, plant.edge.url, user, 'demo');
        const items = await userMenuItems(page);
        expect(items).not.toContain('Registro');
        expect(items).not.toContain('Diagnóstico');
        for (const path of ['/logs', '/diagnostics']) {
          await page.goto(`${plant.edge.url}${path}`);
          await page.getByTestId('not-allowed').waitFor();
          expect(await page.getByTestId('logs-page').count()).toBe(0);
          expect(await page.getByTestId('diagnostics-page').count()).toBe(0);
        }
        const token = await plant.token(user);
        for (const path of [
          '/api/log/get',
          '/api/log/info',
          '/api/diagnostics/tagsupdates',
          '/api/diagnostics/calculationtimes',
          '/api/diagnostics/opcservers',
          '/api/diagnostics/counters',
        ]) {
          expect((await plant.edge.call('GET', path, { token })).status, `${user} ${path}`).toBe(403);
        }
      }
    },
    TEST_MS,
  );
});
