/**
 * Whatever fails when the acquisition starts (a full disk, a locked database, a bad configuration row) is tried
 * again until it works: a start on a full disk once logged 'Acquisition failed to start' and never read the plant
 * again, though writes worked once space was freed (issue 26). The wait between tries doubles up to MAX_RETRY_MS.
 */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

/** Where a start stands: running, or not yet with the last failure's cause. */
export type StartState = { running: true } | { running: false; failures: number; cause: string | null };

export interface RetriedStart {
  state(): StartState;
  /** Stops trying (the edge is closing); resolves once no try is running. */
  stop(): Promise<void>;
}

/**
 * Runs `start` until it resolves, waiting `delays(n)` after the n-th failure (FIRST_RETRY_MS doubling up to
 * MAX_RETRY_MS unless given); `onFailure` hears each failure (the caller logs it).
 */
export function startWithRetries(
  start: () => Promise<void>,
  onFailure: (error: unknown, failures: number) => void,
  delays: (failures: number) => number = (failures) => Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS),
): RetriedStart {
  let state: StartState = { running: false, failures: 0, cause: null };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();
  const tryOnce = () => {
    timer = null;
    attempt = start().then(
      () => {
        state = { running: true };
      },
      (error: unknown) => {
        const failures = (state.running ? 0 : state.failures) + 1;
        state = { running: false, failures, cause: error instanceof Error ? error.message : String(error) };
        onFailure(error, failures);
        if (!stopped) {
          timer = setTimeout(tryOnce, delays(failures));
          timer.unref();
        }
      },
    );
  };
  tryOnce();
  return {
    state: () => state,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
    },
  };
}
