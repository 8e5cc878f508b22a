import { sql, type Kysely } from 'kysely';

/**
 * Retention of the tables that grow with time (edge/src/jobs/retention-jobs.ts): how many days the audit log, the
 * diagnostics tables and the outbox rows superseded by a newer change of the same row are kept. The audit is kept
 * longest: it is the record of what people changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE parameters ADD COLUMN auditRetentionDays INTEGER NOT NULL DEFAULT 730`).execute(db);
  await sql.raw(`ALTER TABLE parameters ADD COLUMN diagnosticsRetentionDays INTEGER NOT NULL DEFAULT 30`).execute(db);
  await sql.raw(`ALTER TABLE parameters ADD COLUMN outboxRetentionDays INTEGER NOT NULL DEFAULT 1`).execute(db);
}
