import type { Page } from 'playwright-core';

/**
 * The items of the navigation bar's menu `testId`, as its first click shows them (a menu's code loads on its first
 * use, so the items are waited for), the menu closed again for good so the next one opened does not count them.
 */
export async function menuItems(page: Page, testId: string): Promise<string[]> {
  await page.getByTestId(testId).click();
  const items = page.locator('[role="menu"] [role="menuitem"]');
  await items.first().waitFor();
  const names = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  await items.first().waitFor({ state: 'detached' });
  return names.map((name) => name.trim());
}
