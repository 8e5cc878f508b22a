import { sql } from 'kysely';
import { AppError, fieldError } from '../edge/src/http/errors';
import { hashPassword } from '../edge/src/modules/auth/password';
import type { GridContext, GridResource, HookContext } from '../edge/src/modules/grid/grid-resource';
import { deleteResource, insertResource, listResource, updateResource } from '../edge/src/modules/grid/grid.repository';
import { plainStore, type GridOperation } from '../edge/src/modules/grid/grid-store';
import type { CentralDB } from '../sync/central/central-database';
import type { PortalUser } from './portal-auth.service';
import { deleteSessionsOfUser, findAccount, otherActiveAdministrators } from './portal-users.repository';
import { PORTAL_ROLE, PORTAL_USER_COLUMNS, portalUserRowSchema, portalUserSchema } from './portal.schemas';
import type { PortalContext } from './portal.routes';

/**
 * The portal's users (administrator) as a grid resource of the edge's grid engine (modules/grid): its list with load
 * options, insert, update and delete, validated and answered by the same code as the edge's grids, over the central
 * PostgreSQL (schema `portal`, migration 0004) through a plain store that names the table's columns.
 */

type AnyRow = Record<string, unknown>;

/** A PostgreSQL error of a write as the API's: a duplicate key 409, a broken reference 400 (409 on delete). */
function translatePostgresError(error: unknown, operation: GridOperation): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23505') return new AppError('conflict', 'data.duplicate');
  if (code === '23503')
    return operation === 'delete' ? new AppError('conflict', 'data.inUse') : new AppError('validation', 'data.brokenReference');
  return error;
}

/** The users table's columns by the names the API and the engine give them. */
const STORED_COLUMNS = {
  userID: 'user_id',
  firstName: 'first_name',
  lastName: 'last_name',
  roleID: 'role_id',
  active: 'active',
  mustChangePassword: 'must_change_password',
  passwordHash: 'password_hash',
  updatedBy: 'updated_by',
  updateDate: 'update_date',
} as const;

/** The last active administrator can be neither demoted, deactivated nor deleted. */
async function keepAnAdministrator(ctx: HookContext<CentralDB>, userID: string, stays: boolean): Promise<void> {
  if (!stays && (await otherActiveAdministrators(ctx.trx, userID)) === 0) throw new AppError('conflict', 'portal.lastAdministrator');
}

export const PORTAL_USERS: GridResource<typeof portalUserSchema, CentralDB> = {
  name: 'users',
  path: '/api/portal/users',
  table: 'portal.users',
  store: plainStore<CentralDB>(STORED_COLUMNS, translatePostgresError),
  key: ['userID'],
  columns: { ...PORTAL_USER_COLUMNS, active: 'boolean', mustChangePassword: 'boolean', updatedBy: 'string', updateDate: 'date' },
  // Filtered and sorted by its names and role, as before the engine listed it.
  listColumns: PORTAL_USER_COLUMNS,
  writeOnly: ['password'],
  schema: portalUserSchema,
  row: portalUserRowSchema,
  access: { read: [PORTAL_ROLE.ADMINISTRATOR], write: [PORTAL_ROLE.ADMINISTRATOR] },
  // Never a password hash: the rows a list answers are these columns.
  source: (db) =>
    db
      .selectFrom('portal.users')
      .select(Object.entries(STORED_COLUMNS).flatMap(([name, column]) => (name === 'passwordHash' ? [] : [sql.ref(column).as(name)]))),
  /**
   * A user the administrator creates or changes: a password given is temporary (changed at their next sign-in); a new
   * user needs one, and a name no other user has, whatever its case (sign-in matches names without regard to case).
   */
  prepare: async (values, ctx) => {
    if (!ctx.before && !values.password) throw fieldError('validation', 'validation.required', 'password');
    if (!ctx.before && (await findAccount(ctx.trx, values.userID))) throw new AppError('conflict', 'data.duplicate');
    return {
      userID: values.userID,
      firstName: values.firstName,
      lastName: values.lastName,
      roleID: values.roleID,
      active: values.active,
      ...(values.password ? { passwordHash: await hashPassword(values.password), mustChangePassword: true } : {}),
      updatedBy: ctx.user.userID,
      updateDate: new Date(ctx.now),
    };
  },
  beforeUpdate: async (before, changes, ctx) => {
    const roleID = changes.roleID ?? before.roleID;
    const active = changes.active ?? before.active;
    await keepAnAdministrator(ctx, String(before.userID), roleID === PORTAL_ROLE.ADMINISTRATOR && active === true);
  },
  beforeDelete: (before, ctx) => keepAnAdministrator(ctx, String(before.userID), false),
  // A password set by the administrator, or a deactivation, ends the user's sessions at once.
  afterWrite: async (after, before, ctx) => {
    if (after && before && (after.passwordHash !== before.passwordHash || after.active !== true))
      await deleteSessionsOfUser(ctx.trx, String(after.userID));
  },
};

/** The grid engine's context of a portal request (the portal's times are UTC). */
function gridContext(ctx: PortalContext & { user: PortalUser }): GridContext<CentralDB> {
  return { db: ctx.db, user: ctx.user, now: ctx.now, timeZone: 'UTC', language: ctx.language };
}

export const listPortalUsers = (ctx: PortalContext & { user: PortalUser }, query: AnyRow) =>
  listResource(PORTAL_USERS, ctx.db, query, 'UTC', ctx.language);
export const insertPortalUser = (ctx: PortalContext & { user: PortalUser }, values: AnyRow) =>
  insertResource(PORTAL_USERS, gridContext(ctx), values);
export const updatePortalUser = (ctx: PortalContext & { user: PortalUser }, key: unknown, values: AnyRow) =>
  updateResource(PORTAL_USERS, gridContext(ctx), key, values);
export const deletePortalUser = (ctx: PortalContext & { user: PortalUser }, key: unknown) =>
  deleteResource(PORTAL_USERS, gridContext(ctx), key);
