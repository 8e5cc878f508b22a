import { AppError } from '../../http/errors';
import type { HookContext } from '../../http/grid-resource';
import { groupHasMembers } from './notifications.repository';

type AnyRow = Record<string, unknown>;

/** A group is deleted only once it is empty; the foreign keys would refuse too, but without saying what is left. */
export async function checkGroupDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  if (await groupHasMembers(ctx.trx, Number(before.groupID))) throw new AppError('conflict', 'notification.groupInUse');
}
