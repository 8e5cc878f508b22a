import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry, childEnv, ROOT } from '../support/bundled-entry';
import { startTestEdge } from '../support/test-edge';

/** `oee-edge demo` as a person runs it (edge/src/main.ts in a process of its own): what its output says, and when. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface DemoRun {
  lines: string[];
  exitCode: Promise<number | null>;
  /**
   * Resolves with the lines printed until `pattern` appears, or has appeared; rejects with the output so far if the
   * demo exits first or the line does not come within 150 s.
   */
  until(pattern: RegExp): Promise<string[]>;
  stop(): Promise<void>;
}

async function runDemo(dataDir: string): Promise<DemoRun> {
  const args = ['demo', '--data-dir', dataDir, '--port', '0', '--host', '127.0.0.1', '--tz', 'Europe/Madrid', '--log-level', 'info'];
  const child = fork(await bundledEntry('edge/src/main.ts'), args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: childEnv(),
  });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (lines: string[]) => void; reject: (error: Error) => void }[] = [];
  const exitCode = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const wait of waiting) wait.reject(new Error(`the demo exited with ${code}:\n${lines.join('\n')}`));
      resolve(code);
    }),
  );
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const wait of waiting.filter((w) => w.pattern.test(line))) wait.resolve([...lines]);
    });
  }
  return {
    lines,
    exitCode,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        // A line printed already counts: the log (pino, buffered) and direct prints may arrive in either order.
        const seen = lines.findIndex((line) => pattern.test(line));
        if (seen >= 0) return resolve(lines.slice(0, seen + 1));
        const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within 150 s:\n${lines.join('\n')}`)), 150_000);
        waiting.push({
          pattern,
          resolve: (seenLines) => (clearTimeout(timer), resolve(seenLines)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exitCode;
    },
  };
}

function tryHoldPort(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/**
 * Holds the demo simulator's default port. Other test files run demo plants whose simulators take that port for a
 * while: the test waits until it holds the port itself, since a port another process releases mid-test would let the
 * demo take it and never say it was busy.
 */
async function holdPort(port: number): Promise<Server> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const server = await tryHoldPort(port);
    if (server) return server;
    if (Date.now() > deadline) throw new Error(`port ${port} stayed busy for 120 s: the test cannot hold it`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('oee-edge demo', () => {
  it('on a data directory holding another plant, fails with one clear line before it listens, exit code 2', async () => {
    const plant = await startTestEdge();
    const dataDir = plant.dataDir;
    await plant.close({ keepData: true });
    dirs.push(dataDir);
    const demo = await runDemo(dataDir);
    expect(await demo.exitCode).toBe(2);
    const output = demo.lines.join('\n');
    expect(output).toContain('holds a plant that is not the demo plant');
    expect(output).not.toContain('OEE edge listening');
    expect(output).not.toMatch(/OEE edge \S+ at http/);
  }, 120_000);

  it('on an empty data directory creates its plant before it listens (no setup-pending warning), and a busy simulator port is one line', async () => {
    const held = await holdPort(4840);
    const dataDir = mkdtempSync(join(tmpdir(), 'oee-demo-'));
    dirs.push(dataDir);
    const demo = await runDemo(dataDir);
    try {
      await demo.until(/Demo plant running/);
      await demo.until(/Demo plant simulator running/);
      await demo.until(/Demo simulator: port 4840 is not available/);
      const lines = [...demo.lines];
      const output = lines.join('\n');
      expect(output).not.toContain('First-run setup pending');
      const busy = lines.filter((line) => line.includes('Demo simulator: port 4840 is not available'));
      expect(busy).toHaveLength(1);
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain('"stack"');
    } finally {
      await demo.stop();
      held.close();
    }
  }, 300_000);
});
