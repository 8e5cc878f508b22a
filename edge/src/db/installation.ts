import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { backupDatabase } from '../backup';
import { ownerOnly } from './file-modes';
import { createKysely, migrateToLatest, migrationState, openSqlite, type Database } from './database';
import { seedDatabase } from './seed';

/**
 * Where this edge keeps its data, decided once by the first-run setup and remembered in <dataDir>/setup.json.
 * Only the embedded SQLite provider exists; the connection string is the database file (relative paths are inside
 * the data directory).
 */
export const DATA_PROVIDERS = [{ value: 'sqlite', text: 'SQLite' }] as const;
export const DEFAULT_DATABASE_FILE = 'oee.db';

const installationSchema = z.object({ provider: z.literal('sqlite'), connectionString: z.string().min(1) });
export type Installation = z.infer<typeof installationSchema>;

export function installationFile(dataDir: string): string {
  return join(dataDir, 'setup.json');
}

export function readInstallation(dataDir: string): Installation | null {
  const file = installationFile(dataDir);
  if (!existsSync(file)) return null;
  return installationSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Written atomically (temp file + rename): a power cut leaves either the old file or the new one. */
export function writeInstallation(dataDir: string, installation: Installation): void {
  const file = installationFile(dataDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(installation, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** The database file a connection string names: a path, or `Data Source=path` as some tools write it. */
export function databasePath(dataDir: string, connectionString: string | null | undefined): string {
  const text = (connectionString ?? '').trim();
  const match = /^(?:data source|filename)\s*=\s*([^;]+);?$/i.exec(text);
  const path = (match?.[1] ?? text).trim() || DEFAULT_DATABASE_FILE;
  return isAbsolute(path) ? path : resolve(dataDir, path);
}

/**
 * The database path as setup.json keeps it: relative to the data directory when inside it, so a data directory copied
 * or restored elsewhere opens its own database, never the one at the old place.
 */
export function storedDatabasePath(dataDir: string, path: string): string {
  const inside = relative(resolve(dataDir), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

export interface OpenedDatabase {
  db: Database;
  /** Migrations applied by this open (empty when the schema was current). */
  applied: string[];
  /** The backup taken before those migrations, when there was one. */
  backup?: string;
}

export interface OpenPlantDatabaseOptions {
  mustExist?: boolean;
  /**
   * The data directory whose backups/ receives a copy of the database before an upgrade migrates it: taken only
   * when the database already has a schema and some migrations are pending, so a failed or unwanted upgrade can be
   * rolled back by restoring that file.
   */
  backupBeforeUpgrade?: string;
}

/** Opens, migrates and seeds the database at `path`. */
export async function openPlantDatabase(path: string, options: OpenPlantDatabaseOptions = {}): Promise<OpenedDatabase> {
  const sqlite = openSqlite({ file: path, mustExist: options.mustExist ?? false });
  ownerOnly(path, 0o600);
  const db = createKysely(sqlite);
  try {
    let backup: string | undefined;
    if (options.backupBeforeUpgrade) {
      const state = await migrationState(db);
      if (state.applied.length && state.pending.length) backup = await backupDatabase(path, options.backupBeforeUpgrade);
    }
    const applied = await migrateToLatest(db);
    await seedDatabase(db);
    return { db, applied, ...(backup ? { backup } : {}) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
