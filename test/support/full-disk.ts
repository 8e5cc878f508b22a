import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    fileSystem: {
      ...fs,
      writeSync: failing(fs.writeSync),
      openSync: failing(fs.openSync),
      mkdirSync: failing(fs.mkdirSync),
      renameSync: failing(fs.renameSync),
    },
  });
  return disk;
}

const pragma = async (db: Database, text: string) =>
  Number(Object.values((await sql.raw(`PRAGMA ${text}`).execute(db)).rows[0] ?? { n: 0 })[0]);

/**
 * Fills the database to the last byte it may take: no page more (max_page_count) and the free room of its pages taken
 * by a filler table, in smaller and smaller rows. Returns the function that gives the room back (the filler stays).
 *
 * `everyWrite`: a write that fits in the room its table's pages still have would succeed, as it does on a real disk
 * while SQLite's WAL file has room left from before. With this, every insert into or update of any table also needs a
 * new page (a temporary trigger on this connection adds a page to the filler), so every write fails with SQLite's own
 * SQLITE_FULL until the room is given back, which also drops the triggers.
 */
export async function fillDatabase(db: Database, options: { everyWrite?: boolean } = {}): Promise<() => Promise<void>> {
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
  const triggers: string[] = [];
  if (options.everyWrite) {
    const pageSize = await pragma(db, 'page_size');
    const tables = (
      await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'disk_filler'`.execute(db)
    ).rows;
    for (const { name } of tables) {
      for (const event of ['INSERT', 'UPDATE']) {
        const trigger = `disk_full_${event.toLowerCase()}_${name}`;
        await sql
          .raw(
            `CREATE TEMP TRIGGER "${trigger}" BEFORE ${event} ON main."${name}" BEGIN INSERT INTO main.disk_filler (x) VALUES (zeroblob(${pageSize})); END`,
          )
          .execute(db);
        triggers.push(trigger);
      }
    }
  }
  return async () => {
    for (const trigger of triggers) await sql.raw(`DROP TRIGGER temp."${trigger}"`).execute(db);
    await pragma(db, `max_page_count = ${pages * 100}`);
  };
}

/**
 * A small file system of its own, mounted on a new temporary directory, to fill for real: a tmpfs where the machine
 * lets this process mount one (root, or CAP_SYS_ADMIN), else a loop-mounted ext4 image. Null when neither can be
 * mounted here (the caller says so; it never pretends). `unmount` always unmounts and removes what it made.
 */
export interface SmallFileSystem {
  dir: string;
  kind: 'tmpfs' | 'ext4 image';
  /** Writes a file of zeros until the file system has no byte left (ENOSPC); returns its path. */
  fill(): string;
  unmount(): void;
}

export function mountSmallFileSystem(megabytes: number): SmallFileSystem | null {
  const dir = fs.mkdtempSync(join(tmpdir(), 'oee-small-fs-'));
  const image = `${dir}.img`;
  const attempts: { kind: SmallFileSystem['kind']; mount: () => void }[] = [
    {
      kind: 'tmpfs',
      mount: () => execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' }),
    },
    {
      kind: 'ext4 image',
      mount: () => {
        fs.writeFileSync(image, '');
        fs.truncateSync(image, megabytes * 1024 * 1024);
        execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', image], { stdio: 'pipe' });
        execFileSync('mount', ['-o', 'loop', image, dir], { stdio: 'pipe' });
      },
    },
  ];
  for (const { kind, mount } of attempts) {
    try {
      mount();
    } catch {
      continue;
    }
    let mounted = true;
    return {
      dir,
      kind,
      fill() {
        const file = join(dir, 'filler');
        const fd = fs.openSync(file, 'w');
        try {
          for (const size of [1024 * 1024, 4096, 1]) {
            const zeros = Buffer.alloc(size);
            // Bounded: the file system is `megabytes` large.
            for (let written = 0; written < megabytes * 1024 * 1024; written += size) {
              try {
                fs.writeSync(fd, zeros);
              } catch (error) {
                if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
                break;
              }
            }
          }
        } finally {
          fs.closeSync(fd);
        }
        return file;
      },
      unmount() {
        if (mounted) execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
        mounted = false;
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(image, { force: true });
      },
    };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(image, { force: true });
  return null;
}
