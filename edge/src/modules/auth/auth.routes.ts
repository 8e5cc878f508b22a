import { SECURITY_MODULE } from '../../logger';
import { bearerTokenOf, type Api } from '../../http/api';
import { AppError } from '../../http/errors';
import { requireJsonBody } from '../../http/request-input';
import { changePasswordSchema, loginSchema, sessionCheckSchema, sessionUserSchema } from './auth.schemas';
import { changeOwnPassword, login, logout } from './auth.service';

export function registerAuthRoutes(api: Api): void {
  api.route(
    {
      method: 'post',
      path: '/api/users/authenticate',
      access: 'public',
      tag: 'session',
      summary: 'Log in: answers the session user with a bearer token.',
      body: loginSchema,
      response: sessionUserSchema,
    },
    async ({ ctx, body }) => {
      if (!ctx.db) throw new AppError('setupPending', 'setup.pending');
      requireJsonBody(ctx.req);
      return login(ctx.db, body, ctx.now, ctx.ip, ctx.plant.logger.child({ module: SECURITY_MODULE }));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/users/isvalid',
      access: 'authenticated',
      beforePasswordChange: true,
      tag: 'session',
      summary: 'Checks the session (200, or 401 when expired); says whether the password must be changed first.',
      response: sessionCheckSchema,
    },
    ({ ctx }) => ({ valid: true, userID: ctx.user.userID, roleID: ctx.user.roleID, mustChangePassword: ctx.mustChangePassword }),
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
      await logout(ctx.db, bearerTokenOf(ctx.req) ?? '');
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/users/changePassword',
      access: 'authenticated',
      beforePasswordChange: true,
      tag: 'session',
      summary:
        "Changes the caller's own password, signed with the current one; ends their other sessions. Required at the first sign-in after setup.",
      body: changePasswordSchema,
      response: 'none',
    },
    async ({ ctx, body }) => {
      await changeOwnPassword(ctx.db, { userID: ctx.user.userID, token: bearerTokenOf(ctx.req) ?? '' }, body, ctx.now);
    },
  );
}
