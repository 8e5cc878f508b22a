import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/users/changePassword: the user's own password, signed with the current one; the session goes on. */
export function changePassword(request: ChangePasswordRequest): Promise<void> {
  return apiRequest<void>('/api/users/changePassword', { method: 'POST', json: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: () => session.passwordChanged() });
}
