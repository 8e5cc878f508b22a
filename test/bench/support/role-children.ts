import { type ChildProcess, fork } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A benchmark's children: this same bundle forked in a role (`bare`, `edge`, …). They run a private copy of the
 * bundle: `npm run bench` deletes its bundle folder when it ends, and another run may end while this one still
 * forks. The copy sits beside it, so packages resolve the same way; `removeCopy` deletes it at the end.
 */
export function roleChildren(prefix: string) {
  let bundleCopy: string | null = null;
  return {
    child(role: string, args: readonly string[]): ChildProcess {
      if (!bundleCopy) {
        const folder = mkdtempSync(join(dirname(dirname(process.argv[1]!)), prefix));
        bundleCopy = join(folder, 'bench.mjs');
        copyFileSync(process.argv[1]!, bundleCopy);
      }
      return fork(bundleCopy, [role, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    },
    removeCopy(): void {
      if (bundleCopy) rmSync(dirname(bundleCopy), { recursive: true, force: true });
    },
  };
}
