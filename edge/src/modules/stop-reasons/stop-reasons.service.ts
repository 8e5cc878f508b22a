import { updateRow } from '../../db/writes';
import type { AuthedContext } from '../../http/api';
import { AppError, fieldError, notFound } from '../../http/errors';
import { apiToRow, rowToApi, type HookContext } from '../grid/grid-resource';
import { translate, type Language } from '../../http/messages';
import type { Database } from '../../db/database';
import { checkReferences } from '../grid/references';
import { linesAfterVisibilityChange, parseEnabledForLine } from './reason-lines';
import { isSystemReasonName, localizeReasonNames } from './reason-names';
import { allLineIDs, childrenOf, countChildren, deleteEquipmentLinks, findStopReason, isSelfOrAncestor } from './stop-reasons.repository';
import { ROOT_REASON_ID, STOP_REASON_COLUMNS, type ReasonVisibility, type StopReasonValues } from './stop-reasons.schemas';

type AnyRow = Record<string, unknown>;

/**
 * On a system stop (seeded reasons the edge assigns by itself) only these can change (SPEC.md section 5), and its loss
 * kind (issue 29): a plant may count its end-of-lot stops as breakdowns rather than setups.
 */
const SYSTEM_STOP_EDITABLE: ReadonlySet<string> = new Set(['color', 'pareto', 'lossKind']);

/**
 * Checks a stop reason as written and stores it. A reason hangs from a category (never from a plain reason, never
 * from itself or below itself); systemStop is never set or changed through the API.
 */
export async function prepareStopReason(values: StopReasonValues, ctx: HookContext & { before: AnyRow | null }): Promise<AnyRow> {
  const { before } = ctx;
  const wasSystem = before?.systemStop === 1;
  if (values.systemStop !== undefined && values.systemStop !== wasSystem)
    throw fieldError('validation', 'validation.notEditable', 'systemStop');
  const parentChanged = !before || values.parentID !== before.parentID;
  if (parentChanged) {
    if (values.parentID === null) throw fieldError('validation', 'stopReason.parentRequired', 'parentID');
    const parent = await findStopReason(ctx.trx, values.parentID);
    if (!parent || parent.isCategory !== 1) throw fieldError('validation', 'stopReason.parentNotCategory', 'parentID');
    if (before && (await isSelfOrAncestor(ctx.trx, Number(before.reasonID), values.parentID))) {
      throw fieldError('validation', 'stopReason.parentCycle', 'parentID');
    }
  }
  const row = apiToRow(values, STOP_REASON_COLUMNS);
  delete row.systemStop;
  // A system reason sent back with the name a request in another language read is not a rename.
  if (wasSystem && isSystemReasonName(before.reasonID, row.reason)) row.reason = before.reason;
  return row;
}

/** isCategory is fixed at insert; system stops allow only colour and pareto. */
export function checkStopReasonUpdate(before: AnyRow, changes: AnyRow): void {
  if ('isCategory' in changes) throw fieldError('validation', 'stopReason.isCategoryFixed', 'isCategory');
  if (before.systemStop !== 1) return;
  const refused = Object.keys(changes).filter((column) => !SYSTEM_STOP_EDITABLE.has(column));
  if (refused.length > 0) {
    throw new AppError(
      'validation',
      'data.systemStop',
      {},
      Object.fromEntries(refused.map((column) => [column, { key: 'data.systemStop' as const }])),
    );
  }
}

/**
 * System stops are never deleted; a category is deleted only once empty. The reason's equipment links go with it.
 * A reason already used by stops is kept by the foreign key (409 data.inUse): history must keep its reason.
 */
export async function checkStopReasonDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  const reasonID = Number(before.reasonID);
  if (before.systemStop === 1) throw new AppError('conflict', 'data.systemDelete');
  if ((await countChildren(ctx.trx, reasonID)) > 0) throw new AppError('conflict', 'stopReason.hasChildren');
  await deleteEquipmentLinks(ctx.trx, reasonID);
}

/** Shows or hides one reason on one line (the tree screen's per-line switch); answers the reason as stored. */
export async function setReasonVisibility(ctx: AuthedContext, input: ReasonVisibility): Promise<AnyRow> {
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const before = await findStopReason(trx, input.reasonID);
    if (!before) throw notFound();
    if (before.systemStop === 1) throw fieldError('validation', 'data.systemStop', 'enabledForLine');
    await checkReferences(trx, input, [{ field: 'lineID', table: 'lines', column: 'lineID' }]);
    const next = linesAfterVisibilityChange(parseEnabledForLine(before.enabledForLine), await allLineIDs(trx), input.lineID, input.enabled);
    const changes = { enabledForLine: JSON.stringify(next), updatedBy: ctx.user.userID, updateDate: ctx.now };
    // Through the write chokepoint: stop_reasons is synced, so the outbox row commits with the change.
    return updateRow(trx, 'stop_reasons', { reasonID: input.reasonID }, changes, { userID: ctx.user.userID, now: ctx.now });
  });
  return localizeReasonNames(rowToApi(stored ?? {}, STOP_REASON_COLUMNS, ctx.timeZone), ctx.language);
}

/** The top categories (children of the root), optionally led by an option for all of them (value 0). */
export async function rootLookup(db: Database, includeOptionForAll: boolean, language: Language): Promise<AnyRow[]> {
  const roots = (await childrenOf(db, ROOT_REASON_ID)).map((row) => ({
    value: row.reasonID,
    text: localizeReasonNames(row, language).reason,
  }));
  return includeOptionForAll ? [{ value: 0, text: translate('lookup.all', language) }, ...roots] : roots;
}
