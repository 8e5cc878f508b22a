/** Polls `check` every `intervalMs` until it holds; fails after `timeoutMs` with `what` (every test loop is bounded). */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
