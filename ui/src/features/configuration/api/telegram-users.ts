import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  registrationAnswerSchema,
  telegramRegistrationsSchema,
} from '../../../../../edge/src/modules/notifications/notifications.schemas';
import { apiRequest } from '../../../lib/api-client';

/** Each user's registration with the Telegram bot (GET /api/telegramUsers). */
export type TelegramRegistration = z.output<typeof telegramRegistrationsSchema>[number];
export type RegistrationAnswer = z.output<typeof registrationAnswerSchema>;

export const telegramUsersQuery = queryOptions({
  queryKey: ['telegramUsers'],
  queryFn: () => apiRequest<TelegramRegistration[]>('/api/telegramUsers'),
});

export function useTelegramUsers(enabled: boolean) {
  return useQuery({ ...telegramUsersQuery, enabled });
}

/** POST /api/telegramUsers {userID}, or /api/telegramUsers/all without one: emails the personal link(s) to the bot. */
export function sendTelegramLink(userID: string | null): Promise<RegistrationAnswer> {
  return userID === null
    ? apiRequest('/api/telegramUsers/all', { method: 'POST', json: {} })
    : apiRequest('/api/telegramUsers', { method: 'POST', json: { userID } });
}

export function useSendTelegramLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTelegramLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramUsersQuery.queryKey }),
  });
}
