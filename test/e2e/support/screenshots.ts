import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './browser';
import { ROOT } from './ui-build';

/** Screenshots of the app kept in the repository (README, "The app"), refreshed on purpose: `npm run screenshots`. */
export const SCREENSHOTS_DIR = join(ROOT, 'test', 'screenshots');

/**
 * Where a run writes its screenshots: the repository's folder when UPDATE_SCREENSHOTS=1 (what `npm run screenshots`
 * sets); test-results/screenshots (ignored) when E2E_SCREENSHOTS=1, to look at a run's screens without rewriting the
 * repository's files; none otherwise: each one costs the browser a raster and a PNG of the whole window (45 a run),
 * and an ordinary run, a CI run above all, keeps no files.
 */
export function screenshotsDir(): string | null {
  if (process.env.UPDATE_SCREENSHOTS === '1') return SCREENSHOTS_DIR;
  return process.env.E2E_SCREENSHOTS === '1' ? join(RESULTS_DIR, 'screenshots') : null;
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const dir = screenshotsDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // The screen, not a moment of it: CSS animations and transitions (toasts, dialogs) are taken at their end.
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}
