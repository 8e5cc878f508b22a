import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { chromiumPath } from '../../support/chromium';
import { ROOT } from './ui-build';

export const CHROMIUM_PATH = chromiumPath('shell');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A test's page lives seconds: V8's compilers beyond the interpreter (Sparkplug, Maglev, TurboFan) spent the
  // renderer's CPU compiling code that hardly ran again (the line dashboard's file: 58 s of renderer CPU with the
  // optimizing ones, 48-53 s without), and the garbage collector's helper threads competed for the machine's two
  // cores (the configuration-supervisor and stop-summaries files: 109-110 CPU-s without Sparkplug and one GC thread
  // left on, 95-98 s with both off). The benchmarks launch the browser as a plant runs it.
  '--js-flags=--no-opt --no-maglev --no-sparkplug --single-threaded-gc',
];

export const RESULTS_DIR = join(ROOT, 'test-results');

const slug = (text: string) =>
  text
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
}

/**
 * One headless Chromium per test process (the browser files share their processes, vitest.config.ts; the browser ends
 * with the process: its pipe to it closes), launched at the first test that asks: launching one per test cost about a
 * second each. Each test has a context of its own.
 */
let sharedBrowser: Promise<Browser> | null = null;

function browser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return sharedBrowser;
}

/**
 * A fresh browser context for the current test (its own cookies, storage and cache, as a new profile would have),
 * tracing from the start when E2E_TRACE=1 (the DOM snapshots of every action cost a fifth of the browser tests' CPU,
 * and a CI run keeps no files), its pages recording the toasts they show (see toastShown). When the test fails, its
 * screenshot, the page's console and (traced) its Playwright trace are kept under test-results/; the context goes
 * away when the test ends either way. Call it inside a test.
 */
export async function openBrowser(
  options: {
    width?: number;
    height?: number;
    /** Tracing: E2E_TRACE=1 by default; off for timing measurements (tracing slows the page). */ trace?: boolean;
  } = {},
): Promise<BrowserSession> {
  const context = await (
    await browser()
  ).newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  await context.addInitScript(recordToasts);
  await context.addInitScript(recordPolicyViolations);
  const tracing = options.trace ?? process.env.E2E_TRACE === '1';
  // DOM snapshots of every action, without the screencast (a frame stream that costs the browser more than the test
  // itself); the failure screenshot below shows the last state.
  if (tracing) await context.tracing.start({ screenshots: false, snapshots: true });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  // AG Grid reports misuse (an unregistered module, a bad option) as console errors: a test with one fails.
  const gridErrors: string[] = [];
  page.on('console', (message) => {
    consoleLines.push(`[${message.type()}] ${message.text()}`);
    if (message.type() === 'error' && message.text().includes('AG Grid: error')) gridErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.stack ?? error.message}`));

  onTestFinished(async ({ task }) => {
    // Every page must work under the edge's content security policy: a blocked script, style or request fails the test.
    const violations = await page
      .evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? [])
      .catch(() => []);
    if (violations.length > 0 && task.result?.state !== 'fail') consoleLines.push(...violations.map((v) => `[csp] ${v}`));
    try {
      if (task.result?.state === 'fail') {
        const dir = join(RESULTS_DIR, `${slug(basename(task.file?.name ?? 'e2e'))}--${slug(task.name)}`);
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, 'failure.png'), fullPage: true }).catch(() => undefined);
        writeFileSync(join(dir, 'console.txt'), consoleLines.join('\n'));
        if (tracing) await context.tracing.stop({ path: join(dir, 'trace.zip') });
      } else if (tracing) {
        await context.tracing.stop();
      }
    } finally {
      await context.close();
    }
    if (violations.length > 0) throw new Error(`content security policy violations:\n${violations.join('\n')}`);
    if (gridErrors.length > 0) throw new Error(`AG Grid errors:\n${gridErrors.join('\n')}`);
  });
  return { context, page };
}

export { logIn, navigateInApp } from './log-in';

type ToastType = 'success' | 'info' | 'warning' | 'error';
interface ShownToast {
  type: string;
  text: string;
}

/** In the page, from its start: what the content security policy blocked, into `window.policyViolations`. */
function recordPolicyViolations(): void {
  const violations: string[] = [];
  (window as unknown as { policyViolations: string[] }).policyViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) =>
    violations.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
  );
}

/** In the page, from its start: every toast it shows, once it has its text, into `window.shownToasts`. */
function recordToasts(): void {
  const shown: ShownToast[] = [];
  const recorded = new WeakSet<Element>();
  (window as unknown as { shownToasts: ShownToast[] }).shownToasts = shown;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-testid^="toast-"]')) {
      const text = toast.textContent ?? '';
      if (recorded.has(toast) || text === '') continue;
      recorded.add(toast);
      shown.push({ type: toast.getAttribute('data-testid')!.slice('toast-'.length), text });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until the page has shown a toast of `type` containing `text`, and takes it from the record (the next wait
 * needs another toast). A success toast lasts 1.5 s: on a busy machine a poll for the visible toast can miss it, the
 * page's record cannot.
 */
export async function toastShown(page: Page, type: ToastType, text: string): Promise<void> {
  await page.waitForFunction(
    ([type, text]) => {
      const shown = (window as unknown as { shownToasts: ShownToast[] }).shownToasts;
      const index = shown.findIndex((toast) => toast.type === type && toast.text.includes(text));
      if (index >= 0) shown.splice(index, 1);
      return index >= 0;
    },
    [type, text] as const,
  );
}
