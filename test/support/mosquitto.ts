import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's Mosquitto broker on 127.0.0.1, started by a test on a free port with a configuration of its own (anonymous,
 * no persistence: a broker killed and started again has forgotten its retained messages, as a plant's broker without
 * persistence does). `kill()` is a crash (SIGKILL); `start()` again comes back on the same port.
 */

export const MOSQUITTO = '/usr/sbin/mosquitto';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

export class Mosquitto {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'oee-mosquitto-'));

  private constructor(readonly port: number) {
    writeFileSync(
      join(this.dir, 'mosquitto.conf'),
      [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest none', ''].join('\n'),
    );
  }

  static async start(): Promise<Mosquitto> {
    const broker = new Mosquitto(await freePort());
    await broker.start();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  /** Starts the broker (again) and resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(MOSQUITTO, ['-c', join(this.dir, 'mosquitto.conf')], { stdio: 'ignore' });
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
      if (await accepts(this.port)) return;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('mosquitto did not start listening');
  }

  /** A crash: SIGKILL, nothing said to the clients. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
