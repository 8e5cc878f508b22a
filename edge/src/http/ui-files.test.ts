import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldAfterGc, MB } from '../../../test/support/heap';
import { acceptedCodings, uiFolder, uiHandler, type UiFiles } from './ui-files';

const INDEX = '<!doctype html><title>OEE</title><script type="module" src="/assets/index-abc123.js"></script>';
const SCRIPT = 'console.log("app")';
/** A file the build precompressed (deploy/scripts/precompress.mjs writes its .br and .gz beside it). */
const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];`;
const CHUNK_FILES: [string, Buffer][] = [
  ['assets/chunk-def456.js', Buffer.from(CHUNK)],
  ['assets/chunk-def456.js.br', brotliCompressSync(CHUNK)],
  ['assets/chunk-def456.js.gz', gzipSync(CHUNK)],
];

/** The app served from a build folder and from an in-memory source (as the executable's assets are). */
let dir: string;
const servers: Server[] = [];
const urls: Record<'folder' | 'memory', string> = { folder: '', memory: '' };

async function serve(files: UiFiles): Promise<string> {
  const app = express();
  app.get('/api/x', (_req, res) => void res.json({ api: true }));
  app.get(/.*/, uiHandler(files)!);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oee-ui-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  for (const [path, content] of CHUNK_FILES) writeFileSync(join(dir, path), content);
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, '..', `${basename(dir)}-outside.txt`), 'outside');
  urls.folder = await serve(uiFolder(dir));
  const memory = new Map([['index.html', Buffer.from(INDEX)], ['assets/index-abc123.js', Buffer.from(SCRIPT)], ...CHUNK_FILES]);
  urls.memory = await serve({ read: (path) => memory.get(path) });
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(dir, '..', `${basename(dir)}-outside.txt`), { force: true });
});

describe.each(['folder', 'memory'] as const)('the built app served from %s', (source) => {
  it('serves a built file with its type, cached for a year as its name carries a content hash', async () => {
    const response = await fetch(`${urls[source]}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('answers index.html, never cached, for / and for every client-side route', async () => {
    for (const path of ['/', '/login', '/configuracion/lines', '/index.html', '/assets/missing.js']) {
      const response = await fetch(`${urls[source]}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toBe(INDEX);
    }
  });

  it('answers 304 to a request that already holds the file', async () => {
    const etag = (await fetch(`${urls[source]}/assets/index-abc123.js`)).headers.get('etag')!;
    // node:http, as fetch turns a conditional request into a no-cache one.
    const status = await new Promise((resolve, reject) =>
      get(`${urls[source]}/assets/index-abc123.js`, { headers: { 'if-none-match': etag } }, (response) =>
        resolve(response.resume().statusCode),
      ).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('never serves a dotfile or a file outside the build', async () => {
    const outside = `${basename(dir)}-outside.txt`;
    for (const path of ['/.env', `/..%2f${outside}`, `/assets/..%2f..%2f${outside}`, `/%2e%2e%5c${outside}`, '/%E0%A4%A']) {
      const response = await fetch(`${urls[source]}${path}`);
      expect(await response.text(), path).toBe(INDEX);
    }
  });

  it('sends the precompressed copy the browser accepts, brotli first, saying so and varying on Accept-Encoding', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0, *;q=0.1', 'br'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ];
    for (const [accept, coding] of cases) {
      const response = await rawGet(`${urls[source]}/assets/chunk-def456.js`, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(coding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      const decoded = coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body;
      expect(decoded.toString(), accept).toBe(CHUNK);
      if (coding) expect(response.body.length, accept).toBeLessThan(CHUNK.length / 3);
    }
  });

  it('sends a file with no precompressed copy as it is, whatever the browser accepts', async () => {
    const response = await rawGet(`${urls[source]}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it('answers index.html for a path of a 300-byte segment (the file system is never asked about it)', async () => {
    const response = await fetch(`${urls[source]}/${'a'.repeat(300)}/${'b'.repeat(300)}.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
  });

  it('serves only the files the build had when it started, and remembers no path asked for', async () => {
    writeFileSync(join(dir, 'assets', 'late.js'), 'late');
    expect(await (await fetch(`${urls[source]}/assets/late.js`)).text()).toBe(INDEX);
    const before = heldAfterGc();
    for (let i = 0; i < 4_000; i += 1) await (await fetch(`${urls[source]}/assets/${i}-${'m'.repeat(200)}.js`)).arrayBuffer();
    // Remembering every miss grew the heap 15 MB in 4,000 such GETs (issue 26).
    expect(heldAfterGc() - before).toBeLessThan(6 * MB);
  });

  it('leaves the API alone', async () => {
    expect(await (await fetch(`${urls[source]}/api/x`)).json()).toEqual({ api: true });
  });
});

/** A GET through node:http, which (unlike fetch) neither adds Accept-Encoding nor decodes the body. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject),
  );
}

describe('acceptedCodings', () => {
  it('takes the codings listed with a weight above zero, or allowed by *', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedCodings('GZIP;Q=0.8')]).toEqual(['gzip']);
    expect([...acceptedCodings('br;q=0,gzip')]).toEqual(['gzip']);
    expect([...acceptedCodings('*;q=0.2, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedCodings('gzip;q=junk')]).toEqual([]);
    expect([...acceptedCodings('identity')]).toEqual([]);
    expect([...acceptedCodings('')]).toEqual([]);
    expect([...acceptedCodings(undefined)]).toEqual([]);
  });
});

describe('a build without index.html', () => {
  it('serves no app', () => {
    expect(uiHandler({ read: () => undefined })).toBeUndefined();
    expect(uiHandler(uiFolder(join(dir, 'no-such-folder')))).toBeUndefined();
  });
});
