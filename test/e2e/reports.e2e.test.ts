import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser, toastShown } from './support/browser';
import { startUiEdge } from './support/edge';
import { addLine } from './support/fixtures';

/** Reports → 'Reporte OEE' (SPEC.md sections 2, 7, 8): the xlsx is saved only on status 200, with its toasts. */
describe('Reporte OEE', () => {
  let edge: TestEdge;

  beforeAll(async () => {
    edge = await startUiEdge();
    await addLine(edge, { lineID: 1, description: 'Llenadora A', sectorName: 'Envasado' });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function openReportItem(page: Page): Promise<void> {
    await page.getByTestId('menu-reports').click();
    await page.getByRole('menuitem', { name: 'Reporte OEE' }).click();
  }

  test('the supervisor downloads the workbook from Reportes → Reporte OEE and sees the success toast', async () => {
    const supervisor = await edge.userWithRole(2);
    const { page } = await openBrowser();
    await logIn(page, edge.url, supervisor.userID, supervisor.password);
    const [download] = await Promise.all([page.waitForEvent('download'), openReportItem(page)]);
    await toastShown(page, 'success', 'Se generó correctamente el reporte.');

    const bytes = readFileSync(await download.path());
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ordenes', 'Turnos', 'Paradas']);
  }, 120_000);

  test('a failed report saves nothing and shows the error toast', async () => {
    const consultant = await edge.userWithRole(4);
    const { page } = await openBrowser();
    await logIn(page, edge.url, consultant.userID, consultant.password);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.route('**/api/reports/completeoaereport**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }));
    await openReportItem(page);
    await toastShown(page, 'error', 'Ha ocurrido un error. Consulte con su supervisor.');
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
});
