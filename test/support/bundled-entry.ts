import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * A TypeScript entry point bundled with esbuild into one .mjs, once per test process, for a child process of its own
 * (the simulator, an edge to SIGKILL). It lives under node_modules/.cache so its packages load from node_modules.
 */

export const ROOT = resolve(import.meta.dirname, '../..');
const bundles = new Map<string, Promise<string>>();

export function bundledEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = (async () => {
      const cache = join(ROOT, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const outfile = join(mkdtempSync(join(cache, 'oee-test-entry-')), 'entry.mjs');
      await build({
        entryPoints: [join(ROOT, entry)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      });
      return outfile;
    })();
    bundles.set(entry, bundle);
  }
  return bundle;
}

/**
 * The environment for a child process of a test: node-opcua-crypto leaves OPENSSL_CONF set to the text 'undefined' in
 * a process once it read a private key, and a Node child started with it cannot load its OpenSSL configuration.
 */
export function childEnv(): NodeJS.ProcessEnv {
  const { OPENSSL_CONF, ...env } = process.env;
  return OPENSSL_CONF === 'undefined' ? env : process.env;
}
