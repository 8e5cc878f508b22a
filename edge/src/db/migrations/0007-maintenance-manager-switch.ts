import { sql, type Kysely } from 'kysely';

/**
 * parameters.enableMaintenanceManager: the maintenance manager (SPEC.md section 1's feature modules) runs on every
 * line unless the plant turns it off here; the other four modules are switched per line (enableOrderManager,
 * enableProductionManager, enableStopsManager).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE parameters ADD COLUMN enableMaintenanceManager INTEGER NOT NULL DEFAULT 1`).execute(db);
}
