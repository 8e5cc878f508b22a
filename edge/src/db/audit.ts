import { sql, type Transaction } from 'kysely';
import { keyText } from './outbox';
import { prepared } from './prepared';
import type { DB } from './schema';

/**
 * Entities whose every change keeps an audit row (ARCHITECTURE.md "Data conventions"); `opc_certificates` are the OPC
 * UA server certificates an administrator trusts or rejects (files in the PKI folder, not a table).
 */
export type AuditedEntity =
  | 'stops'
  | 'orders'
  | 'order_indexes'
  | 'shift_indexes'
  | 'production_lots'
  | 'declared_discards'
  | 'opc_certificates'
  | 'calendar_versions'
  | 'calendar_shifts'
  | 'calendar_breaks'
  | 'calendar_exceptions';

export interface AuditRecord {
  entity: AuditedEntity;
  key: Record<string, unknown>;
  action: string;
  /** The user who made the change; null for the system (acquisition, jobs). */
  userID: string | null;
  before: unknown;
  after: unknown;
  now: number;
}

/** Writes who changed what, when, and the row before and after, in the caller's transaction. */
export async function recordAudit(trx: Transaction<DB>, record: AuditRecord): Promise<void> {
  await insertAuditRow.execute(trx, auditRow(record));
}

function auditRow(record: AuditRecord) {
  return {
    entity: record.entity,
    entityKey: keyText(record.key),
    action: record.action,
    userID: record.userID,
    at: record.now,
    before: record.before == null ? null : JSON.stringify(record.before),
    after: record.after == null ? null : JSON.stringify(record.after),
  };
}

/** recordAudit of several records in one statement, in their order (the periodic refresh's indexes). */
export async function recordAudits(trx: Transaction<DB>, records: readonly AuditRecord[]): Promise<void> {
  if (records.length > 0) await insertAuditRows.execute(trx, { rows: JSON.stringify(records.map(auditRow)) });
}

const insertAuditRows = prepared(
  (_db, p: { rows: string }) => sql`
    INSERT INTO audit_log (entity, entityKey, action, userID, at, before, after)
    SELECT value ->> 'entity', value ->> 'entityKey', value ->> 'action', value ->> 'userID', value ->> 'at', value ->> 'before', value ->> 'after'
    FROM jsonb_each(jsonb(${p.rows})) WHERE true ORDER BY key`,
);

const insertAuditRow = prepared(
  (
    db,
    p: {
      entity: string;
      entityKey: string;
      action: string;
      userID: string | null;
      at: number;
      before: string | null;
      after: string | null;
    },
  ) =>
    db
      .insertInto('audit_log')
      .values({ entity: p.entity, entityKey: p.entityKey, action: p.action, userID: p.userID, at: p.at, before: p.before, after: p.after }),
);
