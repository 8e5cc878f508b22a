import type { QueryClient } from '@tanstack/react-query';
import { joinFilters, type FilterExpression } from '../../components/data-grid/grid-query';
import { calendarDayQuery } from '../../lib/shift-range';

/**
 * The filters of the index grids as the grid calls' filter expressions. Dates are production days as the line's work
 * calendar has them (the plant's for all lines; 06:00 to 06:00 by default, SPEC.md section 3, shift TO), as in
 * 'Reporte OEE'. Pure, unit-tested, but for `withDaySpan`, which reads the days' spans from the server.
 */
export interface IndexFilter {
  lineID: number | null;
  /** First production day, 'YYYY-MM-DD', or '' for no bound. */
  from: string;
  /** Last production day, 'YYYY-MM-DD', or '' for no bound. */
  to: string;
  /** Order status (0 Created, 1 Ready, 2 Finalized), or null for all. */
  status: number | null;
}

/** A filter with its days' span: from the start of the first production day to the end of the last (null: no bound). */
export interface AppliedIndexFilter extends IndexFilter {
  start: string | null;
  end: string | null;
}

export const NO_INDEX_FILTER: AppliedIndexFilter = { lineID: null, from: '', to: '', status: null, start: null, end: null };

/** The filter with the span of its days, as the calendar of its line (or the plant's) has them. */
export async function withDaySpan(queryClient: QueryClient, filter: IndexFilter): Promise<AppliedIndexFilter> {
  const span = async (date: string, edge: 'start' | 'end') =>
    date === '' ? null : (await queryClient.fetchQuery(calendarDayQuery(filter.lineID, date)))[edge];
  const [start, end] = await Promise.all([span(filter.from, 'start'), span(filter.to, 'end')]);
  return { ...filter, start, end };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the range can be applied: each bound a date or empty, the first day not after the last. */
export function isRangeValid({ from, to }: IndexFilter): boolean {
  if ((from !== '' && !DAY.test(from)) || (to !== '' && !DAY.test(to))) return false;
  return from === '' || to === '' || from <= to;
}

const lineIs = (lineID: number | null): FilterExpression | null => (lineID === null ? null : ['lineID', '=', lineID]);

/** Orders that ran during [start, end): started before the end and not ended before the start (a running order has no end). */
function ranDuring(start: string | null, end: string | null): FilterExpression | null {
  if (start === null && end === null) return null;
  return joinFilters('and', [
    ['startDate', '<>', null],
    end === null ? null : ['startDate', '<', end],
    start === null ? null : [['endDate', '=', null], 'or', ['endDate', '>', start]],
  ]);
}

/** The order-index grid: the line's orders, of a status, that ran during the production days (as 'Reporte OEE' lists them). */
export function orderIndexFilter(filter: AppliedIndexFilter): FilterExpression | null {
  return joinFilters('and', [
    lineIs(filter.lineID),
    filter.status === null ? null : ['status', '=', filter.status],
    ranDuring(filter.start, filter.end),
  ]);
}

/**
 * The shift-index grid: the line's shifts of the production days, by the day each shift stores (the day of the calendar
 * that computed it, which a later calendar version does not move until a recalculation), not by its start.
 */
export function shiftIndexFilter(filter: IndexFilter): FilterExpression | null {
  return joinFilters('and', [
    lineIs(filter.lineID),
    filter.from === '' ? null : ['productionDay', '>=', filter.from],
    filter.to === '' ? null : ['productionDay', '<=', filter.to],
  ]);
}

/** The orders of a line that ran during a shift (API instants, with the plant's offset). */
export function shiftOrdersFilter(lineID: number, shiftStart: string, shiftEnd: string): FilterExpression {
  return joinFilters('and', [lineIs(lineID), ranDuring(shiftStart, shiftEnd)])!;
}
