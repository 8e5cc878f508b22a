import { Migrator } from 'kysely/migration';
import { AppError } from '../edge/src/http/errors';
import { openCentral, type CentralDatabase } from '../sync/central/central-database';
import { centralMigrations } from '../sync/central/migrations/index';
import { CENTRAL_SCHEMA } from '../sync/central/tables';

/** The time limit of every statement the portal runs: a page that would take longer is refused, never left hanging. */
export const PORTAL_STATEMENT_TIMEOUT_MS = 15_000;

/** The portal's pool on the central PostgreSQL: a few readers at once, each statement time-limited. */
export function openPortalDatabase(url: string, onConnectionError?: (error: Error) => void): CentralDatabase {
  return openCentral(url, {
    applicationName: 'oee-edge central portal',
    maxConnections: 8,
    statementTimeoutMs: PORTAL_STATEMENT_TIMEOUT_MS,
    onConnectionError,
  });
}

/**
 * Reads in one READ ONLY transaction: the database itself refuses any write inside it, whatever the statement, and
 * every read of one answer sees the same snapshot.
 */
export function readOnly<T>(db: CentralDatabase, read: (trx: CentralDatabase) => Promise<T>): Promise<T> {
  return db.transaction().setAccessMode('read only').setIsolationLevel('repeatable read').execute(read);
}

/** The central migrations not applied yet (reading the migration table only: a read-only role can ask). */
export async function pendingCentralMigrations(db: CentralDatabase): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => centralMigrations }, migrationTableSchema: CENTRAL_SCHEMA });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** PostgreSQL's refusals as the API's errors: a statement over its time limit, a server that cannot be reached. */
export function translatePgError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return new AppError('unavailable', 'portal.busy');
  if (code === 'ECONNREFUSED' || code === '57P01' || code === '08006' || code === '08001')
    return new AppError('unavailable', 'portal.unavailable');
  if (error instanceof Error && /timeout exceeded when trying to connect|Connection terminated/i.test(error.message))
    return new AppError('unavailable', 'portal.unavailable');
  return undefined;
}
