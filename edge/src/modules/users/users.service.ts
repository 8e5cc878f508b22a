import { ROLE } from '../../domain/roles';
import { AppError } from '../../http/errors';
import { apiToRow, type HookContext } from '../grid/grid-resource';
import { deleteSessionsOfUser } from '../auth';
import { hashPassword } from '../auth/password';
import { checkReferences } from '../grid/references';
import { countOtherActiveAdministrators } from './users.repository';
import { USER_COLUMNS } from './users.schemas';

type AnyRow = Record<string, unknown>;

const isActiveAdministrator = (row: AnyRow): boolean => row.roleID === ROLE.ADMINISTRATOR && row.active === 1;

/** The plant must never lock itself out: some other active administrator must remain. */
async function requireAnotherAdministrator(ctx: HookContext, userID: string): Promise<void> {
  if ((await countOtherActiveAdministrators(ctx.trx, userID)) === 0) throw new AppError('conflict', 'user.lastAdmin');
}

/**
 * The grid's `prepare`: the group must exist; a given password is stored as its scrypt hash, never as sent. A password
 * an administrator sets for someone else is temporary, as setup's is: that user changes it at the next sign-in
 * (`POST /api/users/changePassword` clears the mark). Whether a password must be changed is never taken from the input.
 */
export async function prepareUser(values: AnyRow, ctx: HookContext & { before: AnyRow | null }): Promise<AnyRow> {
  const { password, mustChangePassword: _ignored, ...rest } = values;
  await checkReferences(ctx.trx, rest, [{ field: 'groupID', table: 'notification_groups', column: 'groupID' }]);
  const row = apiToRow(rest, USER_COLUMNS);
  if (typeof password === 'string') {
    row.passwordHash = await hashPassword(password);
    if (ctx.before?.userID !== ctx.user.userID) row.mustChangePassword = 1;
  }
  return row;
}

/** An administrator cannot deactivate themself; the last active administrator cannot be deactivated or demoted. */
export async function checkUserUpdate(before: AnyRow, changes: AnyRow, ctx: HookContext): Promise<void> {
  const deactivated = changes.active === 0 && before.active === 1;
  if (deactivated && before.userID === ctx.user.userID) throw new AppError('conflict', 'user.selfDeactivate');
  const demoted = changes.roleID !== undefined && changes.roleID !== ROLE.ADMINISTRATOR;
  if (isActiveAdministrator(before) && (deactivated || demoted)) await requireAnotherAdministrator(ctx, String(before.userID));
}

/** An administrator cannot delete themself; the last active administrator cannot be deleted. */
export async function checkUserDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  if (before.userID === ctx.user.userID) throw new AppError('conflict', 'user.selfDelete');
  if (isActiveAdministrator(before)) await requireAnotherAdministrator(ctx, String(before.userID));
}

/**
 * A new password or a deactivation ends the user's sessions at once (in the same transaction), so a leaked
 * password or a dismissed employee's open terminal stops working now, not when the session expires. This includes
 * an administrator's own sessions when they change their own password: they log in again with it.
 */
export async function revokeSessionsIfNeeded(after: AnyRow | null, before: AnyRow | null, ctx: HookContext): Promise<void> {
  if (!after || !before) return;
  if (after.passwordHash !== before.passwordHash || (before.active === 1 && after.active === 0)) {
    await deleteSessionsOfUser(ctx.trx, String(after.userID));
  }
}
