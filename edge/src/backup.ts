import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from './db/database';
import { ownerOnly } from './db/file-modes';

export const BACKUP_RETENTION = 14;

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * An online, consistent copy of the database into <dataDir>/backups (SQLite's backup API: the edge keeps running
 * and writing while it copies). Keeps the newest `retention` backups.
 */
export async function backupDatabase(
  databaseFile: string,
  dataDir: string,
  retention = BACKUP_RETENTION,
  now = new Date(),
): Promise<string> {
  const folder = join(dataDir, 'backups');
  mkdirSync(folder, { recursive: true });
  const target = join(folder, `oee-${stamp(now)}.db`);
  const sqlite = openSqlite({ file: databaseFile, mustExist: true });
  try {
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
  ownerOnly(target, 0o600);
  const backups = readdirSync(folder)
    .filter((f) => /^oee-\d{8}-\d{6}\.db$/.test(f))
    .sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - retention))) rmSync(join(folder, old), { force: true });
  return target;
}
