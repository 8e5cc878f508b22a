import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { bearerTokenOf, clientIp } from '../edge/src/http/api';
import { AppError } from '../edge/src/http/errors';
import { loadOptionsQuerySchema } from '../edge/src/modules/grid/load-options';
import { gridPageSchema } from '../edge/src/modules/grid/grid-resource';
import { languageOf, type Language } from '../edge/src/http/messages';
import { SECURITY_MODULE } from '../edge/src/logger';
import { keyValuesBody, readKey, readValues, requireJsonBody } from '../edge/src/http/request-input';
import { RouteTable, type DeclaredRoute } from '../edge/src/http/route-table';
import { changePasswordSchema, loginSchema, sessionCheckSchema, sessionUserSchema } from '../edge/src/modules/auth/auth.schemas';
import { XLSX_CONTENT_TYPE } from '../edge/src/modules/reports/reports.schemas';
import type { DirectorySettings } from '../edge/src/modules/auth/directory-names';
import type { CentralDatabase } from '../sync/central/central-database';
import { changeOwnPortalPassword, portalLogin, portalLogout, resolvePortalSession, type PortalUser } from './portal-auth.service';
import {
  compareQuerySchema,
  compareResponseSchema,
  lossesQuerySchema,
  lossesResponseSchema,
  orderStopsSchema,
  plantsOverviewSchema,
  portalOrderRowSchema,
  portalWaterfallSchema,
  waterfallQuerySchema,
  orderStopsQuerySchema,
  ordersQuerySchema,
  overviewQuerySchema,
  PORTAL_ROLE,
  PORTAL_ROLE_NAMES,
  portalUserRowSchema,
  portalUserSchema,
} from './portal.schemas';
import * as portal from './portal.service';
import * as users from './portal-users.service';

/** 'public': no session; 'authenticated': analysts and administrators; 'administrator': the portal's users. */
export type PortalAccess = 'public' | 'authenticated' | 'administrator';

export interface PortalRouteSpec extends DeclaredRoute<PortalAccess> {
  /** Answers a session whose password must be changed first (checking, ending the session, changing the password). */
  beforePasswordChange?: boolean;
}

export interface PortalContext {
  db: CentralDatabase;
  /** The directory that checks passwords (all but `admin`'s), or null: the portal's own passwords. */
  directory: DirectorySettings | null;
  logger: Logger;
  language: Language;
  now: number;
  ip: string;
  req: Request;
  res: Response;
  user: PortalUser | null;
}

export type SignedPortalContext = PortalContext & { user: PortalUser };

/** The roles a route admits, by name (OpenAPI and the permission test). */
export function portalRolesOf(access: PortalAccess): 'public' | readonly string[] {
  if (access === 'public') return 'public';
  return access === 'administrator' ? [PORTAL_ROLE_NAMES[PORTAL_ROLE.ADMINISTRATOR]] : Object.values(PORTAL_ROLE_NAMES);
}

/** The portal's routes: every call but sign-in needs a live session of the portal's own users; roles as declared. */
export class PortalApi extends RouteTable<PortalRouteSpec, PortalContext> {
  constructor(db: CentralDatabase, logger: Logger, directory: DirectorySettings | null = null, now: () => number = Date.now) {
    super(async (spec, req, res) => {
      const ctx: PortalContext = {
        db,
        directory,
        logger,
        language: languageOf(req.get('accept-language')),
        now: now(),
        ip: clientIp(req),
        req,
        res,
        user: null,
      };
      if (spec.access === 'public') return ctx;
      const token = bearerTokenOf(req);
      if (!token) throw new AppError('unauthorized', 'auth.required');
      const session = await resolvePortalSession(db, token, ctx.now);
      if (!session) throw new AppError('sessionExpired', 'auth.expired');
      if (session.mustChangePassword && !spec.beforePasswordChange) throw new AppError('forbidden', 'password.changeDue');
      if (spec.access === 'administrator' && session.user.roleID !== PORTAL_ROLE.ADMINISTRATOR)
        throw new AppError('forbidden', 'auth.forbidden');
      return { ...ctx, user: session.user };
    });
  }

  route<Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown, A extends PortalAccess = PortalAccess>(
    spec: PortalRouteSpec & { access: A; query?: Q; body?: B },
    handler: (input: {
      ctx: A extends 'public' ? PortalContext : SignedPortalContext;
      query: z.output<Q>;
      body: z.output<B>;
    }) => Promise<unknown> | unknown,
  ): void {
    this.register(spec, handler as never);
  }
}

function sendWorkbook(ctx: PortalContext, name: string, file: Buffer): void {
  ctx.res.set({ 'Content-Type': XLSX_CONTENT_TYPE, 'Content-Disposition': `attachment; filename="${name}.xlsx"` }).send(file);
}

const plantsSummary = 'Plants are given as one comma-separated list (plants=a,b); none: every plant.';
const rangeSummary =
  "from and to are production days (YYYY-MM-DD), each plant's own as its work calendar has them: from its first shift's start (06:00 by default) in its time zone to the next day's.";

export function registerPortalRoutes(api: PortalApi): void {
  // Sign-in: the same calls as the edge's, so the app's sign-in and change-password pages serve both.
  api.route(
    {
      method: 'post',
      path: '/api/users/authenticate',
      access: 'public',
      tag: 'session',
      summary: 'Signs in a portal user: the session user with a bearer token.',
      body: loginSchema,
      response: sessionUserSchema,
    },
    ({ ctx, body }) => {
      requireJsonBody(ctx.req);
      return portalLogin(ctx.db, ctx.directory, body, ctx.now, ctx.ip, ctx.logger.child({ module: SECURITY_MODULE }));
    },
  );
  api.route(
    {
      method: 'post',
      path: '/api/users/isvalid',
      access: 'authenticated',
      beforePasswordChange: true,
      tag: 'session',
      summary: 'Checks the session (200, or 401 when expired).',
      response: sessionCheckSchema,
    },
    ({ ctx }) => ({ valid: true, userID: ctx.user.userID, roleID: ctx.user.roleID }),
  );
  api.route(
    {
      method: 'post',
      path: '/api/users/logout',
      access: 'authenticated',
      beforePasswordChange: true,
      tag: 'session',
      summary: 'Revokes the current session.',
      response: 'none',
    },
    async ({ ctx }) => {
      await portalLogout(ctx.db, bearerTokenOf(ctx.req) ?? '');
    },
  );
  api.route(
    {
      method: 'post',
      path: '/api/users/changePassword',
      access: 'authenticated',
      beforePasswordChange: true,
      tag: 'session',
      summary: "Changes the caller's own password, signed with the current one.",
      body: changePasswordSchema,
      response: 'none',
    },
    async ({ ctx, body }) => {
      await changeOwnPortalPassword(ctx.db, ctx.directory, { userID: ctx.user.userID, token: bearerTokenOf(ctx.req) ?? '' }, body, ctx.now);
    },
  );

  // The portal's own users (administrator), as a grid resource: list with load options, insert, update, delete.
  api.route(
    {
      method: 'get',
      path: '/api/portal/users',
      access: 'administrator',
      tag: 'users',
      summary: "The portal's users (never a password).",
      query: loadOptionsQuerySchema,
      response: gridPageSchema(portalUserRowSchema),
    },
    ({ ctx, query }) => users.listPortalUsers(ctx, query as Record<string, unknown>),
  );
  api.route(
    {
      method: 'post',
      path: '/api/portal/users',
      access: 'administrator',
      tag: 'users',
      summary: 'Adds a user; the password given is temporary (changed at the first sign-in).',
      documentedBody: keyValuesBody({ values: portalUserSchema }),
      response: portalUserRowSchema,
    },
    ({ ctx }) => users.insertPortalUser(ctx, readValues(ctx.req.body, ctx.req.query as Record<string, unknown>)),
  );
  api.route(
    {
      method: 'put',
      path: '/api/portal/users',
      access: 'administrator',
      tag: 'users',
      summary: 'Changes a user (key: userID); a new password is temporary and ends their sessions.',
      documentedBody: keyValuesBody({ key: z.string(), values: portalUserSchema.partial() }),
      response: portalUserRowSchema,
    },
    ({ ctx }) =>
      users.updatePortalUser(
        ctx,
        readKey(ctx.req.body, ctx.req.query as Record<string, unknown>),
        readValues(ctx.req.body, ctx.req.query as Record<string, unknown>),
      ),
  );
  api.route(
    {
      method: 'delete',
      path: '/api/portal/users',
      access: 'administrator',
      tag: 'users',
      summary: 'Deletes a user (key: userID); the last active administrator stays.',
      documentedBody: keyValuesBody({ key: z.string() }),
      response: 'none',
    },
    ({ ctx }) => users.deletePortalUser(ctx, readKey(ctx.req.body, ctx.req.query as Record<string, unknown>)),
  );

  // The plant data: read only.
  api.route(
    {
      method: 'get',
      path: '/api/portal/plants',
      access: 'authenticated',
      tag: 'plants',
      summary: "Every plant: its day's and week's figures (its own time zone), the freshness of its data, its lines.",
      query: overviewQuerySchema,
      response: plantsOverviewSchema,
    },
    ({ ctx, query }) => portal.plantsOverview(ctx.db, query.day),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/plants/export',
      access: 'authenticated',
      tag: 'plants',
      summary: 'The plants overview as xlsx.',
      query: overviewQuerySchema,
      response: 'file',
    },
    async ({ ctx, query }) => sendWorkbook(ctx, 'plantas', await portal.overviewWorkbook(ctx.db, query.day, ctx.language)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/compare',
      access: 'authenticated',
      tag: 'compare',
      summary: `OEE and its factors per plant, sector or line and per shift, day, week or month. ${rangeSummary} ${plantsSummary}`,
      query: compareQuerySchema,
      response: compareResponseSchema,
    },
    ({ ctx, query }) => portal.compare(ctx.db, query),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/compare/export',
      access: 'authenticated',
      tag: 'compare',
      summary: 'The compare table and its totals as xlsx.',
      query: compareQuerySchema,
      response: 'file',
    },
    async ({ ctx, query }) => sendWorkbook(ctx, 'comparacion', await portal.compareWorkbook(ctx.db, query, ctx.language)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/losses',
      access: 'authenticated',
      tag: 'losses',
      summary: `Stop pareto by reason and by path level across plants; the biggest reasons by lost minutes. ${rangeSummary} ${plantsSummary}`,
      query: lossesQuerySchema,
      response: lossesResponseSchema,
    },
    ({ ctx, query }) => portal.losses(ctx.db, query),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/losses/export',
      access: 'authenticated',
      tag: 'losses',
      summary: 'The losses tables as xlsx.',
      query: lossesQuerySchema,
      response: 'file',
    },
    async ({ ctx, query }) => sendWorkbook(ctx, 'perdidas', await portal.lossesWorkbook(ctx.db, query, ctx.language)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/waterfall',
      access: 'authenticated',
      tag: 'losses',
      summary: `Where the time went: the time waterfall of a plant, a sector (sectorID) or a line (lineID) over a range of its production days, minutes by loss, as the edge's /api/losses/waterfall. ${rangeSummary}`,
      query: waterfallQuerySchema,
      response: portalWaterfallSchema,
    },
    ({ ctx, query }) => portal.waterfall(ctx.db, query),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/orders',
      access: 'authenticated',
      tag: 'orders',
      summary: `The order indexes of every plant (grid load options; from/to: order starts). ${plantsSummary}`,
      query: ordersQuerySchema.extend(loadOptionsQuerySchema.shape),
      response: gridPageSchema(portalOrderRowSchema),
    },
    ({ ctx, query }) => portal.orders(ctx.db, query),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/orders/export',
      access: 'authenticated',
      tag: 'orders',
      summary: 'The filtered order indexes as xlsx (at most 10,000).',
      query: ordersQuerySchema.extend(loadOptionsQuerySchema.shape),
      response: 'file',
    },
    async ({ ctx, query }) => sendWorkbook(ctx, 'ordenes', await portal.ordersWorkbook(ctx.db, query, ctx.language)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/portal/orders/stops',
      access: 'authenticated',
      tag: 'orders',
      summary: "An order's stops (plantId, order), in its plant's time.",
      query: orderStopsQuerySchema,
      response: orderStopsSchema,
    },
    ({ ctx, query }) => portal.orderStops(ctx.db, query.plantId, query.order),
  );
}
