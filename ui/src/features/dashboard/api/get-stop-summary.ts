import { useQuery } from '@tanstack/react-query';
import { getStopSummary } from '../../../components/stops/api/get-stop-summary';
import type { TimeRange } from '../dashboard-context';
import { rangeQuery } from './range-query';

/** The range's stop minutes by reason (clipped to it), polled with the dashboard. */
export const stopSummaryQuery = (lineID: number, range: TimeRange | null, refreshMs: number) =>
  rangeQuery('stop-summary', lineID, range, refreshMs, ({ start, end }) => getStopSummary({ lineID, startDate: start, endDate: end }));

export function useStopSummary(lineID: number, range: TimeRange | null, refreshMs: number) {
  return useQuery(stopSummaryQuery(lineID, range, refreshMs));
}
