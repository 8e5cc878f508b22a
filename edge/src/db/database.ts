import { closeSync, fsyncSync, openSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations/index';
import type { DB } from './schema';

/**
 * The edge's database handle, the one name for it everywhere: the database, or a transaction of it (Kysely's
 * `Transaction<DB>` is a `Kysely<DB>`). A function that must run inside its caller's transaction (a write through
 * `writes.ts`, whose outbox and audit rows commit with it) takes Kysely's `Transaction<DB>` instead.
 */
export type Database = Kysely<DB>;

export interface OpenDatabaseOptions {
  /** Path of the SQLite file, or ':memory:'. */
  file: string;
  /** Fail instead of creating the file when it does not exist. */
  mustExist?: boolean;
}

/** A better-sqlite3 addon: the loaded module object, or the path of its `.node` file. */
export type SqliteAddon = string | object;

let addonResolver: (() => SqliteAddon) | null = null;
let resolvedAddon: SqliteAddon | null = null;

/**
 * Where every database opened by this process gets its better-sqlite3 addon. Unset, better-sqlite3 finds its own in
 * node_modules; the single executable sets it once at start, because it has no node_modules and carries the addon
 * inside itself (executable/embedded-sqlite-addon.ts). Resolved on the first open, so commands that open no database
 * never extract it. `null` goes back to better-sqlite3's own.
 */
export function useSqliteAddon(resolve: (() => SqliteAddon) | null): void {
  addonResolver = resolve;
  resolvedAddon = null;
}

function sqliteAddon(): SqliteAddon | null {
  if (addonResolver && !resolvedAddon) resolvedAddon = addonResolver();
  return resolvedAddon;
}

/**
 * Opens the SQLite database with the settings the product relies on:
 * WAL so readers (dashboards) never wait for the writer; synchronous=FULL so a committed stop or order survives a
 * power cut (NORMAL in WAL mode can lose the last transactions); foreign keys so deletes cannot break references;
 * a busy timeout so a second connection (backup, CLI) waits instead of failing. The acquisition's routine
 * transactions (counters and heartbeats, nothing else) commit with NORMAL: see `withoutCommitSync`.
 */
export function openSqlite(options: OpenDatabaseOptions): BetterSqlite3.Database {
  const addon = sqliteAddon();
  const sqlite = new BetterSqlite3(options.file, {
    fileMustExist: options.mustExist ?? false,
    // The typings say string; better-sqlite3 13 takes the loaded addon object as well.
    ...(addon ? { nativeBinding: addon as string } : {}),
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

/** How many distinct statements stay prepared; queries beyond it are prepared again when they come back. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with a bounded (least recently used) cache of prepared statements. Kysely prepares every query it
 * runs, and preparing is a real share of a busy edge's CPU: the acquisition stores samples every second with the
 * same few queries. Reusing a statement is safe because better-sqlite3 runs each one to completion synchronously
 * before the next is prepared (the code never streams, which would keep a statement busy).
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, capacity = STATEMENT_CACHE_SIZE, writes?: WriteCount): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = sqlite.prepare(source);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      // Kysely prepares each query right before it runs it: a statement that writes is about to change the data.
      if (writes && !statement.readonly) writes.count += 1;
      return statement;
    },
  };
}

/** How many statements that write (INSERT, UPDATE, DELETE, DDL) a database has run since it was opened. */
export interface WriteCount {
  count: number;
}

const writeCounts = new WeakMap<Database, WriteCount>();
const connections = new WeakMap<Database, BetterSqlite3.Database>();

/**
 * The number of statements that wrote through `db` (the database createKysely made, not a transaction of it) so
 * far: two reads made at the same count saw the same data. 0 for a database this module did not make.
 */
export function writesOf(db: Database): number {
  return writeCounts.get(db)?.count ?? 0;
}

/**
 * SQLite ends a transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM…). Kysely then sends
 * ROLLBACK, which fails with "cannot rollback - no transaction is active", and throws that in place of the cause: a
 * full disk was logged as a rollback error. Rolling back only a transaction that is still open keeps the cause.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly writes: WriteCount,
  ) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const { sqlite, writes } = this;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, writes) });
  }
}

export function createKysely(sqlite: BetterSqlite3.Database): Database {
  const writes: WriteCount = { count: 0 };
  const db = new Kysely<DB>({ dialect: new SqliteDialectKeepingCause(sqlite, writes) });
  writeCounts.set(db, writes);
  connections.set(db, sqlite);
  return db;
}

/**
 * Runs `work` with the database's connection to itself, its commits made with synchronous=NORMAL instead of FULL:
 * without the fsync of the write-ahead log each commit otherwise costs. Such a commit survives a crash of the process
 * (a kill, an exception), not a power cut: a power cut may lose the last ones, whole transactions and only the last
 * (SQLite's WAL recovery keeps the longest valid prefix), until a later commit with FULL (or `syncCommitted`) makes
 * them durable with it. For writes whose loss loses nothing (see engineSink in acquisition/index.ts); anything else
 * keeps FULL. The connection is held throughout, so no other transaction commits meanwhile without its fsync.
 */
export async function withoutCommitSync<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  const sqlite = connections.get(db);
  if (!sqlite) return work(db);
  return db.connection().execute(async (connection) => {
    sqlite.pragma('synchronous = NORMAL');
    try {
      return await work(connection);
    } finally {
      sqlite.pragma('synchronous = FULL');
    }
  });
}

/**
 * Makes every transaction committed so far durable, as a commit with synchronous=FULL does: an fsync of the
 * write-ahead log (`withoutCommitSync`'s commits turned out to hold something a power cut must not take).
 */
export function syncCommitted(db: Database): void {
  const sqlite = connections.get(db);
  if (!sqlite || sqlite.memory) return;
  let fd: number;
  try {
    fd = openSync(`${sqlite.name}-wal`, 'r');
  } catch (error) {
    // No log: everything is in the database file already (a checkpoint synced it).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

function migrator(db: Database): Migrator {
  return new Migrator({ db, provider: staticProvider });
}

/** Names of the migrations this database has applied and of those it still lacks. */
export async function migrationState(db: Database): Promise<{ applied: string[]; pending: string[] }> {
  const all = await migrator(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}

/** Brings the schema up to date. Idempotent: applied migrations are recorded and skipped. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
