import type { Api } from '../../http/api';
import { AppError } from '../../http/errors';
import { loginSchema, sessionUserSchema } from './auth.schemas';
import { login, logout } from './auth.service';

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
      return login(ctx.db, body, ctx.now, ctx.ip, ctx.plant.logger.child({ module: 'auth' }));
    },
  );

  api.route(
    { method: 'post', path: '/api/users/isvalid', access: 'authenticated', tag: 'session', summary: 'Checks the session (200, or 401 when expired).' },
    ({ ctx }) => ({ valid: true, userID: ctx.user.userID, roleID: ctx.user.roleID }),
  );

  api.route(
    { method: 'post', path: '/api/users/logout', access: 'authenticated', tag: 'session', summary: 'Revokes the current session.' },
    async ({ ctx }) => {
      const token = ctx.req.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      await logout(ctx.db, token);
    },
  );
}
