import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Runs test/support/sync/agent-child.ts in its own Node process (bundled with esbuild, as the benchmarks are), so the
 * tests can SIGKILL a real agent in the middle of its work and start another.
 */

export interface ChildAgentOptions {
  file: string;
  url: string;
  plantId: string;
  timeZone: string;
  batchSize: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface ChildAgent {
  process: ChildProcess;
  /** Its stdout so far (JSON lines). */
  output(): string;
  /** Resolves when it has exited. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Bundles a TypeScript entry point (path from the repository root) to run with node; answers the file and a cleanup. */
export async function bundleScript(entry: string): Promise<{ script: string; cleanup(): void }> {
  // Inside node_modules so the bundle resolves the project's packages (they stay external).
  const dir = mkdtempSync(join(root, 'node_modules', '.cache-sync-test-'));
  const script = join(dir, 'bundle.mjs');
  await build({
    entryPoints: [join(root, entry)],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return { script, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The child agent, bundled once per test file. */
export const bundleChildAgent = () => bundleScript('test/support/sync/agent-child.ts');

export function startChildAgent(script: string, options: ChildAgentOptions): ChildAgent {
  const args = { retryBaseMs: 50, retryMaxMs: 400, ...options };
  const child = spawn(process.execPath, [script, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
