import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';

/**
 * Debian's Chromium (never a Playwright download), CHROMIUM_PATH pointing elsewhere. The browser tests prefer the
 * headless shell, the same Blink without the browser's window machinery (a third less CPU for the whole browser suite);
 * the benchmarks prefer the full browser, the one a plant's users run. Either takes the other where its own is missing.
 */
export function chromiumPath(prefer: 'shell' | 'browser'): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const [first, second] = prefer === 'shell' ? [SHELL, BROWSER] : [BROWSER, SHELL];
  return existsSync(first) || !existsSync(second) ? first : second;
}
