import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { centralMigrations } from './migrations/index';
import { CENTRAL_SCHEMA } from './tables';

/** The central tables Kysely types; the replicated entity tables are written through generated SQL (apply-batch.ts). */
export interface CentralDB {
  'portal.users': {
    user_id: string;
    first_name: string;
    last_name: string;
    role_id: number;
    password_hash: string;
    must_change_password: boolean;
    active: boolean;
    updated_by: string | null;
    update_date: Date;
  };
  'portal.sessions': { token_hash: string; user_id: string; created_at: Date; expires_at: Date; ip_address: string | null };
  'oee.plants': { plant_id: string; time_zone: string; name: string | null; updated_at: Date };
  'oee.plant_cursors': { plant_id: string; last_seq: string; updated_at: Date };
}

export type CentralDatabase = Kysely<CentralDB>;

export interface OpenCentralOptions {
  /** Shown in pg_stat_activity, so a DBA sees which plant a connection belongs to. */
  applicationName?: string;
  /** Called when a connection breaks (the server went away); the agent only logs it. */
  onConnectionError?: (error: Error) => void;
  /** Connections at most (default 2: the agent sends one batch at a time; the portal serves several readers). */
  maxConnections?: number;
  /** The time limit of every statement (default 120 s, a batch of the agent). */
  statementTimeoutMs?: number;
}

/**
 * A small pool on the central PostgreSQL: the agent sends one batch at a time. Connection attempts and statements
 * are bounded so an unreachable or stuck server turns into an error (and a retry), never a hang.
 */
export function openCentral(url: string, options: OpenCentralOptions = {}): CentralDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 2,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    statement_timeout: options.statementTimeoutMs ?? 120_000,
    application_name: options.applicationName ?? 'oee-edge sync',
  });
  // A connection can also die while Kysely holds it (the server stops between two statements of a batch): pg then
  // emits 'error' on that client, which without a listener would crash the process — the edge with it. The failed
  // statement rejects on its own and the agent retries; these listeners only keep the event from being fatal.
  const onError = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return new Kysely<CentralDB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Brings the central schema up to date. Safe when several plants' agents start at once: Kysely's migrator takes a
 * PostgreSQL advisory lock, so one runs the migrations and the others find them applied.
 */
export async function migrateCentral(db: CentralDatabase): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => centralMigrations },
    migrationTableSchema: CENTRAL_SCHEMA,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
