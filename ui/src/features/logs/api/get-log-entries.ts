import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinFilters, type FilterExpression } from '../../../components/data-grid/grid-query';
import { apiRequest } from '../../../lib/api-client';
import { joinNewest, TAIL_SIZE, type LogEntry } from '../log-view';

/** GET /api/log/get: the recent log entries, a grid resource (the viewer's grid pages it on the server). */
export const LOG_PATH = '/api/log/get';

/** The newest entries matching the filter, newest first; after `afterId`, only those written since. */
export function getNewestLogEntries(filter: FilterExpression | null, afterId: number | null): Promise<{ data: LogEntry[] }> {
  const newer = afterId === null ? null : ['id', '>', afterId];
  const query: Record<string, string | number> = { take: TAIL_SIZE, sort: JSON.stringify([{ selector: 'id', desc: true }]) };
  const expression = joinFilters('and', [filter, newer]);
  if (expression) query.filter = JSON.stringify(expression);
  return apiRequest<{ data: LogEntry[] }>(LOG_PATH, { query });
}

/** How often the follow mode asks for new lines. */
export const FOLLOW_POLL_MS = 1_000;

/**
 * The follow mode: the newest lines once, then every second only those written since the newest held, joined on
 * top. A new filter starts a new tail; leaving the mode forgets it.
 */
export const logTailQuery = (filter: FilterExpression | null) =>
  queryOptions({
    queryKey: ['log', 'tail', filter],
    queryFn: async ({ client, queryKey }): Promise<LogEntry[]> => {
      const held = client.getQueryData<LogEntry[]>(queryKey) ?? [];
      const page = await getNewestLogEntries(filter, held[0]?.id ?? null);
      return page.data.length === 0 ? held : joinNewest(held, page.data);
    },
    refetchInterval: FOLLOW_POLL_MS,
    refetchIntervalInBackground: false,
    gcTime: 0,
  });

export function useLogTail(filter: FilterExpression | null, enabled: boolean) {
  return useQuery({ ...logTailQuery(filter), enabled });
}
