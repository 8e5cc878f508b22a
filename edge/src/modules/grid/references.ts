import type { Database } from '../../db/database';
import type { TableName } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { rowExists } from './references.repository';

/** A field of a record that names a row of another table by its key. */
export interface Reference {
  field: string;
  table: TableName;
  column: string;
}

/**
 * Refuses a record whose references name rows that do not exist, with a 400 on the field concerned. The foreign
 * keys would refuse it too, but only as a whole-record error; the form needs to know which field is wrong.
 */
export async function checkReferences(db: Database, values: Record<string, unknown>, references: readonly Reference[]): Promise<void> {
  for (const { field, table, column } of references) {
    const value = values[field];
    if (value === null || value === undefined) continue;
    if (!(await rowExists(db, table, column, value as string | number))) throw fieldError('validation', 'validation.reference', field);
  }
}
