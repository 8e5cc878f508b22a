import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shiftAt, shiftOf } from '../../edge/src/domain/calendar';
import { plantDateParts } from '../../edge/src/domain/time-zone';
import { dateValue, fillDate } from './support/date-fields';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';
import { gridRow, spanishNumber } from './support/grid';
import { saveScreenshot } from './support/screenshots';
import { menuItems } from './support/menus';

/** A guard against a hang: a loaded 2-core machine runs several browser suites at once. */
const TEST_MS = 240_000;
/** How long a page may take to show what it is waited for: other suites load the same 2 cores meanwhile. */
const SHOWN_MS = 90_000;
const LINE = 2;
const LINE_ORDER = '4500102-0';
const SECTOR = 'Envasado';

/**
 * The two stop summaries on the demo plant, line 2 driven by the test's simulator: the filter message without data;
 * a period giving exactly the stops of that period (compared with the stored stops clipped to it) under a Pareto
 * chart; the query string applying the filter; the current order's summary; the 8 dependent steps of the second
 * summary, its refused to date and its stops by path; who may open them; English; a failed fetch. Each test makes the
 * stops it needs, so any one runs alone (-t) and in any order.
 */
describe('stop summaries', () => {
  let plant: DemoPlant;
  const db = () => plant.edge.edge.plant.db!;
  const timeZone = () => plant.edge.edge.plant.timeZone;

  beforeAll(async () => {
    plant = await startDemoPlant();
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  /** A stop forced on the line and ended (it is recognized before it ends when a reason is given); answers its id. */
  async function makeStop(reason: string | null, options: { leaveOpen?: boolean } = {}): Promise<number> {
    plant.simulator.runLine(LINE);
    await plant.stopClosed(LINE);
    plant.simulator.stopLine(LINE);
    const stopID = await plant.stopOpened(LINE);
    if (reason) {
      const { reasonID } = await db().selectFrom('stop_reasons').select('reasonID').where('reason', '=', reason).executeTakeFirstOrThrow();
      const token = await plant.token('supervisor');
      const recognized = await plant.edge.call('POST', '/api/stops/recognize', {
        token,
        form: { stopValues: JSON.stringify([stopID]), reasonValues: String(reasonID), username: 'supervisor', password: 'demo' },
      });
      if (recognized.status !== 200) throw new Error(recognized.text);
    }
    if (!options.leaveOpen) {
      plant.simulator.runLine(LINE);
      await plant.stopClosed(LINE);
    }
    return stopID;
  }

  const PERIOD_LABELS = { TM: 'Turno mañana (06:00–14:00)', TT: 'Turno tarde (14:00–22:00)', TN: 'Turno noche (22:00–06:00)' } as Record<
    string,
    string
  >;
  const currentShift = () => shiftAt(Date.now(), timeZone());

  interface ExpectedRow {
    quantity: number;
    /** Minutes with an open stop ending at the first and at the last instant the server may have read as now. */
    minMinutes: number;
    maxMinutes: number;
  }

  /**
   * The stored stops of the line that share time with [fromMs, toMs), clipped to it, grouped by their path cut to
   * `level` segments (null: not recognized): what a summary must show, read from the database, not from the API.
   */
  async function storedSummary(
    fromMs: number,
    toMs: number,
    nowFromMs: number,
    nowToMs: number,
    level: number | 'all' = 'all',
  ): Promise<Map<string, ExpectedRow>> {
    const stops = await db()
      .selectFrom('stops')
      .select(['startDate', 'endDate', 'path'])
      .where('lineID', '=', LINE)
      .where('startDate', '<', toMs)
      .execute();
    const rows = new Map<string, ExpectedRow>();
    for (const stop of stops) {
      const clipped = (now: number) => Math.min(stop.endDate ?? now, toMs) - Math.max(stop.startDate, fromMs);
      const endsAt = stop.endDate ?? nowToMs;
      if (!(endsAt > fromMs || stop.startDate >= fromMs)) continue;
      const key = stop.path === null ? '' : level === 'all' ? stop.path : stop.path.split(' / ').slice(0, level).join(' / ');
      const row = rows.get(key) ?? { quantity: 0, minMinutes: 0, maxMinutes: 0 };
      row.quantity += 1;
      row.minMinutes += Math.max(0, clipped(nowFromMs)) / 60_000;
      row.maxMinutes += clipped(nowToMs) / 60_000;
      rows.set(key, row);
    }
    return rows;
  }

  /** The rows of a summary table: path (data-path, '' when not recognized), minutes and quantity. */
  async function shownRows(page: Page, rowTestId: string): Promise<Map<string, { minutes: number; quantity: number; cells: string[] }>> {
    const rows = await page.getByTestId(rowTestId).evaluateAll((elements) =>
      elements.map((row) => ({
        path: row.getAttribute('data-path') ?? '',
        cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''),
      })),
    );
    return new Map(
      rows.map((row) => [row.path, { minutes: spanishNumber(row.cells[1]!), quantity: spanishNumber(row.cells[2]!), cells: row.cells }]),
    );
  }

  function expectSameRows(shown: Map<string, { minutes: number; quantity: number }>, expected: Map<string, ExpectedRow>): void {
    expect([...shown.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, row] of expected) {
      const actual = shown.get(path)!;
      expect(actual.quantity, path).toBe(row.quantity);
      expect(actual.minutes, path).toBeGreaterThanOrEqual(Math.floor(row.minMinutes * 100) / 100 - 0.01);
      expect(actual.minutes, path).toBeLessThanOrEqual(Math.ceil(row.maxMinutes * 100) / 100 + 0.01);
    }
  }

  async function openAs(user: string, path: string, language: 'es' | 'en' = 'es'): Promise<Page> {
    const { page } = await openBrowser();
    page.setDefaultTimeout(SHOWN_MS);
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(page, plant.edge.url, user, 'demo', path);
    return page;
  }

  const select = (page: Page, name: string) => page.locator(`select[name="${name}"]`);
  const chooseOption = (page: Page, name: string, label: string) => select(page, name).selectOption({ label });
  const lineLabel = (description: string) => `Línea ${LINE}: ${description}`;

  /** The instant in plant time of a shift boundary, as 'YYYY-MM-DD HH:mm:ss'. */
  const plantText = (ms: number) => {
    const p = plantDateParts(ms, timeZone());
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:00`;
  };

  test(
    'the date starts at the plant day; Aplicar without line, date or period shows "Por favor complete los datos de filtro" and nothing else',
    async () => {
      const page = await openAs('supervisor', '/paradas/resumen');
      await page.getByTestId('stop-summary').waitFor();
      expect(await page.title()).toBe('Resumen de paradas del turno');
      // The date starts at the plant's production day (06:00 to 06:00 in the plant's zone), whatever the browser's.
      await page.waitForFunction(
        (day) => document.querySelector('input[name="date"]')?.getAttribute('data-value') === day,
        currentShift().plantDate,
      );
      await page.getByTestId('summary-apply').click();
      expect((await page.getByTestId('summary-filter-required').innerText()).trim()).toBe('Por favor complete los datos de filtro');
      // A line and a period, but the date cleared: still refused.
      await chooseOption(page, 'sector', SECTOR);
      await chooseOption(page, 'line', lineLabel('Envasadora 2'));
      await chooseOption(page, 'period', 'Turno mañana (06:00–14:00)');
      await fillDate(page.locator('input[name="date"]'), '');
      await page.getByTestId('summary-apply').click();
      await page.getByTestId('summary-filter-required').waitFor();
      expect(await page.getByTestId('summary-results').count()).toBe(0);
      expect(page.url()).not.toContain('line=');
    },
    TEST_MS,
  );

  test(
    'before Aplicar the results are rehearsed out of sight with sample data and dropped: the first Aplicar draws warm code',
    async () => {
      const { page } = await openBrowser();
      page.setDefaultTimeout(SHOWN_MS);
      // What the offstage stage held while it was there, and where it was (the observer sees every change of the page).
      await page.addInitScript(() => {
        const seen = { rows: 0, canvas: false, tables: 0, shown: false };
        (window as unknown as { rehearsal: typeof seen }).rehearsal = seen;
        new MutationObserver(() => {
          const stage = document.querySelector('[data-testid="rehearsal"]');
          if (!stage) return;
          seen.rows = Math.max(seen.rows, stage.querySelectorAll('.ag-row').length);
          seen.canvas ||= stage.querySelector('canvas') !== null;
          seen.tables = Math.max(seen.tables, stage.querySelectorAll('table').length);
          seen.shown ||= getComputedStyle(stage).visibility !== 'hidden' || stage.getBoundingClientRect().right > 0;
        }).observe(document, { childList: true, subtree: true });
      });
      await logIn(page, plant.edge.url, 'supervisor', 'demo', '/paradas/resumen');
      await page.waitForFunction(() => {
        const seen = (window as unknown as { rehearsal: { rows: number; canvas: boolean; tables: number } }).rehearsal;
        return seen.rows > 0 && seen.canvas && seen.tables >= 2;
      });
      await page.waitForFunction(() => document.querySelector('[data-testid="rehearsal"]') === null);
      expect(await page.evaluate(() => (window as unknown as { rehearsal: { shown: boolean } }).rehearsal.shown)).toBe(false);
      expect(await page.getByTestId('summary-reason-row').count()).toBe(0);
      expect(await page.getByTestId('summary-results').count()).toBe(0);
    },
    TEST_MS,
  );

  test(
    'a chosen period gives exactly the stops of that period by reason, with its orders and the Pareto chart',
    async () => {
      await makeStop('Atasco de envases');
      await makeStop('Limpieza');
      await makeStop(null, { leaveOpen: true });
      const shift = currentShift();

      const page = await openAs('supervisor', '/paradas/resumen');
      await chooseOption(page, 'sector', SECTOR);
      await chooseOption(page, 'line', lineLabel('Envasadora 2'));
      await fillDate(page.locator('input[name="date"]'), shift.plantDate);
      await chooseOption(page, 'period', PERIOD_LABELS[shift.code]!);
      const before = Date.now();
      await page.getByTestId('summary-apply').click();
      await page.getByTestId('summary-reason-row').first().waitFor();
      const after = Date.now();
      await page.waitForURL(new RegExp(`line=${LINE}&date=${shift.plantDate}&period=${shift.code}$`));
      expect(await page.getByTestId('summary-range').innerText()).toBe(
        `Línea ${LINE} · desde ${plantText(shift.startMs)} hasta ${plantText(shift.endMs)}`,
      );

      // Exactly the stored stops of the shift, clipped to it; the one in progress up to now, unrecognized.
      const shown = await shownRows(page, 'summary-reason-row');
      expectSameRows(shown, await storedSummary(shift.startMs, shift.endMs, before, after));
      expect(shown.get('')!.cells[0]).toBe('No reconocida');
      const jam = shown.get('No planificadas / Mecánicas / Atasco de envases')!;
      expect(jam.cells[0]).toBe('Atasco de envases');
      expect(
        await page
          .locator('[data-path="No planificadas / Mecánicas / Atasco de envases"] [data-testid="summary-reason-swatch"]')
          .evaluate((box) => getComputedStyle(box).backgroundColor),
      ).toBe('rgb(236, 84, 83)');
      const percents = [...shown.values()].map((row) => spanishNumber(row.cells[3]!));
      expect(Math.abs(percents.reduce((sum, value) => sum + value, 0) - 100)).toBeLessThan(0.5);

      // The Pareto of the recognized reasons is drawn; the orders of the shift include the line's running order.
      await page.getByTestId('summary-pareto').locator('canvas').waitFor();
      await gridRow(page, 'summary-orders', LINE_ORDER).first().waitFor();
      await saveScreenshot(page, 'stop-summary-es');

      // The shift before: only its own stops (none, unless the plant started in it).
      const previous = shiftAt(shift.startMs - 1, timeZone());
      await fillDate(page.locator('input[name="date"]'), previous.plantDate);
      await chooseOption(page, 'period', PERIOD_LABELS[previous.code]!);
      await page.getByTestId('summary-apply').click();
      await page.waitForURL(new RegExp(`date=${previous.plantDate}&period=${previous.code}$`));
      const earlier = await storedSummary(previous.startMs, previous.endMs, Date.now(), Date.now());
      // The page shows that shift (the caption and the query change together), then its own rows: a count of rows is
      // not enough, the shift shown before may have as many.
      await page
        .getByTestId('summary-range')
        .filter({ hasText: `desde ${plantText(previous.startMs)} hasta ${plantText(previous.endMs)}` })
        .waitFor();
      if (earlier.size === 0) await page.getByTestId('summary-no-stops').waitFor();
      else {
        await page.waitForFunction(
          (paths) =>
            JSON.stringify(
              [...document.querySelectorAll('[data-testid="summary-reason-row"]')].map((row) => row.getAttribute('data-path') ?? '').sort(),
            ) === JSON.stringify(paths),
          [...earlier.keys()].sort(),
        );
      }
      expectSameRows(await shownRows(page, 'summary-reason-row'), earlier);
    },
    TEST_MS,
  );

  test(
    '?line=&date=&period= prefill the filter and apply it; the current order period covers the Ready order up to now',
    async () => {
      await makeStop('Falla de sensor');
      const day = currentShift().plantDate;
      const page = await openAs('consultant', `/paradas/resumen?line=${LINE}&date=${day}&period=TO`);
      await page.getByTestId('summary-reason-row').first().waitFor();
      expect(await select(page, 'line').locator('option:checked').innerText()).toBe(lineLabel('Envasadora 2'));
      expect(await select(page, 'sector').locator('option:checked').innerText()).toBe(SECTOR);
      expect(await select(page, 'period').locator('option:checked').innerText()).toBe('Resumen del día (06:00–06:00)');
      expect(await dateValue(page.locator('input[name="date"]'))).toBe(day);
      expect((await shownRows(page, 'summary-reason-row')).has('No planificadas / Eléctricas / Falla de sensor')).toBe(true);

      await chooseOption(page, 'period', 'Resumen de la orden actual');
      const before = Date.now();
      await page.getByTestId('summary-apply').click();
      await page
        .getByTestId('summary-range')
        .filter({ hasText: `orden ${LINE_ORDER}` })
        .waitFor();
      await page.getByTestId('summary-reason-row').first().waitFor();
      const after = Date.now();
      const order = await db().selectFrom('orders').select(['startDate']).where('order', '=', LINE_ORDER).executeTakeFirstOrThrow();
      expectSameRows(await shownRows(page, 'summary-reason-row'), await storedSummary(order.startDate!, after, before, after));
      await gridRow(page, 'summary-orders', LINE_ORDER).first().waitFor();
      // Only that order: rows are told apart by their index (a row spans AG Grid's containers).
      const rowIndexes = await page
        .getByTestId('summary-orders')
        .locator('.ag-row')
        .evaluateAll((rows) => new Set(rows.map((row) => row.getAttribute('row-index'))).size);
      expect(rowIndexes).toBe(1);
    },
    TEST_MS,
  );

  test(
    'summary 2: the 8 steps enable one after the other, a to date before the from date is refused, Aplicar only at the end',
    async () => {
      await makeStop('Rotura de cinta');
      const day = currentShift().plantDate;
      const page = await openAs('consultant', '/paradas/resumen2');
      await page.getByTestId('summary2-steps').waitFor();
      expect(await page.title()).toBe('Resumen de paradas');
      const field = (name: string) => (name.endsWith('Date') ? page.locator(`input[name="${name}"]`) : select(page, name));
      const steps = ['sector', 'line', 'fromDate', 'toDate', 'shift', 'product', 'stopType', 'level'];
      const enabled = async () => Promise.all(steps.map(async (name) => !(await field(name).isDisabled())));
      const apply = page.getByTestId('summary2-apply');
      const expectEnabledUpTo = async (count: number) => {
        await page.waitForFunction(
          ([names, n]) =>
            names.every(
              (name, i) => ((document.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.disabled ?? true) === i >= n,
            ),
          [steps, count] as const,
        );
        expect(await enabled()).toEqual(steps.map((_, i) => i < count));
        expect(await apply.isDisabled()).toBe(true);
      };

      await expectEnabledUpTo(1);
      await chooseOption(page, 'sector', SECTOR);
      await expectEnabledUpTo(2);
      await chooseOption(page, 'line', lineLabel('Envasadora 2'));
      await expectEnabledUpTo(3);
      await fillDate(field('fromDate'), day);
      await expectEnabledUpTo(4);
      // A to date before the from date is refused: its message shows and the shift stays closed.
      const [y, m, d] = day.split('-').map(Number);
      const dayBefore = new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
      await fillDate(field('toDate'), dayBefore);
      expect((await page.getByTestId('error-toDate').innerText()).trim()).toBe('La fecha hasta no puede ser anterior a la fecha desde.');
      expect(await dateValue(field('toDate'))).toBe('');
      await expectEnabledUpTo(4);
      await fillDate(field('toDate'), day);
      expect(await page.getByTestId('error-toDate').count()).toBe(0);
      await expectEnabledUpTo(5);
      await chooseOption(page, 'shift', 'TO · Todos (06:00–06:00)');
      await page.waitForFunction(() => (document.querySelector('select[name="product"]') as HTMLSelectElement).options.length > 1);
      await expectEnabledUpTo(6);
      // The products the line made in that span, 'Todos' first.
      expect(await select(page, 'product').locator('option').allInnerTexts()).toEqual(['Seleccione...', 'Todos', 'Jugo de naranja 1 l']);
      await chooseOption(page, 'product', 'Todos');
      await expectEnabledUpTo(7);
      expect((await select(page, 'stopType').locator('option').allInnerTexts()).slice(0, 2)).toEqual(['Seleccione...', 'Todos']);
      await chooseOption(page, 'stopType', 'Todos');
      await expectEnabledUpTo(8);
      expect(await select(page, 'level').locator('option').allInnerTexts()).toEqual([
        'Seleccione...',
        'Todos',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
      ]);
      await chooseOption(page, 'level', '2');
      expect(await apply.isDisabled()).toBe(false);

      // Changing an earlier step clears the later ones.
      await chooseOption(page, 'shift', 'TM · Mañana (06:00–14:00)');
      expect(await select(page, 'level').inputValue()).toBe('');
      await expectEnabledUpTo(6);
      await chooseOption(page, 'shift', 'TO · Todos (06:00–06:00)');
      await page.waitForFunction(() => (document.querySelector('select[name="product"]') as HTMLSelectElement).options.length > 1);
      await chooseOption(page, 'product', 'Todos');
      await chooseOption(page, 'stopType', 'Todos');
      await chooseOption(page, 'level', '2');

      const plantDay = shiftOf('TO', day, timeZone());
      const before = Date.now();
      await apply.click();
      await page.getByTestId('summary-path-row').first().waitFor();
      const after = Date.now();
      expect(await page.getByTestId('summary2-panel').getAttribute('data-open')).toBe('false');
      const shown = await shownRows(page, 'summary-path-row');
      expectSameRows(shown, await storedSummary(plantDay.startMs, plantDay.endMs, before, after, 2));
      expect(shown.has('No planificadas / Mecánicas')).toBe(true);
      // A bullet bar per row, as long as its share.
      expect(await page.locator('[data-testid="summary-path-row"] [role="progressbar"]').count()).toBe(shown.size);
      const mechanical = page.locator('[data-path="No planificadas / Mecánicas"] [role="progressbar"]');
      expect(Number(await mechanical.getAttribute('aria-valuenow'))).toBeCloseTo(
        spanishNumber(shown.get('No planificadas / Mecánicas')!.cells[3]!),
        0,
      );
      await gridRow(page, 'summary-orders', LINE_ORDER).first().waitFor();
      await saveScreenshot(page, 'stop-summary2-es');

      // The panel opens again; the link leads to the first summary of the line and day, applied.
      await page.getByTestId('summary2-toggle').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="summary2-panel"]')?.getAttribute('data-open') === 'true');
      await page.getByTestId('summary2-shift-link').click();
      await page.waitForURL(new RegExp(`/paradas/resumen\\?line=${LINE}&date=${day}&period=TO$`));
      await page.getByTestId('summary-reason-row').first().waitFor();
    },
    TEST_MS,
  );

  test(
    'the Stops menu offers summary 2 to supervisor, consultant and administrator; the operator gets the not-allowed page',
    async () => {
      const page = await openAs('admin', '/');
      expect(await menuItems(page, 'menu-stops')).toEqual(['Listado de paradas', 'Resumen de paradas']);
      await page.getByTestId('menu-stops').click();
      await page.getByRole('menuitem', { name: 'Resumen de paradas' }).click();
      await page.waitForURL(/\/paradas\/resumen2$/);
      await page.getByTestId('summary2-steps').waitFor();

      const operator = await openAs('operator', '/');
      // The stop modules' pages follow the menu's own pages (the operator handles stops); no summary among them.
      expect(await menuItems(operator, 'menu-stops')).toEqual(['Listado de paradas', 'Paradas manuales', 'Gestor de paradas']);
      for (const path of ['/paradas/resumen', `/paradas/resumen?line=${LINE}&date=2026-01-01&period=TM`, '/paradas/resumen2']) {
        await operator.goto(`${plant.edge.url}${path}`);
        await operator.getByTestId('not-allowed').waitFor();
        expect(await operator.getByTestId('summary-filter').count()).toBe(0);
      }
      // The server still answers the operator's summary call: the dashboard's stop-reasons chart makes it.
      const token = await plant.token('operator');
      const shift = currentShift();
      const summary = await plant.edge.call('GET', '/api/stops/getStopsSummary', {
        token,
        query: { line: String(LINE), startDate: new Date(shift.startMs).toISOString(), endDate: new Date(shift.endMs).toISOString() },
      });
      expect(summary.status).toBe(200);
    },
    TEST_MS,
  );

  test(
    'in English: both pages and their messages (screenshots)',
    async () => {
      await makeStop('Falta de material');
      const shift = currentShift();
      const page = await openAs('consultant', '/paradas/resumen', 'en');
      await page.getByTestId('summary-apply').click();
      expect((await page.getByTestId('summary-filter-required').innerText()).trim()).toBe('Please complete the filter data');
      await page.goto(`${plant.edge.url}/paradas/resumen?line=${LINE}&date=${shift.plantDate}&period=${shift.code}`);
      await page.getByTestId('summary-reason-row').first().waitFor();
      expect(await page.title()).toBe('Shift stop summary');
      expect(await page.getByRole('heading', { name: 'Stops by reason' }).count()).toBe(1);
      expect(await select(page, 'period').locator('option:checked').innerText()).toMatch(/shift \(\d\d:00–\d\d:00\)$/);
      await page.getByTestId('summary-pareto').locator('canvas').waitFor();
      await saveScreenshot(page, 'stop-summary-en');

      await page.goto(`${plant.edge.url}/paradas/resumen2`);
      await chooseOption(page, 'sector', SECTOR);
      await chooseOption(page, 'line', `Line ${LINE}: Envasadora 2`);
      await fillDate(page.locator('input[name="fromDate"]'), shift.plantDate);
      await fillDate(page.locator('input[name="toDate"]'), shift.plantDate);
      await chooseOption(
        page,
        'shift',
        {
          TM: 'TM · Morning (06:00–14:00)',
          TT: 'TT · Afternoon (14:00–22:00)',
          TN: 'TN · Night (22:00–06:00)',
          TO: 'TO · All (06:00–06:00)',
        }[shift.code],
      );
      await page.waitForFunction(() => (document.querySelector('select[name="product"]') as HTMLSelectElement).options.length > 1);
      await chooseOption(page, 'product', 'All');
      await chooseOption(page, 'stopType', 'All');
      await chooseOption(page, 'level', 'All');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('summary-path-row').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Stops by reason path' }).count()).toBe(1);
      await gridRow(page, 'summary-orders', LINE_ORDER).first().waitFor();
      await saveScreenshot(page, 'stop-summary2-en');
    },
    TEST_MS,
  );

  test(
    'a failed summary fetch shows "Ha ocurrido un error, por favor vuelva a intentarlo"',
    async () => {
      const shift = currentShift();
      const { page } = await openBrowser();
      page.setDefaultTimeout(SHOWN_MS);
      await logIn(page, plant.edge.url, 'supervisor', 'demo');
      await page.route('**/api/stops/getStopsSummary**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }),
      );
      await page.goto(`${plant.edge.url}/paradas/resumen?line=${LINE}&date=${shift.plantDate}&period=${shift.code}`);
      await toastShown(page, 'error', 'Ha ocurrido un error, por favor vuelva a intentarlo');
      expect(await page.getByTestId('summary-reason-row').count()).toBe(0);
    },
    TEST_MS,
  );
});
