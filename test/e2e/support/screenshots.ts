import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './ui-build';

/** Screenshots of the app kept in the repository (README, "The app"). */
export const SCREENSHOTS_DIR = join(ROOT, 'test', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // The screen, not a moment of it: CSS animations and transitions (toasts, dialogs) are taken at their end.
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled' });
}
