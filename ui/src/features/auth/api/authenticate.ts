import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Credentials } from '../../../lib/credentials';
import { session, type SessionUser } from '../../../lib/session';

/** POST /api/users/authenticate: the session user with its bearer token. */
export function authenticate(credentials: Credentials): Promise<SessionUser> {
  return apiRequest<SessionUser>('/api/users/authenticate', { method: 'POST', json: credentials, authenticated: false });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate, onSuccess: (user) => session.login(user) });
}
