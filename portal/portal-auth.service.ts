import type { Logger } from 'pino';
import { SESSION_SOURCE } from '../edge/src/modules/auth/login-throttle';
import { SESSION_TTL_MS, hashToken, needsExtension, newSessionToken } from '../edge/src/http/session';
import {
  attemptSourceOf,
  checkSignIn,
  newOwnPasswordHash,
  refuseDirectoryPasswordChange,
  refusedSignIn,
  type AccountStore,
  type StoredAccount,
} from '../edge/src/modules/auth/auth.service';
import type { DirectorySettings } from '../edge/src/modules/auth/directory-names';
import { ADMIN_USER_ID } from '../edge/src/modules/setup/setup.service';
import { generateTemporaryPassword, hashPassword } from '../edge/src/modules/auth/password';
import type { CentralDatabase } from '../sync/central/central-database';
import {
  clearPasswordMark,
  deleteSession,
  deleteSessionsOfUser,
  extendSession,
  findAccount,
  findSessionUser,
  insertFirstAdministrator,
  insertSession,
  setPassword,
} from './portal-users.repository';
import type { PortalRoleId } from './portal.schemas';

/**
 * Sign-in to the central portal with its own users (schema `portal`), by the edge's rules and through the edge's
 * code (auth.service checkSignIn): the same password hashing and per-name throttling, the same directory sign-in when
 * the portal is given a directory (`--directory-domain`…, config.ts) — the directory checks the password, the local
 * row decides role and activity, `admin` keeps its local password —, 12-hour sessions of which only the token's hash
 * is stored, a temporary password changed at the first sign-in.
 */

export interface PortalUser {
  userID: string;
  roleID: PortalRoleId;
  firstName: string;
  lastName: string;
}

/** The first administrator, who keeps a local password with a directory too: the edge's `admin`. */
export const FIRST_ADMINISTRATOR = ADMIN_USER_ID;

/** On the first start (no user yet): the administrator `admin` with a temporary password, returned once; else null. */
export async function createFirstAdministrator(db: CentralDatabase): Promise<string | null> {
  const password = generateTemporaryPassword();
  const created = await insertFirstAdministrator(db, FIRST_ADMINISTRATOR, await hashPassword(password));
  return created ? password : null;
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

const storedAccountOf = (account: AccountRow | undefined): StoredAccount<PortalUser> | undefined =>
  account && {
    passwordHash: account.password_hash,
    active: account.active,
    mustChangePassword: account.must_change_password,
    user: { userID: account.user_id, roleID: account.role_id as PortalRoleId, firstName: account.first_name, lastName: account.last_name },
  };

/** The portal's users as a sign-in finds them: names are matched without regard to case, typed or the directory's. */
function portalAccounts(db: CentralDatabase): AccountStore<PortalUser> {
  const find = async (name: string) => storedAccountOf(await findAccount(db, name));
  return { owner: db, findLocal: find, findDirectory: find, clearPasswordMark: (user) => clearPasswordMark(db, user.userID) };
}

export async function portalLogin(
  db: CentralDatabase,
  directory: DirectorySettings | null,
  input: { userid: string; password: string },
  now: number,
  ip: string,
  logger: Logger,
) {
  const result = await checkSignIn(
    portalAccounts(db),
    directory,
    input.userid,
    input.password,
    now,
    attemptSourceOf(db, ip, null, input.userid),
  );
  if (!result.ok) throw refusedSignIn(result, input.userid, ip, logger, 'Portal sign-in refused');
  const { token, tokenHash } = newSessionToken();
  await insertSession(db, { tokenHash, userID: result.user.userID, now, expiresAt: now + SESSION_TTL_MS, ip: ip || null });
  logger.info({ userID: result.user.userID, ip, mustChangePassword: result.mustChangePassword }, 'Portal sign-in');
  return { ...result.user, token, mustChangePassword: result.mustChangePassword };
}

/** The user of a live session (extended at most once a minute), or null. */
export async function resolvePortalSession(
  db: CentralDatabase,
  token: string,
  now: number,
): Promise<{ user: PortalUser; mustChangePassword: boolean } | null> {
  const tokenHash = hashToken(token);
  const row = await findSessionUser(db, tokenHash, now);
  if (!row) return null;
  if (needsExtension(row.expires_at.getTime(), now)) await extendSession(db, tokenHash, now + SESSION_TTL_MS);
  return {
    user: { userID: row.user_id, roleID: row.role_id as PortalRoleId, firstName: row.first_name, lastName: row.last_name },
    mustChangePassword: row.must_change_password,
  };
}

export async function portalLogout(db: CentralDatabase, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** A user's own new password, signed with the current one; their other sessions end. A directory user changes it there. */
export async function changeOwnPortalPassword(
  db: CentralDatabase,
  directory: DirectorySettings | null,
  session: { userID: string; token: string },
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<void> {
  refuseDirectoryPasswordChange(directory, session.userID);
  const passwordHash = await newOwnPasswordHash(
    await checkSignIn(portalAccounts(db), directory, session.userID, input.currentPassword, now, SESSION_SOURCE),
    input,
  );
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, session.userID, passwordHash, false, session.userID);
    await deleteSessionsOfUser(trx, session.userID, hashToken(session.token));
  });
}
