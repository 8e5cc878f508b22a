import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKysely, openSqlite, useSqliteAddon } from '../db/database';
import { extractSqliteAddon, loadAddon } from './embedded-sqlite-addon';

/** The addon better-sqlite3 loads here: the executable embeds the same file. */
function installedAddon(): Buffer {
  const packageDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
  for (const candidate of [
    join(packageDir, 'build/Release/better_sqlite3.node'),
    join(packageDir, 'prebuilds', `${process.platform}-${process.arch}.node`),
  ]) {
    if (statSync(candidate, { throwIfNoEntry: false })) return readFileSync(candidate);
  }
  throw new Error('no better-sqlite3 addon in node_modules');
}

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'oee-addon-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  useSqliteAddon(null);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite addon carried by the single executable', () => {
  it('is written once into <dataDir>/native under its content hash, and reused on the next start', () => {
    const addon = installedAddon();
    const dir = dataDir();
    const file = extractSqliteAddon(dir, addon);
    const hash = createHash('sha256').update(addon).digest('hex').slice(0, 16);
    expect(file).toBe(join(dir, 'native', `better_sqlite3-${hash}.node`));
    expect(readFileSync(file).equals(addon)).toBe(true);
    const written = statSync(file).mtimeMs;

    expect(extractSqliteAddon(dir, addon)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(written);
    // No temporary file left behind.
    expect(readdirSync(join(dir, 'native'))).toEqual([`better_sqlite3-${hash}.node`]);
  });

  it("replaces an earlier version's addon and leaves other files alone", () => {
    const dir = dataDir();
    const old = extractSqliteAddon(dir, new Uint8Array([1, 2, 3]));
    writeFileSync(join(dir, 'native', 'notes.txt'), 'kept');
    const current = extractSqliteAddon(dir, installedAddon());
    expect(readdirSync(join(dir, 'native')).sort()).toEqual([basename(current), 'notes.txt'].sort());
    expect(old).not.toBe(current);
  });

  it('loads from the data directory, and every database of the process opens with it once it is set', async () => {
    const dir = dataDir();
    let extracted = 0;
    useSqliteAddon(() => {
      extracted += 1;
      return loadAddon(extractSqliteAddon(dir, installedAddon()));
    });
    expect(extracted).toBe(0);
    const db = createKysely(openSqlite({ file: join(dir, 'plant.db') }));
    const other = openSqlite({ file: ':memory:' });
    expect(other.prepare('select sqlite_version() as v').get()).toMatchObject({ v: expect.stringMatching(/^3\./) });
    other.close();
    await db.destroy();
    expect(extracted).toBe(1);
    expect(readdirSync(join(dir, 'native'))).toHaveLength(1);
  });
});
