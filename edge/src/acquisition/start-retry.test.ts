import { describe, expect, it, vi } from 'vitest';
import { startWithRetries } from './start-retry';

describe('the acquisition start, tried until it works', () => {
  it('tries again after each failure, says why it is not running, and then runs', async () => {
    let tries = 0;
    const failures: number[] = [];
    const start = startWithRetries(
      async () => {
        tries += 1;
        if (tries <= 2) throw new Error('SQLITE_FULL: database or disk is full');
      },
      (_error, failuresSoFar) => failures.push(failuresSoFar),
      () => 5,
    );
    await vi.waitFor(() => expect(start.state()).toEqual({ running: true }));
    expect(tries).toBe(3);
    expect(failures).toEqual([1, 2]);
    await start.stop();
  });

  it('keeps the cause while it fails, and stops trying when the edge closes', async () => {
    let tries = 0;
    const start = startWithRetries(
      () => {
        tries += 1;
        return Promise.reject(new Error('database is locked'));
      },
      () => undefined,
      () => 5,
    );
    await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(3));
    expect(start.state()).toMatchObject({ running: false, cause: 'database is locked' });
    expect((start.state() as { failures: number }).failures).toBeGreaterThanOrEqual(2);
    await start.stop();
    const triesAtStop = tries;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(tries).toBe(triesAtStop);
  });
});
