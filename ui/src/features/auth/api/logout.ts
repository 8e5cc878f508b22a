import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** POST /api/users/logout revokes the session on the server; the app forgets it whatever the answer. */
export function logout(): Promise<void> {
  return apiRequest<void>('/api/users/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      session.end('logout');
      queryClient.clear();
    },
  });
}
