import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, loadConfigFromFile } from 'vite';
import { precompress } from '../../../deploy/scripts/precompress.mjs';

const ROOT = process.env.OEE_REPO_ROOT ?? process.cwd();

/**
 * The floor pages (test/bench/floor/*.html), each the login form on less of the stack than the app's login page:
 * static HTML, React alone, React and Chakra UI, the app's providers and router.
 */
export const FLOOR_PAGES = ['html', 'react', 'chakra', 'stack'] as const;

/**
 * Builds the floor pages with the app's own Vite configuration (its plugins, aliases, target and chunk groups), for
 * the base `/floor/`, precompressed as the app's build is, into `outDir` (with source maps, to read profiles by), else
 * into a temporary folder; answers the folder.
 */
export async function buildFloorPages(outDir?: string): Promise<string> {
  process.env.NODE_ENV ??= 'production';
  const sourcemap = outDir !== undefined;
  outDir ??= mkdtempSync(join(tmpdir(), 'oee-bench-floor-'));
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(ROOT, 'vite.config.ts'));
  if (!loaded) throw new Error('vite.config.ts could not be loaded');
  const { config } = loaded;
  const floorDir = join(ROOT, 'test', 'bench', 'floor');
  await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    root: floorDir,
    base: '/floor/',
    build: {
      ...config.build,
      outDir,
      emptyOutDir: true,
      sourcemap,
      rolldownOptions: {
        ...config.build?.rolldownOptions,
        input: Object.fromEntries(FLOOR_PAGES.map((page) => [page, join(floorDir, `${page}.html`)])),
      },
    },
  });
  precompress(outDir);
  return outDir;
}
