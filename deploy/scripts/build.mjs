// `npm run build`: bundles the server (esbuild → dist/edge/main.js) and builds the React app (Vite → dist/ui).
// `--if-stale` (used by `npm start`) skips the build when dist/ is newer than every source file.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edgeBundleOptions, edgeBundlePath, root } from './edge-bundle.mjs';
import { precompress } from './precompress.mjs';

const stamp = join(root, 'dist', '.build-stamp');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = ['edge/src', 'ui', 'sync', 'portal', 'package.json', 'package-lock.json', 'vite.config.ts'].map((p) => join(root, p));
if (process.argv.includes('--if-stale') && existsSync(stamp)) {
  const built = statSync(stamp).mtimeMs;
  if (sources.every((source) => newestMtime(source) <= built)) process.exit(0);
}

const started = Date.now();
await build(edgeBundleOptions('warning'));
console.log(`edge: dist/edge/main.js (${(statSync(edgeBundlePath).size / 1024).toFixed(0)} KiB)`);

if (existsSync(join(root, 'ui/index.html'))) {
  // Always the production bundle: a caller's NODE_ENV (vitest sets 'test') would otherwise give React's development
  // build, which the browser tests would test and a following `npm start` would serve.
  const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  const sizes = precompress(join(root, 'dist', 'ui'));
  console.log(`ui: ${sizes.files} files precompressed, ${kB(sizes.raw)} → brotli ${kB(sizes.brotli)}, gzip ${kB(sizes.gzip)}`);
}
writeFileSync(stamp, new Date().toISOString());
console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
