import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { ALL_ROLES, type RoleId } from '../domain/roles';
import { SECURITY_MODULE } from '../logger';
import type { Plant } from '../plant';
import { AppError } from './errors';
import { languageOf, type Language } from './messages';
import { RouteTable, type DeclaredRoute, type RouteEntry } from './route-table';
import { resolveSession, type SessionUser } from './session';
import { SharedAnswers } from './shared-answers';

/**
 * Every API route is declared through `Api.route`: method, paths, who may call it, and its zod schemas. The same
 * declarations enforce access on the server, document the API (/api/openapi.json) and drive the permission-matrix
 * test, so what is documented is what is enforced.
 */

/** 'public': no token; 'authenticated': any role; or the list of roles allowed. */
export type Access = 'public' | 'authenticated' | readonly RoleId[];

export interface RouteSpec<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> extends DeclaredRoute<Access> {
  query?: Q;
  body?: B;
  /** Answers while the first-run setup is pending (setup routes only). */
  duringSetup?: boolean;
  /** Public only while setup is pending; afterwards it needs an administrator (setup/configure). */
  publicUntilConfigured?: boolean;
  /** Answers a session whose password must be changed first (checking, ending the session, changing the password). */
  beforePasswordChange?: boolean;
  /**
   * A read whose answer depends only on its path, query and language, never on the caller: identical requests share
   * one answer while nothing is written in between (shared-answers.ts). The dashboards' polled calls.
   */
  share?: boolean;
}

export interface RequestContext {
  plant: Plant;
  user: SessionUser | null;
  language: Language;
  timeZone: string;
  now: number;
  ip: string;
  /** Null only while the first-run setup is pending (routes marked duringSetup). */
  db: Database | null;
  req: Request;
  res: Response;
}

/** A context whose user is known (routes that are not public); the database is always there. */
export interface AuthedContext extends RequestContext {
  user: SessionUser;
  db: Database;
  /** The session's password was set for the user and must be changed (only routes marked beforePasswordChange). */
  mustChangePassword: boolean;
}

type Handler<Q extends z.ZodType, B extends z.ZodType, A extends Access> = (input: {
  ctx: [A] extends ['public'] ? RequestContext : AuthedContext;
  query: z.output<Q>;
  body: z.output<B>;
  params: Record<string, string>;
}) => Promise<unknown> | unknown;

export type RegisteredRoute = RouteEntry<RouteSpec>;

/** The edge's routes: the caller's session is resolved against the plant's database and checked against `access`. */
export class Api extends RouteTable<RouteSpec, RequestContext | AuthedContext> {
  private readonly shared = new SharedAnswers();

  constructor(plant: Plant) {
    super((spec, req, res) => buildContext(plant, spec, req, res));
  }

  route<Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown, A extends Access = Access>(
    spec: RouteSpec<Q, B> & { access: A },
    handler: Handler<Q, B, A>,
  ): void {
    const shared = this.shared;
    const answer: typeof handler = spec.share
      ? async (input) => {
          if (!input.ctx.db) return handler(input);
          // Shared as the JSON text it is sent as (shared-answers.ts bounds them in bytes).
          const text = await shared.answer(`${input.ctx.language} ${input.ctx.req.originalUrl}`, input.ctx.db, input.ctx.now, () =>
            handler(input),
          );
          if (text !== undefined) input.ctx.res.type('json').send(text);
          return undefined;
        }
      : handler;
    this.register(spec as RouteSpec, answer as never);
  }
}

async function buildContext(plant: Plant, spec: RouteSpec, req: Request, res: Response): Promise<RequestContext | AuthedContext> {
  const db = plant.db;
  const base: RequestContext = {
    plant,
    user: null,
    language: languageOf(req.get('accept-language')),
    timeZone: plant.timeZone,
    now: plant.now(),
    ip: clientIp(req),
    db,
    req,
    res,
  };
  if (!db) {
    if (spec.duringSetup) return base;
    throw new AppError('setupPending', 'setup.pending');
  }
  let access = spec.access;
  if (spec.publicUntilConfigured) access = [1];
  if (access === 'public') return base;

  const token = bearerTokenOf(req);
  if (!token) throw new AppError('unauthorized', 'auth.required');
  const session = await resolveSession(db, token, base.now);
  if (!session) throw new AppError('sessionExpired', 'auth.expired');
  const { user } = session;
  if (session.mustChangePassword && !spec.beforePasswordChange) throw new AppError('forbidden', 'password.changeDue');
  if (access !== 'authenticated' && !access.includes(user.roleID)) {
    // Part of the security record (logger.ts): who tried what their role does not allow.
    plant.logger
      .child({ module: SECURITY_MODULE })
      .warn(
        { userID: user.userID, roleID: user.roleID, ip: base.ip, method: req.method, path: req.path.slice(0, 200) },
        'Permission refused',
      );
    throw new AppError('forbidden', 'auth.forbidden');
  }
  return { ...base, user, db, mustChangePassword: session.mustChangePassword };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerTokenOf(req: Request): string | null {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The caller's IP without the IPv4-mapped prefix (terminals are matched by it). */
export function clientIp(req: Request): string {
  const ip = req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** The roles a route admits, as a list (for documentation and the permission test). */
export function allowedRoles(access: Access): readonly RoleId[] {
  if (access === 'public' || access === 'authenticated') return ALL_ROLES;
  return access;
}
