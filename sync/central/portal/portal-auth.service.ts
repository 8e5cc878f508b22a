import type { Logger } from 'pino';
import { AppError } from '../../../edge/src/http/errors';
import { SESSION_TTL_MS, hashToken, needsExtension, newSessionToken } from '../../../edge/src/http/session';
import { checkAccount, newOwnPasswordHash, throttled } from '../../../edge/src/modules/auth/auth.service';
import { generateTemporaryPassword, hashPassword } from '../../../edge/src/modules/auth/password';
import type { CentralDatabase } from '../central-database';
import {
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
 * Sign-in to the central portal with its own users (schema `portal`), by the edge's rules: the same password hashing
 * and per-name throttling (auth.service checkAccount), 12-hour sessions of which only the token's hash is stored, a
 * temporary password changed at the first sign-in.
 */

export interface PortalUser {
  userID: string;
  roleID: PortalRoleId;
  firstName: string;
  lastName: string;
}

export const FIRST_ADMINISTRATOR = 'admin';
/** Longest user name written to the log. */
const LOGGED_NAME_LENGTH = 40;

/** On the first start (no user yet): the administrator `admin` with a temporary password, returned once; else null. */
export async function createFirstAdministrator(db: CentralDatabase): Promise<string | null> {
  const password = generateTemporaryPassword();
  const created = await insertFirstAdministrator(db, FIRST_ADMINISTRATOR, await hashPassword(password));
  return created ? password : null;
}

function checkPortalCredentials(db: CentralDatabase, username: string, password: string, now: number) {
  return checkAccount<PortalUser>(
    db,
    async (name) => {
      const account = await findAccount(db, name);
      return (
        account && {
          passwordHash: account.password_hash,
          active: account.active,
          mustChangePassword: account.must_change_password,
          user: { userID: account.user_id, roleID: account.role_id as PortalRoleId, firstName: account.first_name, lastName: account.last_name },
        }
      );
    },
    username,
    password,
    now,
  );
}

export async function portalLogin(db: CentralDatabase, input: { userid: string; password: string }, now: number, ip: string, logger: Logger) {
  const result = await checkPortalCredentials(db, input.userid, input.password, now);
  if (!result.ok) {
    logger.warn({ userID: input.userid.trim().slice(0, LOGGED_NAME_LENGTH), ip, reason: result.reason }, 'Portal sign-in refused');
    if (result.reason === 'auth.throttled') throw throttled(result.seconds);
    throw new AppError('unauthorized', result.reason);
  }
  const { token, tokenHash } = newSessionToken();
  await insertSession(db, { tokenHash, userID: result.user.userID, now, expiresAt: now + SESSION_TTL_MS, ip: ip || null });
  logger.info({ userID: result.user.userID, ip, mustChangePassword: result.mustChangePassword }, 'Portal sign-in');
  return { ...result.user, token, mustChangePassword: result.mustChangePassword };
}

/** The user of a live session (extended at most once a minute), or null. */
export async function resolvePortalSession(db: CentralDatabase, token: string, now: number): Promise<{ user: PortalUser; mustChangePassword: boolean } | null> {
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

/** A user's own new password, signed with the current one; their other sessions end. */
export async function changeOwnPortalPassword(
  db: CentralDatabase,
  session: { userID: string; token: string },
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<void> {
  const passwordHash = await newOwnPasswordHash(await checkPortalCredentials(db, session.userID, input.currentPassword, now), input);
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, session.userID, passwordHash, false, session.userID);
    await deleteSessionsOfUser(trx, session.userID, hashToken(session.token));
  });
}
