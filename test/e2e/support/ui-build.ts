import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withBuildLock } from '../../support/build-lock';

/**
 * The repository. A benchmark bundled by test/bench/run.mjs runs from node_modules/.cache, which in a git worktree is
 * another checkout's (node_modules linked): run.mjs names the repository it was started in.
 */
export const ROOT = process.env.OEE_REPO_ROOT ?? resolve(import.meta.dirname, '../../..');

/**
 * Builds the app if any source is newer than the last build (`deploy/scripts/build.mjs --if-stale`), one test process at a
 * time, then copies dist/ui to a folder of this process's own: a rebuild started by another test file (because a
 * source changed meanwhile) can then never pull files from under a running browser test.
 */
export function builtUiSnapshot(): string {
  return withBuildLock(ROOT, () => {
    execFileSync(process.execPath, [join(ROOT, 'deploy/scripts/build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'pipe' });
    const snapshot = mkdtempSync(join(tmpdir(), 'oee-ui-'));
    cpSync(join(ROOT, 'dist/ui'), snapshot, { recursive: true });
    return snapshot;
  });
}
