import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from './client-errors';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('{}'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes and answers what the server wrote before closing. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("requests refused by Node's HTTP parser", () => {
  it('a request line over the header limit (a huge query string) is a 431 in the error shape, not an empty answer', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/stops?filter=${'x'.repeat(40_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ error: { code: 'tooLarge', message: 'La dirección o los encabezados de la solicitud son demasiado largos.' } });
  });

  it('broken HTTP is a 400 in the error shape', async () => {
    const answer = await raw('GET /api/stops HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ error: { code: 'validation', message: 'La solicitud no es una solicitud HTTP válida.' } });
  });
});
