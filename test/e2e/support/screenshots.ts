import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './browser';
import { ROOT } from './ui-build';

/** Screenshots of the app kept in the repository (README, "The app"), refreshed on purpose: `npm run screenshots`. */
export const SCREENSHOTS_DIR = join(ROOT, 'test', 'screenshots');

/**
 * Where a run writes its screenshots: test-results/screenshots (ignored) on every run, so tests never rewrite the
 * repository's files; the repository's folder when UPDATE_SCREENSHOTS=1 (what `npm run screenshots` sets).
 */
export function screenshotsDir(): string {
  return process.env.UPDATE_SCREENSHOTS === '1' ? SCREENSHOTS_DIR : join(RESULTS_DIR, 'screenshots');
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const dir = screenshotsDir();
  mkdirSync(dir, { recursive: true });
  // The screen, not a moment of it: CSS animations and transitions (toasts, dialogs) are taken at their end.
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}
