import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateValue, fillDate } from './support/date-fields';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startUiEdge } from './support/edge';
import { addLine } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

/**
 * Reports → 'Reporte OEE' (SPEC.md sections 2, 7, 8): a dialog of production days and line, proposing the plant's
 * current production day; the xlsx is saved only on status 200, with its toasts, and covers exactly the chosen days.
 */
describe('Reporte OEE', () => {
  let edge: TestEdge;
  let today: string;

  beforeAll(async () => {
    edge = await startUiEdge();
    // Lines whose stops are entered by hand, so the test can make its own.
    await addLine(edge, { lineID: 1, description: 'Llenadora A', sectorName: 'Envasado', settings: { enableStopsManager: true } });
    await addLine(edge, { lineID: 2, description: 'Llenadora B', sectorName: 'Envasado', settings: { enableStopsManager: true } });
    const supervisor = await edge.userWithRole(2);
    // A finished 20-minute stop on each line, ending a minute ago.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    for (const lineID of [1, 2]) {
      const stop = await edge.call('POST', '/api/stops/post', {
        token: supervisor.token,
        json: { values: { lineID, startDate: minutesAgo(21), endDate: minutesAgo(1) } },
      });
      if (stop.status !== 200) throw new Error(`stop: ${stop.text}`);
    }
    today = (await edge.call('GET', '/api/calendar/now', { token: supervisor.token })).body.plantDate;
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function openReportDialog(page: Page): Promise<void> {
    await page.getByTestId('menu-reports').click();
    await page.getByRole('menuitem', { name: 'Reporte OEE' }).click();
    await page.getByTestId('oee-report-dialog').waitFor();
  }

  async function sheetRows(bytes: Buffer, name: string): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  test('the supervisor gets the current production day by default, narrows it to one line and downloads the workbook', async () => {
    const supervisor = await edge.userWithRole(2);
    const { page } = await openBrowser();
    await logIn(page, edge.url, supervisor.userID, supervisor.password);
    await openReportDialog(page);
    // Yesterday's production day ends at 06:00 today; a stop a minute ago is in today's (or, just after 06:00, the
    // last minutes of yesterday's): the default covers the plant's day, not the browser's calendar day.
    expect(await dateValue(page.getByTestId('report-start'))).toBe(today);
    expect(await dateValue(page.getByTestId('report-end'))).toBe(today);
    await saveScreenshot(page, 'oee-report-es');
    await fillDate(page.getByTestId('report-start'), dayBefore(today));
    await page.getByTestId('report-line').selectOption({ label: 'Línea 1: Llenadora A' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
    await toastShown(page, 'success', 'Se generó correctamente el reporte.');
    await page.getByTestId('oee-report-dialog').waitFor({ state: 'detached' });

    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(download.suggestedFilename()).toBe('ReporteOEE.xlsx');
    const stops = await sheetRows(bytes, 'Paradas');
    expect(stops.map((row) => [row[0], row[3]])).toEqual([
      ['Línea', 'Duración (min)'],
      ['Llenadora A', 20],
    ]);
  }, 120_000);

  test("the date fields write the app's language, not the browser's: dd/mm/aaaa in Spanish, yyyy-mm-dd in English; a text that is no date is marked; the calendar picks a day", async () => {
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    await openReportDialog(page);
    const start = page.getByTestId('report-start');
    expect(await start.inputValue()).toBe(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
    expect(await start.getAttribute('placeholder')).toBe('dd/mm/aaaa');

    await start.fill('31/02/2026');
    await start.blur();
    await page.getByText('Fecha no válida (dd/mm/aaaa)').waitFor();
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    expect(await dateValue(start)).toBe('');
    expect(await page.getByTestId('report-download').isDisabled()).toBe(true);

    await start.fill('10/3/2026');
    await start.blur();
    expect(await start.inputValue()).toBe('10/03/2026');
    expect(await dateValue(start)).toBe('2026-03-10');
    expect(await page.getByText('Fecha no válida (dd/mm/aaaa)').count()).toBe(0);

    await page.getByTestId('report-start-calendar').click();
    const calendar = page.locator('[data-scope="date-picker"][data-part="content"]');
    await calendar.waitFor();
    expect(await calendar.innerText()).toContain('marzo');
    await saveScreenshot(page, 'date-field-calendar-es');
    await calendar.locator('[data-part="table-cell-trigger"]:not([data-outside-range])', { hasText: /^15$/ }).click();
    await calendar.waitFor({ state: 'hidden' });
    expect(await start.inputValue()).toBe('15/03/2026');
    expect(await dateValue(start)).toBe('2026-03-15');

    const english = (await openBrowser()).page;
    await english.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logIn(english, edge.url, consultant.userID, consultant.password);
    await english.getByTestId('menu-reports').click();
    await english.getByRole('menuitem', { name: 'OEE report' }).click();
    const englishStart = english.getByTestId('report-start');
    await englishStart.waitFor();
    expect(await englishStart.inputValue()).toBe(today);
    expect(await englishStart.getAttribute('placeholder')).toBe('yyyy-mm-dd');
    await englishStart.fill('10/03/2026');
    await englishStart.blur();
    await english.getByText('Not a valid date (yyyy-mm-dd)').waitFor();
    await englishStart.fill('2026-03-10');
    expect(await dateValue(englishStart)).toBe('2026-03-10');
  }, 120_000);

  test('a range with nothing in it gives the sheets with their headers only; a start after the end cannot be asked', async () => {
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    await openReportDialog(page);
    await fillDate(page.getByTestId('report-start'), '2020-01-02');
    await fillDate(page.getByTestId('report-end'), '2020-01-01');
    await page.getByText('La fecha de inicio no puede ser posterior a la de fin.').waitFor();
    expect(await page.getByTestId('report-download').isDisabled()).toBe(true);
    await fillDate(page.getByTestId('report-end'), '2020-01-03');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
    const bytes = readFileSync(await download.path());
    for (const sheet of ['Ordenes', 'Turnos', 'Paradas']) expect(await sheetRows(bytes, sheet), sheet).toHaveLength(1);
  }, 120_000);

  test('a failed report saves nothing, shows the error toast and keeps the dialog open', async () => {
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.route('**/api/reports/completeoaereport**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }),
    );
    await openReportDialog(page);
    await page.getByTestId('report-download').click();
    await toastShown(page, 'error', 'Ha ocurrido un error. Consulte con su supervisor.');
    expect(await page.getByTestId('oee-report-dialog').isVisible()).toBe(true);
    // A download of the test's own, started by the page after the toast: any download the failed report had started
    // comes before it, so once it is seen the list is complete.
    const marker = page.waitForEvent('download', (download) => download.suggestedFilename() === 'marker.txt');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['marker']));
      link.download = 'marker.txt';
      link.click();
    });
    await marker;
    expect(downloads).toEqual(['marker.txt']);
  }, 120_000);

  test('in English', async () => {
    const supervisor = await edge.userWithRole(2);
    const { page } = await openBrowser();
    await logIn(page, edge.url, supervisor.userID, supervisor.password);
    await page.getByTestId('menu-language').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('menu-reports').click();
    await page.getByRole('menuitem', { name: 'OEE report' }).click();
    await page.getByTestId('oee-report-dialog').getByText('From production day').waitFor();
    await page.getByRole('option', { name: 'All lines' }).waitFor({ state: 'attached' });
    await saveScreenshot(page, 'oee-report-en');
  }, 120_000);
});

/** The plant date before `date` ('YYYY-MM-DD'). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
