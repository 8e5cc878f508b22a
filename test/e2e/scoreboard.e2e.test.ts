import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyLineEvents } from '../../edge/src/modules/engine';
import { addOverviewPlant, OVERVIEW_NOW } from '../support/overview-plant';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { builtUiSnapshot } from './support/ui-build';

const TZ = 'Europe/Madrid';

/**
 * The scoreboard for the wall (/tablero, issue 27) on the overview's plant (lines 1 and 2 in sector 1, line 3 in
 * sector 2; line 1 stopped since 08:30 with order 100-0), its clock held at 10:00 so every figure stays put while
 * the test compares screens. This browser's address, 127.0.0.1, is configured as the terminal of line 1.
 */
describe('scoreboard', () => {
  let edge: TestEdge;
  let uiDir: string;
  const clock = { now: OVERVIEW_NOW };
  const start = (again?: { dataDir: string; adminPassword: string; port: number }) =>
    startTestEdge({
      timeZone: TZ,
      now: () => clock.now,
      uiDir,
      ...(again ? { again: { dataDir: again.dataDir, adminPassword: again.adminPassword }, port: again.port } : {}),
    });

  beforeAll(async () => {
    uiDir = builtUiSnapshot();
    edge = await start();
    const db = edge.edge.plant.db!;
    await addOverviewPlant(db, (events) => applyLineEvents(db, events, { nowMs: clock.now, timeZone: TZ, userID: null }));
    // The dashboard's gauges show the shift's values on a line with indicators per shift, as the scoreboard does.
    await db.updateTable('lines').set({ enableIndicadorPorTurno: 1 }).where('lineID', '=', 1).execute();
    const terminal = await edge.call('POST', '/api/terminals/post/', {
      token: edge.adminToken!,
      form: { values: { lineID: 1, ipAddress: '127.0.0.1' } },
    });
    expect(terminal.status, terminal.text).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

  test("opened on the configured terminal without signing in, it shows line 1's figures, the dashboard's own", async () => {
    const { page } = await openBrowser({ width: 1920, height: 1080 });
    await page.goto(`${edge.url}/tablero`);
    const board = page.getByTestId('scoreboard');
    await board.waitFor();
    expect(await board.getAttribute('data-line')).toBe('1');
    // The beacon's colour fills the border: line 1 is stopped, red.
    expect(await board.getAttribute('data-beacon')).toBe('red');
    expect(await board.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(229, 62, 62)');
    expect(await page.getByTestId('nav-bar').count()).toBe(0);
    expect(await page.title()).toBe('Tablero · Línea 1');
    const scoreboard = {
      oee: await text(page, 'scoreboard-oee-value'),
      utilization: await text(page, 'scoreboard-utilization'),
      throughput: await text(page, 'scoreboard-throughput'),
      acceptance: await text(page, 'scoreboard-acceptance'),
      reason: await text(page, 'scoreboard-stop-reason'),
      orderMade: await text(page, 'scoreboard-order-made'),
      orderProgress: await text(page, 'scoreboard-order-progress'),
    };
    // The acceptance tile is off by default on the dashboard: 30 of 300 units discarded.
    expect(scoreboard).toMatchObject({
      utilization: '25%',
      acceptance: '90%',
      reason: 'No reconocida',
      orderMade: '300',
      orderProgress: '15%',
    });
    expect(await text(page, 'scoreboard-target')).toBe('Objetivo 85%');
    // A third of the product's 4000 a day, 300 made; 240 minutes left: (1333.3 − 300) / 240 = 4.3 a minute.
    expect(await text(page, 'scoreboard-shift-made')).toBe('300');
    expect(await text(page, 'scoreboard-shift-needed')).toBe('Ritmo necesario 4,3 u/min · Actual 1,3 u/min');
    const losses = await page.getByTestId('scoreboard-loss').allInnerTexts();
    expect(losses.map((loss) => loss.replace(/\s+/g, ' '))).toEqual(['No reconocida 90,0 min']);
    await saveScreenshot(page, 'scoreboard-es');

    const dashboard = (await openBrowser({ width: 1920, height: 1080 })).page;
    await logIn(dashboard, edge.url, 'admin', edge.adminPassword!, '/?line=1');
    const gauge = async (name: string) => {
      const value = dashboard.getByTestId(`gauge-${name}-value`);
      await value.filter({ hasText: /%/ }).waitFor();
      return (await value.textContent())?.trim();
    };
    expect({
      oee: await gauge('oee'),
      utilization: await gauge('utilization'),
      throughput: await gauge('throughput'),
      reason: await text(dashboard, 'current-stop-reason'),
    }).toEqual({ oee: scoreboard.oee, utilization: scoreboard.utilization, throughput: scoreboard.throughput, reason: scoreboard.reason });
    expect(await text(dashboard, 'production-progress-value')).toMatch(
      new RegExp(`^${scoreboard.orderProgress} · ${scoreboard.orderMade} de 2\\.000`),
    );
  }, 120_000);

  test("rotates over its sector's lines at the interval asked for; in English, light", async () => {
    const { page } = await openBrowser({ width: 1366, height: 768 });
    await page.goto(`${edge.url}/tablero?sector=1&interval=5&lang=en&theme=light`);
    const board = page.getByTestId('scoreboard');
    await board.waitFor();
    expect(await board.getAttribute('data-line')).toBe('1');
    expect(await text(page, 'scoreboard-rotation')).toBe('1 of 2');
    expect(await page.getByTestId('scoreboard-page').getAttribute('data-theme')).toBe('light');
    expect(await page.getByTestId('scoreboard-oee').innerText()).toMatch(/^SHIFT'S OEE/i);
    await page.locator('[data-testid="scoreboard"][data-line="2"]').waitFor({ timeout: 15_000 });
    expect(await text(page, 'scoreboard-rotation')).toBe('2 of 2');
    expect(await page.getByTestId('scoreboard').getAttribute('data-beacon')).toBe('green');
    expect(await text(page, 'scoreboard-running')).toBe('Running');
    await saveScreenshot(page, 'scoreboard-en-light');
    await page.locator('[data-testid="scoreboard"][data-line="1"]').waitFor({ timeout: 15_000 });
  }, 60_000);

  test('refuses the terminal another line or another sector, and says so', async () => {
    const { page } = await openBrowser({ width: 1024, height: 768 });
    for (const query of ['line=2', 'line=3', 'sector=2']) {
      await page.goto(`${edge.url}/tablero?${query}`);
      await page.getByTestId('scoreboard-refused').waitFor();
      expect(await page.getByTestId('scoreboard-refused').innerText()).toBe('No tiene acceso para ver información de esta línea.');
      expect(await page.getByTestId('scoreboard').count()).toBe(0);
    }
  }, 60_000);

  test('keeps its figures through an edge restart, marked offline, and comes back by itself', async () => {
    const { page } = await openBrowser({ width: 800, height: 1280 });
    await page.goto(`${edge.url}/tablero`);
    await page.getByTestId('scoreboard').waitFor();
    const port = Number(new URL(edge.url).port);
    const { dataDir, adminPassword } = edge;
    await edge.close({ keepData: true });
    // The next poll fails: the last figures stay, marked.
    await page.getByTestId('scoreboard-offline').waitFor({ timeout: 30_000 });
    expect(await text(page, 'scoreboard-utilization')).toBe('25%');
    edge = await start({ dataDir, adminPassword: adminPassword!, port });
    await page.getByTestId('scoreboard-offline').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('scoreboard').getAttribute('data-line')).toBe('1');
    expect(await text(page, 'scoreboard-utilization')).toBe('25%');
  }, 120_000);
});
