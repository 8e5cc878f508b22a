import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuildLock } from './build-lock';

/**
 * The single executable for the tests and the benchmark: built by `npm run package` when its sources changed, and
 * started as a plant would start it, timed from the spawn to its first answered request.
 */

/** The repository: the folder above this module holding deploy/scripts/package.mjs (the benchmarks run it bundled elsewhere). */
function repositoryRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'deploy', 'scripts', 'package.mjs'))) return dir;
    if (dirname(dir) === dir) throw new Error('deploy/scripts/package.mjs not found above this module');
  }
}

export const ROOT = repositoryRoot();
export const BUILT_EXECUTABLE = join(ROOT, 'dist', `oee-edge-${process.platform}-${process.arch}`);

/** Runs deploy/scripts/package.mjs --if-stale with the pinned Node; answers its summary line (size, time or "up to date"). */
export function packageExecutable(): string {
  // Under the build lock: the browser tests may be building the same dist/ui at the same time.
  const result = withBuildLock(ROOT, () =>
    spawnSync(join(ROOT, 'node_modules', '.bin', 'node'), [join(ROOT, 'deploy', 'scripts', 'package.mjs'), '--if-stale'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  );
  if (result.status !== 0) throw new Error(`npm run package failed: ${result.error?.message ?? ''}\n${result.stdout}\n${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('package:'))
    .join('\n');
}

export interface RunningExecutable {
  url: string;
  /** From the spawn to the first answered request (GET /meta.json), in ms. */
  startMs: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** The first JSON log line that matches, waiting up to `timeoutMs` (15 s) for it. */
  waitForLog(matches: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** SIGTERM, as systemd stops it; resolves when it has exited. */
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** Kills whatever a failed test left running. */
export function killExecutables(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `executable` listening on 127.0.0.1:`port` (given by its arguments or environment) and waits for its first
 * answer, at most `firstAnswerMs` (a hang guard, default 15 s: the demo creates its plant, four full-cost password
 * hashes, before it listens, and needs longer on a busy machine).
 */
export async function startExecutable(
  executable: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; port: number; firstAnswerMs?: number },
): Promise<RunningExecutable> {
  const firstAnswerMs = options.firstAnswerMs ?? 15_000;
  const started = performance.now();
  const child = spawn(executable, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the executable exited (${child.exitCode}):\n${output}`);
    if (performance.now() - started > firstAnswerMs) throw new Error(`no answer within ${firstAnswerMs / 1000} s:\n${output}`);
    try {
      if ((await fetch(`${url}/meta.json`)).ok) break;
    } catch {
      await pause(10);
    }
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    output: () => output,
    async waitForLog(matches, timeoutMs = 15_000) {
      for (const until = Date.now() + timeoutMs; Date.now() < until; await pause(50)) {
        const found = output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find(matches);
        if (found) return found;
      }
      throw new Error(`expected log line not printed:\n${output}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      children.delete(child);
    },
  };
}
