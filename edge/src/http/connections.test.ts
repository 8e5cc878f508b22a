import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLanguageIn } from './client-errors';
import { holdConnections } from './connections';

/** A server set up as the edge's and the portal's are (holdConnections): idle connections, parser refusals. */
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

/** Sends raw bytes and answers what the server wrote before closing. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    // A server that answers before reading all of a large request resets the connection after its answer.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
  });
}

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

describe("requests refused by Node's HTTP parser", () => {
  it('a request line over the header limit (a huge query string) is a 431 in the error shape, not an empty answer', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/stops?filter=${'x'.repeat(40_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      error: { code: 'tooLarge', message: 'La dirección o los encabezados de la solicitud son demasiado largos.' },
    });
  });

  it('broken HTTP is a 400 in the error shape', async () => {
    const answer = await raw('GET /api/stops HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      error: { code: 'validation', message: 'La solicitud no es una solicitud HTTP válida.' },
    });
  });

  it('answers in English when the raw request asks for it (Accept-Language: en), for a 431 and a 400 alike', async () => {
    const tooLarge = await fetch(`http://127.0.0.1:${port}/api/stops?filter=${'x'.repeat(40_000)}`, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(tooLarge.status).toBe(431);
    expect(await tooLarge.json()).toEqual({ error: { code: 'tooLarge', message: 'The request address or headers are too long.' } });
    const broken = await raw('GET /api/stops HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nContent-Length: nope\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(broken.split('\r\n\r\n')[1]!)).toEqual({
      error: { code: 'validation', message: 'The request is not a valid HTTP request.' },
    });
  });

  it('answers in Spanish when the language cannot be read: not asked for, or a header beyond the bytes the parser had', async () => {
    const spanish = await raw('GET /api/stops HTTP/1.1\r\nHost: x\r\nAccept-Language: es-AR\r\nContent-Length: nope\r\n\r\n');
    expect(JSON.parse(spanish.split('\r\n\r\n')[1]!).error.message).toBe('La solicitud no es una solicitud HTTP válida.');
    // 100 KB of one header: the parser gives up within the first packet, before the Accept-Language after it.
    const cutOff = await raw(`GET /api/stops HTTP/1.1\r\nX-Big: ${'a'.repeat(100_000)}\r\nAccept-Language: en\r\n\r\n`);
    expect(cutOff).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(cutOff.split('\r\n\r\n')[1]!).error.message).toBe(
      'La dirección o los encabezados de la solicitud son demasiado largos.',
    );
  });
});

describe('acceptLanguageIn (the raw bytes of a refused request)', () => {
  const packet = (text: string) => Buffer.from(text, 'latin1');
  it('reads the header from whole header lines only, case-insensitively, never from the request line or the body', () => {
    expect(acceptLanguageIn(packet('GET / HTTP/1.1\r\nACCEPT-LANGUAGE:  en-GB \r\n\r\n'))).toBe('en-GB');
    expect(acceptLanguageIn(packet('GET /accept-language:en HTTP/1.1\r\nHost: x\r\n\r\n'))).toBeUndefined();
    expect(acceptLanguageIn(packet('POST / HTTP/1.1\r\nHost: x\r\n\r\nAccept-Language: en\r\n'))).toBeUndefined();
    // The last line of an unfinished packet may be cut: not taken.
    expect(acceptLanguageIn(packet('GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: e'))).toBeUndefined();
    expect(acceptLanguageIn(packet('GET / HTTP/1.1\r\nAccept-Language: en\r\nX-Big: aaa'))).toBe('en');
    expect(acceptLanguageIn(undefined)).toBeUndefined();
  });
});
