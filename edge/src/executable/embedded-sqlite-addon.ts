import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRawAsset } from 'node:sea';
import { SEA_ASSET } from './sea-assets';

const ADDON_FILE = /^better_sqlite3-[0-9a-f]{16}\.node$/;

/**
 * Writes the addon the single executable carries to `<dataDir>/native/better_sqlite3-<sha256 prefix>.node`, once:
 * an addon can only be loaded from a file, and the data directory is the one place the edge may write (a hardened
 * host mounts /tmp noexec). The name is the content's hash, so a file already there is this very addon and is
 * reused; it is written under a temporary name and renamed, so a crash never leaves half an addon under that name.
 * Addons of earlier versions are removed (best effort: a running older process may still hold one).
 */
export function extractSqliteAddon(dataDir: string, addon: ArrayBuffer | Uint8Array = getRawAsset(SEA_ASSET.sqliteAddon)): string {
  const bytes = addon instanceof Uint8Array ? addon : new Uint8Array(addon);
  const name = `better_sqlite3-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.node`;
  const folder = join(dataDir, 'native');
  const file = join(folder, name);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, bytes, { mode: 0o755 });
  renameSync(partial, file);
  for (const old of readdirSync(folder).filter((entry) => ADDON_FILE.test(entry) && entry !== name)) {
    try {
      rmSync(join(folder, old));
    } catch {
      // Still loaded by a running process (Windows): left for the next start.
    }
  }
  return file;
}

/** Loads a Node-API addon from its file; better-sqlite3 takes the result as `nativeBinding`. */
export function loadAddon(file: string): object {
  const module = { exports: {} };
  process.dlopen(module, file);
  return module.exports;
}
