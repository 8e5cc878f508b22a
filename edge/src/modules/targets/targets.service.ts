import { apiToRow, type HookContext } from '../grid/grid-resource';
import { fieldError } from '../../http/errors';
import { checkReferences } from '../grid/references';
import { otherTargetWithTag } from './targets.repository';
import { TARGET_COLUMNS, type TargetValues } from './targets.schemas';

/** The line must exist and not have this tag yet (409 on the tag field; the unique index is the backstop). */
export async function prepareTarget(
  values: TargetValues,
  ctx: HookContext & { before: Record<string, unknown> | null },
): Promise<Record<string, unknown>> {
  await checkReferences(ctx.trx, values, [{ field: 'lineID', table: 'lines', column: 'lineID' }]);
  const targetID = ctx.before ? Number(ctx.before.targetID) : null;
  if (await otherTargetWithTag(ctx.trx, values.lineID, values.tag, targetID)) {
    throw fieldError('conflict', 'target.duplicate', 'tag', { tag: values.tag, line: values.lineID });
  }
  return apiToRow(values, TARGET_COLUMNS);
}
