import type { Page } from 'playwright-core';

/**
 * Logs in through the login page, as a user would, and waits for the navigation bar. Apart from browser.ts (which
 * needs a vitest run) so the benchmarks, plain processes, log in the same way.
 */
export async function logIn(page: Page, baseUrl: string, userID: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(userID);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('nav-bar').waitFor();
}
