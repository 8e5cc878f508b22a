import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStopSummary, type StopSummaryQuery } from '../../../components/stops/api/get-stop-summary';

/**
 * The summary of an applied filter, idle until there is one. Not polled; each 'Aplicar' (`appliedAt`) asks again,
 * so a shift still running shows its latest stops.
 */
export const stopSummaryQuery = (query: StopSummaryQuery | null, appliedAt: number) =>
  queryOptions({
    queryKey: ['stop-summary', query, appliedAt],
    queryFn: () => getStopSummary(query!),
    enabled: query !== null,
    staleTime: Infinity,
  });

export function useStopSummary(query: StopSummaryQuery | null, appliedAt: number) {
  return useQuery(stopSummaryQuery(query, appliedAt));
}
