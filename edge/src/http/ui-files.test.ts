import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldAfterGc, MB } from '../../../test/support/heap';
import { uiFolder, uiHandler, type UiFiles } from './ui-files';

const INDEX = '<!doctype html><title>OEE</title><script type="module" src="/assets/index-abc123.js"></script>';
const SCRIPT = 'console.log("app")';

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
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, '..', `${basename(dir)}-outside.txt`), 'outside');
  urls.folder = await serve(uiFolder(dir));
  const memory = new Map([
    ['index.html', Buffer.from(INDEX)],
    ['assets/index-abc123.js', Buffer.from(SCRIPT)],
  ]);
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
      get(`${urls[source]}/assets/index-abc123.js`, { headers: { 'if-none-match': etag } }, (response) => resolve(response.resume().statusCode)).on('error', reject),
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

describe('a build without index.html', () => {
  it('serves no app', () => {
    expect(uiHandler({ read: () => undefined })).toBeUndefined();
    expect(uiHandler(uiFolder(join(dir, 'no-such-folder')))).toBeUndefined();
  });
});
