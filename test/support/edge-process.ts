import { type ChildProcess, fork } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bundledEntry, childEnv, ROOT } from './bundled-entry';
import { callEdge, type CallOptions, type CallResult } from './test-edge';

/**
 * An edge in a process of its own (`serve` of edge/src/main.ts, see bundledEntry) on a data directory the test
 * keeps: it can be killed with SIGKILL — a crash or a power cut, with nothing flushed — and started again on the
 * same data. Talk to it over HTTP (`call`), read its database from the test.
 */
export class EdgeProcess {
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  /** `run`: another command than serve (`demo`) and its own options (`--source modbus`). */
  static async start(
    dataDir: string,
    timeZone = 'America/Argentina/Buenos_Aires',
    run: { command: string; args: readonly string[] } = { command: 'serve', args: [] },
  ): Promise<EdgeProcess> {
    const args = [
      run.command,
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--tz',
      timeZone,
      '--log-level',
      'warn',
      ...run.args,
    ];
    const child = fork(await bundledEntry('edge/src/main.ts'), args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: childEnv(),
    });
    // serve prints 'OEE edge <version> at <url>  (…)' once it listens.
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the edge exited with ${code} before it listened`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const listening = / at (http:\/\/\S+)/.exec(line);
        if (listening) resolve(listening[1]!);
      });
    });
    child.removeAllListeners('exit');
    return new EdgeProcess(child, url);
  }

  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>> {
    return callEdge<T>(this.url, method, path, options);
  }

  /** A crash: SIGKILL, the edge gets no word and flushes nothing. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A clean stop (SIGTERM). */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}
