import { AppError } from './errors';

/**
 * SQLite enforces what the schema declares (foreign keys, unique keys, checks); this turns its refusals into the
 * API's errors. A delete refused by a foreign key means the row is still used elsewhere: 409, never a broken link.
 */
export function translateSqliteError(error: unknown, operation: 'insert' | 'update' | 'delete'): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) return error;
  switch (code) {
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return operation === 'delete' ? new AppError('conflict', 'data.inUse') : new AppError('validation', 'data.brokenReference');
    // A trigger standing for a foreign key (migration 0025: a line with a calendar of its own).
    case 'SQLITE_CONSTRAINT_TRIGGER':
      return operation === 'delete'
        ? new AppError('conflict', 'data.inUse')
        : new AppError('validation', 'validation.invalid', { field: 'values' });
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
    case 'SQLITE_CONSTRAINT_UNIQUE':
      return new AppError('conflict', 'data.duplicate');
    default:
      return new AppError('validation', 'validation.invalid', { field: 'values' });
  }
}
