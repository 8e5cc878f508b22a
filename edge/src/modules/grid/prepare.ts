import { apiToRow } from './grid-resource';
import type { HookContext } from './grid-resource';
import type { ColumnMap } from './load-options';
import { checkReferences, type Reference } from './references';

type AnyRow = Record<string, unknown>;

/** A grid `prepare` hook that checks the record's references (400 on the field) and stores its values as they are. */
export function preparingWithReferences(columns: ColumnMap, references: readonly Reference[]) {
  return async (values: AnyRow, ctx: HookContext): Promise<AnyRow> => {
    await checkReferences(ctx.trx, values, references);
    return apiToRow(values, columns);
  };
}
