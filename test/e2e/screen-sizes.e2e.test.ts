import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, navigateInApp, openBrowser } from './support/browser';
import { startDemoPlant, type DemoPlant } from './support/demo-plant';

/**
 * Whole on every screen a plant uses (issue 27): at a line terminal's 1366×768, the tablets' 1024×768 and 800×1280 and
 * a phone's 390 px, the dashboard, the stops list, the index grids, the module pages and the 'Calendario' tab show every button and label
 * whole: none is cut by a box that hides its overflow, none truncates its own text, no grid header is cut, and the
 * page never scrolls sideways. Content inside a box that scrolls (a wide grid, a long table) counts as whole: it is
 * reached by scrolling.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
  { width: 390, height: 844 },
] as const;

/** Each page, and what shows once its content is there (its own: the page before it is gone by then). */
const PAGES = [
  { path: '/?line=1', ready: '[data-testid="gauge-oee-value"]' },
  { path: '/paradas/listado', ready: '[data-testid="stops-grid"] .ag-row' },
  { path: '/indexes/shift', ready: '[data-testid="shift-indexes-grid"] .ag-row' },
  { path: '/indexes/order', ready: '[data-testid="order-indexes-grid"] .ag-row' },
  { path: '/paradas/manuales', ready: '[data-testid="manual-stops-page"] button' },
  { path: '/paradas/gestor', ready: '[data-testid="stops-manager-page"] button' },
  { path: '/produccion/lotes', ready: '[data-testid="production-lots-page"] button' },
  { path: '/produccion/resumen', ready: '[data-testid="summary-declared"]' },
  { path: '/mantenimiento', ready: '[data-testid="maintenance-new-call"]' },
  // The work calendar's tab, its editor and the week's preview (issue 29).
  { path: '/configuracion?tab=calendar', ready: '[data-testid="calendar-preview-days"]' },
] as const;

interface Cut {
  what: string;
  text: string;
  why: string;
}

/** The buttons and labels of the page that do not show whole (see the file's comment). */
function cutElements(page: Page): Promise<{ cuts: Cut[]; pageWidth: number }> {
  return page.evaluate(() => {
    const SELECTOR = 'button, [role="tab"], label, th, h1, h2, h3, .ag-header-cell-text, [data-testid$="-caption"]';
    const visible = (element: Element) => {
      const r = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    /** The box that hides this element's overflow and cuts it; null when none does (or a scrolling box holds it). */
    const cutBy = (element: Element): string | null => {
      const r = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return null;
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const box = parent.getBoundingClientRect();
          if (r.left < box.left - 1 || r.right > box.right + 1)
            return `cut by ${parent.tagName.toLowerCase()}.${[...parent.classList].slice(0, 2).join('.')}`;
        }
      }
      return r.left < -1 || r.right > window.innerWidth + 1 ? 'outside the window' : null;
    };
    const cuts: Cut[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(SELECTOR)) {
      if (!visible(element) || element.closest('[aria-hidden="true"], .ag-hidden')) continue;
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      if (text === '') continue;
      const what = element.getAttribute('data-testid') ?? element.tagName.toLowerCase();
      const why =
        cutBy(element) ??
        (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible' ? 'truncates its text' : null);
      if (why) cuts.push({ what, text, why });
    }
    return { cuts, pageWidth: document.documentElement.scrollWidth };
  });
}

describe('every page whole at the sizes a plant uses', () => {
  let plant: DemoPlant;

  beforeAll(async () => {
    plant = await startDemoPlant();
  }, 180_000);
  afterAll(async () => {
    await plant?.close();
  });

  for (const size of SIZES) {
    test(`${size.width}×${size.height}: no button or label cut on the dashboard, the stops list, the indexes and the module pages`, async () => {
      const { page } = await openBrowser(size);
      await logIn(page, plant.edge.url, 'supervisor', 'demo', PAGES[0].path);
      const found: Record<string, Cut[] | string> = {};
      // One cold load (the sign-in's), then from page to page as the menus lead.
      for (const item of PAGES) {
        if (item !== PAGES[0]) await navigateInApp(page, item.path);
        await page.locator(item.ready).first().waitFor({ timeout: 30_000 });
        // Fonts and the grids' column sizing settle after the first rows.
        await page.waitForTimeout(500);
        const { cuts, pageWidth } = await cutElements(page);
        if (cuts.length > 0) found[item.path] = cuts;
        if (pageWidth > size.width) found[`${item.path} width`] = `the page scrolls sideways: ${pageWidth} px`;
      }
      expect(found).toEqual({});
    }, 300_000);
  }
});
