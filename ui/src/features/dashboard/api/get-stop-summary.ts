import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TimeRange } from '../dashboard-context';
import { rangeQuery } from './range-query';

export interface ReasonSummaryRow {
  reason: string | null;
  path: string | null;
  color: string | null;
  /** Minutes within the range. */
  duration: number;
  quantity: number;
  percent: number;
}

export interface StopSummary {
  totalMinutes: number;
  byReason: ReasonSummaryRow[];
}

/** GET /api/stops/getStopsSummary (line, startDate, endDate): the range's stop minutes by reason (clipped to it). */
export function getStopSummary(lineID: number, start: string, end: string): Promise<StopSummary> {
  return apiRequest<StopSummary>('/api/stops/getStopsSummary', { query: { line: lineID, startDate: start, endDate: end } });
}

export const stopSummaryQuery = (lineID: number, range: TimeRange | null, refreshMs: number) =>
  rangeQuery('stop-summary', lineID, range, refreshMs, ({ start, end }) => getStopSummary(lineID, start, end));

export function useStopSummary(lineID: number, range: TimeRange | null, refreshMs: number) {
  return useQuery(stopSummaryQuery(lineID, range, refreshMs));
}
