// The built app's files precompressed beside themselves, once at build: `name.br` (brotli, best quality) and
// `name.gz` (gzip, level 9), which the edge sends to a browser that accepts them (edge/src/http/ui-files.ts). Tablets
// on plant Wi-Fi load the app several times smaller, and the edge spends no CPU compressing per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files only (images and fonts are compressed already); smaller files gain less than their headers cost. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map']);
const MIN_BYTES = 1024;

/** Writes the .br and .gz copy of every compressible file under `dir` (a copy no smaller than its file is not written). */
export function precompress(dir) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  let gzip = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
    files += 1;
    raw += content.length;
    brotli += Math.min(br.length, content.length);
    gzip += Math.min(gz.length, content.length);
  }
  return { files, raw, brotli, gzip };
}
