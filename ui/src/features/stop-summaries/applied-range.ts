import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StopSummaryQuery } from '../../components/stops/api/get-stop-summary';
import { formatPlantDateTime } from '../../lib/plant-time';
import { calendarDayQuery, periodRange, useCalendarDays, type CalendarDay, type PlantRange } from '../../lib/shift-range';
import { readyOrderQuery, useReadyOrder, type ReadyOrder } from './api/get-ready-order';
import { stopSummaryQuery } from './api/get-stop-summary';
import { prefetchRangeOrders } from './components/range-orders-grid';
import { isShiftPeriod, type CompleteSummaryFilter } from './summary-filter';

/**
 * The range of an applied /paradas/resumen filter: a shift or the production day of its date as the line's calendar
 * has them (`day`, that date's), or the line's Ready order from its start to the moment of 'Aplicar' (`appliedAt`).
 * Null while what it needs is being read, when the line runs no order, or when its calendar has no such shift that day.
 */
export function appliedRange(
  filter: CompleteSummaryFilter,
  readyOrder: ReadyOrder | null | undefined,
  day: CalendarDay | undefined,
  appliedAt: number,
): PlantRange | null {
  if (isShiftPeriod(filter.period)) return day ? periodRange(filter.period, day) : null;
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
  const shift = isShiftPeriod(filter.period);
  const order = shift ? null : await queryClient.fetchQuery(readyOrderQuery(filter.lineID, appliedAt));
  const day = shift ? await queryClient.fetchQuery(calendarDayQuery(filter.lineID, filter.date)) : undefined;
  const range = appliedRange(filter, order, day, appliedAt);
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
  const shift = filter !== null && isShiftPeriod(filter.period);
  const ready = useReadyOrder(filter && !shift ? filter.lineID : null, appliedAt);
  const [day] = useCalendarDays(filter?.lineID ?? null, [shift ? filter.date : null]);
  const none = { range: null, query: null, caption: '', pending: false, noOrder: false, noPeriod: false, failedAt: 0 };
  if (!filter) return none;
  const range = appliedRange(filter, ready.data, day, appliedAt);
  const failedAt = ready.isError ? ready.errorUpdatedAt : 0;
  if (!range && shift) return { ...none, pending: day === undefined, noPeriod: day !== undefined };
  if (!range) return { ...none, pending: ready.isPending, noOrder: ready.isSuccess, failedAt };
  const caption =
    filter.period === 'order'
      ? t('stopSummary.orderRange', { n: filter.lineID, order: ready.data!.order, from: formatPlantDateTime(range.start) })
      : t('stopSummary.range', { n: filter.lineID, from: formatPlantDateTime(range.start), to: formatPlantDateTime(range.end) });
  return { ...none, range, query: summaryQueryOf(filter, range), caption, failedAt };
}
