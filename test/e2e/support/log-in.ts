import type { Page } from 'playwright-core';

/**
 * Signs in as the login page does, without its page: POST /api/users/authenticate, and the session user kept where the
 * app keeps it (localStorage `user`, ui/src/lib/session.ts) before the app first loads in this tab; then opens `path`
 * and waits for the navigation bar. The login form has tests of its own (setup-and-login, roles-and-session); a test
 * about another page saves a whole load of the app (the login page, then the home page it leads to). Apart from
 * browser.ts (which needs a vitest run) so the benchmarks, plain processes, sign in the same way.
 */
export async function logIn(page: Page, baseUrl: string, userID: string, password: string, path = '/'): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/users/authenticate`, { data: { userid: userID, password } });
  if (!response.ok()) throw new Error(`sign-in of ${userID}: ${response.status()} ${await response.text()}`);
  const { roleID, firstName, lastName, token, mustChangePassword } = await response.json();
  const user = { userID, roleID, firstName, lastName, token, mustChangePassword: mustChangePassword === true };
  // Once per tab (its sessionStorage): a test that signs out, or whose session expires, stays signed out on a reload.
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('user', stored);
  }, JSON.stringify(user));
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('nav-bar').waitFor();
}

/** Signs in through the login page, as a user types it, and waits for the navigation bar. */
export async function logInThroughForm(page: Page, baseUrl: string, userID: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(userID);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('nav-bar').waitFor();
}

/**
 * Opens `path` of the app already loaded in the page as its own links do (the router's history, no reload): the
 * scripts, the session and the app's caches stay, as when a user moves through the menus. A test that checks many
 * pages in a row pays one cold load instead of one per page (the dashboard's alone costs the browser seconds of CPU).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
