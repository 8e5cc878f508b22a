import { createServer, type Server } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ModbusConnection } from './modbus-connection';
import { TagCache } from './tag-cache';

/**
 * The poller's requests sent together (modbus-tcp-client.ts), against a device that serves one transaction at a time:
 * a stand-in for such a PLC, on 127.0.0.1, holding register n = n. It answers the first request of each chunk it
 * receives and, as such devices do, exception 6 (server busy) to the others of the chunk; or, `silent`, leaves them
 * unanswered. `reversed`, it answers every request of a chunk, the last first (answers are matched by transaction id).
 * (The simulator's own server, which answers every request sent together in order, is read in
 * test/acquisition/modbus-acquisition.test.ts.)
 */

let device: Server | null = null;
let connection: ModbusConnection | null = null;

afterEach(async () => {
  await connection?.stop();
  connection = null;
  await new Promise<void>((resolve) => (device ? device.close(() => resolve()) : resolve()));
  device = null;
});

async function startDevice(others: 'busy' | 'silent' | 'reversed'): Promise<number> {
  device = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      const answers: Buffer[] = [];
      for (let at = 0, first = true; at + 12 <= chunk.length; at += 12, first = false) {
        const start = chunk.readUInt16BE(at + 8);
        const count = chunk.readUInt16BE(at + 10);
        const served = first || others === 'reversed';
        const pdu = served ? Buffer.alloc(2 + count * 2) : Buffer.from([0x83, 6]);
        if (served) {
          pdu[0] = 3;
          pdu[1] = count * 2;
          for (let i = 0; i < count; i += 1) pdu.writeUInt16BE(start + i, 2 + i * 2);
        } else if (others === 'silent') continue;
        const header = Buffer.alloc(7);
        chunk.copy(header, 0, at, at + 4);
        header.writeUInt16BE(pdu.length + 1, 4);
        header[6] = chunk[at + 6]!;
        answers.push(Buffer.concat([header, pdu]));
      }
      if (others === 'reversed') answers.reverse();
      for (const answer of answers) socket.write(answer);
    });
  });
  await new Promise<void>((resolve) => device!.listen(0, '127.0.0.1', () => resolve()));
  return (device.address() as { port: number }).port;
}

function poll(port: number) {
  const cache = new TagCache();
  const logged: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line).msg) });
  connection = new ModbusConnection(
    {
      opcServerID: 1,
      name: 'PLC',
      hostName: `127.0.0.1:${port}`,
      serverType: 'Modbus',
      enabled: true,
      unitId: 1,
      pollingMs: 100,
      clientId: null,
      caCertificate: null,
      securityMode: 'None',
      securityPolicy: 'None',
      userName: null,
      password: null,
    },
    { cache, logger, now: () => Date.now() },
  );
  // 500 registers: 4 requests of 125, sent together.
  const tags = new Map(Array.from({ length: 500 }, (_, n) => [`R${n}`, `hr:${n}`]));
  connection.setTags(tags);
  connection.start();
  const allGood = () => [...tags.keys()].every((tagName) => cache.isGood(tagName));
  return { cache, logged, allGood };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the Modbus poller with requests sent together', () => {
  it('matches the answers to their requests by transaction id, in whatever order they come', async () => {
    const { cache, logged, allGood } = poll(await startDevice('reversed'));
    await until(allGood);
    expect([0, 124, 125, 250, 375, 499].map((n) => cache.get(`R${n}`))).toEqual([0, 124, 125, 250, 375, 499]);
    expect(logged).toEqual([]);
  });
});

describe('the Modbus poller with a device that serves one transaction at a time', () => {
  it('reads every register one request at a time once the device answers the requests sent together busy (exception 6)', async () => {
    const { cache, logged, allGood } = poll(await startDevice('busy'));
    await until(allGood);
    expect([0, 124, 125, 499].map((n) => cache.get(`R${n}`))).toEqual([0, 124, 125, 499]);
    expect(logged).toEqual(['Modbus server read one request at a time from now on']);
    expect(connection!.status().connected).toBe(true);
  });

  it('reads every register one request at a time after the device left the requests sent together unanswered', async () => {
    const { cache, logged, allGood } = poll(await startDevice('silent'));
    // The first poll waits for answers that never come (3 s), the connection is made again, and read one at a time.
    await until(allGood);
    expect([0, 250, 499].map((n) => cache.get(`R${n}`))).toEqual([0, 250, 499]);
    expect(logged).toContain('Modbus server read one request at a time from now on');
  }, 20_000);
});
