import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations/index';
import type { DB } from './schema';

export type Database = Kysely<DB>;

export interface OpenDatabaseOptions {
  /** Path of the SQLite file, or ':memory:'. */
  file: string;
  /** Fail instead of creating the file when it does not exist. */
  mustExist?: boolean;
  /** The better-sqlite3 addon to use (the single executable loads it from the data directory). */
  nativeBinding?: string | object;
}

/**
 * Opens the SQLite database with the settings the product relies on:
 * WAL so readers (dashboards) never wait for the writer; synchronous=FULL so a committed stop or order survives a
 * power cut (NORMAL in WAL mode can lose the last transactions); foreign keys so deletes cannot break references;
 * a busy timeout so a second connection (backup, CLI) waits instead of failing.
 */
export function openSqlite(options: OpenDatabaseOptions): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(options.file, {
    fileMustExist: options.mustExist ?? false,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding as string } : {}),
  });
  try {
    if (options.file !== ':memory:') sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reading the schema proves the file is a SQLite database (a text file passes `new Database`).
    sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

export function createKysely(sqlite: BetterSqlite3.Database): Database {
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Idempotent: applied migrations are recorded and skipped. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
