import * as fs from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../edge/src/db/database';
import type { LogFileSystem } from '../../edge/src/logger';

/**
 * A full disk without root: the log file's file system fails as a full disk does, and the database cannot grow
 * (SQLite's max_page_count). `full = false` gives the space back.
 */
export interface FullableDisk {
  full: boolean;
  /** node:fs, but while `full` every call that needs space throws ENOSPC. */
  readonly fileSystem: LogFileSystem;
}

export function fullableDisk(): FullableDisk {
  const disk = { full: false } as FullableDisk;
  const failing = <F extends (...args: never[]) => unknown>(call: F): F =>
    ((...args: Parameters<F>) => {
      if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return call(...args);
    }) as F;
  Object.assign(disk, {
    fileSystem: { ...fs, writeSync: failing(fs.writeSync), openSync: failing(fs.openSync), mkdirSync: failing(fs.mkdirSync), renameSync: failing(fs.renameSync) },
  });
  return disk;
}

const pragma = async (db: Database, text: string) => Number(Object.values((await sql.raw(`PRAGMA ${text}`).execute(db)).rows[0] ?? { n: 0 })[0]);

/**
 * Fills the database to the last byte it may take: no page more (max_page_count) and the free room of its pages taken
 * by a filler table, in smaller and smaller rows. Returns the function that gives the room back (the filler stays).
 */
export async function fillDatabase(db: Database): Promise<() => Promise<void>> {
  await sql`CREATE TABLE IF NOT EXISTS disk_filler (x BLOB)`.execute(db);
  const pages = await pragma(db, 'page_count');
  await pragma(db, `max_page_count = ${pages}`);
  for (const size of [65_536, 4_096, 512, 64, 8, 1]) {
    for (;;) {
      try {
        await sql`INSERT INTO disk_filler (x) VALUES (zeroblob(${size}))`.execute(db);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
        break;
      }
    }
  }
  return async () => {
    await pragma(db, `max_page_count = ${pages * 100}`);
  };
}
