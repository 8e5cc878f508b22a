import type { z } from 'zod';
import type { StopSummaryLevel } from '../../../../../edge/src/domain/stop-summary';
import type { stopSummaryResponseSchema } from '../../../../../edge/src/modules/stops/stops.schemas';
import { apiRequest } from '../../../lib/api-client';
import { stopColor } from '../stop';

/**
 * The answer of GET /api/stops/getStopsSummary as the server's schema states it: minutes rounded to the hundredth,
 * percents 0..1; `byReason` and `byPath` share the total of every stop, `pareto` (only the stops flagged pareto,
 * longest first) the total of its own (SPEC.md section 9). Rows of unrecognized stops have path and reason null.
 */
export type StopSummary = z.infer<typeof stopSummaryResponseSchema>;
export type ReasonSummaryRow = StopSummary['byReason'][number];
export type PathSummaryRow = StopSummary['byPath'][number];

/** Depth of the path to group by (SPEC.md section 5): 1 to 6, or 'all' (Todos) for whole paths. */
export type SummaryLevel = StopSummaryLevel;

export interface StopSummaryQuery {
  lineID: number;
  /** Plant wall-clock times or ISO instants; stops are clipped to [startDate, endDate). */
  startDate: string;
  endDate: string;
  /** A product code; absent: every product. */
  product?: string | null;
  /** A top category (reasonID); absent or 0: every stop. */
  root?: number | null;
  level?: SummaryLevel;
}

/**
 * GET /api/stops/getStopsSummary (line, startDate, endDate, product, root when > 0, level): the range's stops
 * clipped to it (an open one ends now), by path, by reason and as a Pareto.
 */
export function getStopSummary({ lineID, startDate, endDate, product, root, level }: StopSummaryQuery): Promise<StopSummary> {
  return apiRequest<StopSummary>('/api/stops/getStopsSummary', {
    query: { line: lineID, startDate, endDate, product: product || null, root: root || null, level: level ?? null },
  });
}

/** The colour a summary row is drawn in: its reason's, red for the stops not recognized yet. */
export const summaryRowColor = (row: Pick<ReasonSummaryRow, 'path' | 'color'>) =>
  stopColor({ recognized: row.path !== null, color: row.color });
