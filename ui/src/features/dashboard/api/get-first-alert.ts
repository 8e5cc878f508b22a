import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';
import type { MaintenanceCall } from './get-line-status';

/** GET /api/alerts/first?lineid: the maintenance call in progress on the line, or null. */
export function getFirstAlert(lineID: number): Promise<MaintenanceCall | null> {
  return apiRequest<MaintenanceCall | null>('/api/alerts/first', { query: { lineid: lineID } });
}

/** SPEC.md section 9: the maintenance alert is polled every 30 s. */
export const ALERT_POLL_MS = 30_000;

export const firstAlertQuery = (lineID: number) =>
  queryOptions({ queryKey: ['dashboard', 'alert', lineID], queryFn: () => getFirstAlert(lineID), ...livePolling(ALERT_POLL_MS) });

export function useFirstAlert(lineID: number) {
  return useQuery(firstAlertQuery(lineID));
}
