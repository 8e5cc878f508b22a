import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const STALE_LOCK_MS = 5 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `build` while holding the repository's build lock (dist/.build-lock), one test process at a time: the
 * browser tests' app build and the single executable's packaging both run `build.mjs --if-stale`; on a fresh checkout
 * two of them at once would each build dist/, writing over the other's files. A lock older than 5 minutes is taken as
 * left by a killed process.
 */
export function withBuildLock<T>(root: string, build: () => T): T {
  const lock = join(root, 'dist', '.build-lock');
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      sleep(250);
    }
  }
  try {
    return build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
