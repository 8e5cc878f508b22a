// `npm run bench [name…]`: bundles each test/bench/*.bench.ts with esbuild and runs it with the pinned Node, one
// after another (never in parallel: they measure time and CPU). Each benchmark prints its own figures.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();
// Inside node_modules so the bundles resolve the project's packages (they stay external); a folder of this run's own,
// since a node_modules shared by git worktrees may hold another run's bundles.
const cacheDir = join(here, '..', '..', 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outDir = mkdtempSync(join(cacheDir, 'oee-bench-'));
// The bundles find the repository (its built app, its screenshots) by this, not by where they run from.
const env = { ...process.env, OEE_REPO_ROOT: resolve(here, '..', '..') };
let failed = 0;
try {
  for (const file of benches) {
    const outfile = join(outDir, file.replace(/\.ts$/, '.mjs'));
    await build({
      entryPoints: [join(here, file)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'warning',
    });
    console.log(`\n=== ${file} ===`);
    const result = spawnSync(process.execPath, ['--expose-gc', outfile], { stdio: 'inherit', cwd: process.cwd(), env });
    if (result.status !== 0) failed += 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
if (benches.length === 0) console.log('No benchmark matched.');
process.exit(failed ? 1 : 0);
