import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_FILE } from '../../edge/src/db/installation';
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

/** A port this test holds (any free one on 127.0.0.1), for the demo's simulator to find busy. */
function holdFreePort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Points the demo plant's OPC server row of `dataDir` at `port`, as a plant whose simulator port another program took
 * since the last run: the port is the test's own, not the default 4840, which other test files' demo plants take and
 * release while this one runs.
 */
function pointDemoServerAt(dataDir: string, port: number): void {
  const sqlite = new BetterSqlite3(join(dataDir, DEFAULT_DATABASE_FILE), { fileMustExist: true });
  try {
    const changed = sqlite
      .prepare(`UPDATE opc_servers SET hostName = ? WHERE hostName LIKE 'opc.tcp://127.0.0.1:%'`)
      .run(`opc.tcp://127.0.0.1:${port}`);
    if (changed.changes !== 1) throw new Error(`expected the demo plant's one OPC server row, changed ${changed.changes}`);
  } finally {
    sqlite.close();
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

  it('on an empty data directory creates its plant before it listens (no setup-pending warning); a busy simulator port is then one line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oee-demo-'));
    dirs.push(dataDir);
    const first = await runDemo(dataDir);
    try {
      await first.until(/Demo plant running/);
      await first.until(/Demo plant simulator running/);
      expect(first.lines.join('\n')).not.toContain('First-run setup pending');
    } finally {
      await first.stop();
    }

    const held = await holdFreePort();
    const port = (held.address() as AddressInfo).port;
    pointDemoServerAt(dataDir, port);
    const second = await runDemo(dataDir);
    try {
      await second.until(new RegExp(`Demo simulator: port ${port} is not available`));
      await second.until(/Demo plant simulator running/);
      const lines = [...second.lines];
      const output = lines.join('\n');
      const busy = lines.filter((line) => line.includes(`Demo simulator: port ${port} is not available`));
      expect(busy).toHaveLength(1);
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain('"stack"');
    } finally {
      await second.stop();
      held.close();
    }
  }, 300_000);
});
