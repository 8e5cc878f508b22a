import { AppError } from '../../http/errors';
import type { HookContext } from '../../http/grid-resource';
import { groupHasMembers } from './notifications.repository';

type AnyRow = Record<string, unknown>;

/** A group is deleted only once it is empty; the foreign keys would refuse too, but without saying what is left. */
export async function checkGroupDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  if (await groupHasMembers(ctx.trx, Number(before.groupID))) throw new AppError('conflict', 'notification.groupInUse');
}

/** The grid's load options with `?groupID=` added to the filter (and-ed with any filter given). */
export function withGroupFilter(query: AnyRow, groupID: number | undefined): AnyRow {
  if (groupID === undefined) return query;
  const condition = ['groupID', '=', groupID];
  let filter: unknown = query.filter;
  if (typeof filter === 'string') {
    try {
      filter = filter.trim() === '' ? null : JSON.parse(filter);
    } catch {
      return query; // the load-options parser answers 400 for the broken filter
    }
  }
  const given = Array.isArray(filter) && filter.length > 0;
  return { ...query, filter: given ? [filter, 'and', condition] : condition };
}
