import { AppError, fieldError } from '../../http/errors';
import { apiToRow, type HookContext } from '../grid/grid-resource';
import { lotsWithWrapperType, otherWrapperTypeNamed } from './production.repository';
import { WRAPPER_TYPE_COLUMNS, type WrapperTypeValues } from './production.schemas';

/** A wrapper type's name is unique (any case; the unique index is the backstop). */
export async function prepareWrapperType(
  values: WrapperTypeValues,
  ctx: HookContext & { before: Record<string, unknown> | null },
): Promise<Record<string, unknown>> {
  const wrapperTypeID = ctx.before ? Number(ctx.before.wrapperTypeID) : null;
  if (await otherWrapperTypeNamed(ctx.trx, values.name, wrapperTypeID))
    throw fieldError('conflict', 'wrapperType.duplicate', 'name', { name: values.name });
  return apiToRow(values, WRAPPER_TYPE_COLUMNS);
}

/** Lots keep their wrapper type by name: a type in use is neither renamed nor deleted. */
export async function refuseWrapperTypeInUse(
  before: Record<string, unknown>,
  ctx: HookContext,
  changes?: Record<string, unknown>,
): Promise<void> {
  const name = String(before.name);
  if (changes && (changes.name === undefined || String(changes.name).toLowerCase() === name.toLowerCase())) return;
  const count = await lotsWithWrapperType(ctx.trx, name);
  if (count > 0) throw new AppError('conflict', 'wrapperType.inUse', { name, count });
}
