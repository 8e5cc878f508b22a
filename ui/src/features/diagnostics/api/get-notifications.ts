import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationDiagnosticsSchema } from '../../../../../edge/src/modules/notifications/notifications.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** The notifications' state: channels on, the bot's polling, the last day's counts and the latest sends. */
export type NotificationDiagnostics = z.output<typeof notificationDiagnosticsSchema>;

/** GET /api/diagnostics/notifications (the latest 100 sends, newest first). */
export const notificationsQuery = diagnosticsQuery<NotificationDiagnostics>('notifications', '/api/diagnostics/notifications', {
  history: false,
});

export function useNotificationDiagnostics() {
  return useQuery(notificationsQuery);
}
