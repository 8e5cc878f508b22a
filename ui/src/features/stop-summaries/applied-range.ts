import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StopSummaryQuery } from '../../components/stops/api/get-stop-summary';
import { formatPlantDateTime } from '../../lib/plant-time';
import { shiftRange } from '../../lib/shift-range';
import { readyOrderQuery, useReadyOrder, type ReadyOrder } from './api/get-ready-order';
import { stopSummaryQuery } from './api/get-stop-summary';
import { prefetchRangeOrders } from './components/range-orders-grid';
import { isShiftPeriod, type CompleteSummaryFilter } from './summary-filter';

/**
 * The range of an applied /paradas/resumen filter: a shift or the plant day of its date, or the line's Ready order
 * from its start to the moment of 'Aplicar' (`appliedAt`). Null for the current order while it is being read, or when
 * the line runs none.
 */
export function appliedRange(
  filter: CompleteSummaryFilter,
  readyOrder: ReadyOrder | null | undefined,
  appliedAt: number,
): { start: string; end: string } | null {
  if (isShiftPeriod(filter.period)) return shiftRange(filter.period, filter.date);
  return readyOrder ? { start: readyOrder.startDate, end: new Date(appliedAt).toISOString() } : null;
}

const summaryQueryOf = (filter: CompleteSummaryFilter, range: { start: string; end: string }): StopSummaryQuery => ({
  lineID: filter.lineID,
  startDate: range.start,
  endDate: range.end,
});

/**
 * Starts reading what an applied filter shows at the click, before the page renders its results (the current order,
 * then the summary and the first orders), so the answers arrive as soon as the server can give them.
 */
export async function prefetchSummary(queryClient: QueryClient, filter: CompleteSummaryFilter, appliedAt: number): Promise<void> {
  const order = filter.period === 'order' ? await queryClient.fetchQuery(readyOrderQuery(filter.lineID, appliedAt)) : null;
  const range = appliedRange(filter, order, appliedAt);
  if (range)
    await Promise.all([
      queryClient.prefetchQuery(stopSummaryQuery(summaryQueryOf(filter, range), appliedAt)),
      prefetchRangeOrders(queryClient, { lineID: filter.lineID, range }),
    ]);
}

export function usePrefetchSummary() {
  const queryClient = useQueryClient();
  return (filter: CompleteSummaryFilter, appliedAt: number) => void prefetchSummary(queryClient, filter, appliedAt).catch(() => undefined);
}

/** The applied filter's range and summary call, with what the page says about them. */
export function useAppliedRange(filter: CompleteSummaryFilter | null, appliedAt: number) {
  const { t } = useTranslation();
  const ready = useReadyOrder(filter?.period === 'order' ? filter.lineID : null, appliedAt);
  if (!filter) return { range: null, query: null, caption: '', pending: false, noOrder: false, failedAt: 0 };
  const range = appliedRange(filter, ready.data, appliedAt);
  const failedAt = ready.isError ? ready.errorUpdatedAt : 0;
  if (!range) return { range: null, query: null, caption: '', pending: ready.isPending, noOrder: ready.isSuccess, failedAt };
  const caption =
    filter.period === 'order'
      ? t('stopSummary.orderRange', { n: filter.lineID, order: ready.data!.order, from: formatPlantDateTime(range.start) })
      : t('stopSummary.range', { n: filter.lineID, from: formatPlantDateTime(range.start), to: formatPlantDateTime(range.end) });
  return { range, query: summaryQueryOf(filter, range), caption, pending: false, noOrder: false, failedAt };
}
