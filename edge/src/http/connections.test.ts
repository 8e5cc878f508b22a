import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdConnections } from './connections';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('{}'));
  holdConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Writes a request on the socket and answers the response's head once it has come whole. */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n\r\n{}')) {
        socket.off('data', onData);
        resolve(answer);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`the server closed the connection (answered so far: ${JSON.stringify(answer)})`)));
    socket.write('GET /api/version HTTP/1.1\r\nHost: edge\r\n\r\n');
  });
}

describe('idle connections', () => {
  it('stay open longer than a client idles between two requests (Node alone closed them after 5 s)', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const first = await ask(socket);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    socket.destroy();
  }, 20_000);
});
