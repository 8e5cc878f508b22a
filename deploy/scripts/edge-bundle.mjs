// How the server is bundled for `npm start` (scripts/build.mjs) and `npm run dev` (scripts/dev.mjs): one ESM file,
// dependencies left in node_modules. (The single executable bundles everything as CJS: scripts/package.mjs.)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const edgeBundlePath = join(root, 'dist/edge/main.js');

export function edgeBundleOptions(logLevel) {
  return {
    entryPoints: [join(root, 'edge/src/main.ts')],
    outfile: edgeBundlePath,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    packages: 'external',
    sourcemap: 'linked',
    logLevel,
  };
}
