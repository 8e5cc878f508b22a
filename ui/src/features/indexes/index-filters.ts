import { joinFilters, type FilterExpression } from '../../components/data-grid/grid-query';
import { addPlantDays, formatPlantDate } from '../../lib/plant-time';

/**
 * The filters of the index grids as the grid calls' filter expressions. Dates are production days: day D runs from
 * D 06:00 to D+1 06:00 in plant time (SPEC.md section 3, shift TO), as in 'Reporte OEE'. Pure, unit-tested.
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

export const NO_INDEX_FILTER: IndexFilter = { lineID: null, from: '', to: '', status: null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the range can be applied: each bound a date or empty, the first day not after the last. */
export function isRangeValid({ from, to }: IndexFilter): boolean {
  if ((from !== '' && !DAY.test(from)) || (to !== '' && !DAY.test(to))) return false;
  return from === '' || to === '' || from <= to;
}

/** Plant time the server reads without an offset: the start of a production day. */
const dayStart = (day: string) => `${day}T06:00:00`;
/** The end of a production day: the start of the next one. */
const dayEnd = (day: string) => dayStart(addPlantDays(day, 1));

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
export function orderIndexFilter(filter: IndexFilter): FilterExpression | null {
  return joinFilters('and', [
    lineIs(filter.lineID),
    filter.status === null ? null : ['status', '=', filter.status],
    ranDuring(filter.from === '' ? null : dayStart(filter.from), filter.to === '' ? null : dayEnd(filter.to)),
  ]);
}

/** The shift-index grid: the line's shifts of the production days. */
export function shiftIndexFilter(filter: IndexFilter): FilterExpression | null {
  return joinFilters('and', [
    lineIs(filter.lineID),
    filter.from === '' ? null : ['shiftStart', '>=', dayStart(filter.from)],
    filter.to === '' ? null : ['shiftStart', '<', dayEnd(filter.to)],
  ]);
}

/** The orders of a line that ran during a shift (API instants, with the plant's offset). */
export function shiftOrdersFilter(lineID: number, shiftStart: string, shiftEnd: string): FilterExpression {
  return joinFilters('and', [lineIs(lineID), ranDuring(shiftStart, shiftEnd)])!;
}

/**
 * The production day of a shift, 'YYYY-MM-DD': the plant date its start falls on, since shifts start at 06:00, 14:00
 * and 22:00 (the night shift belongs to the day it starts in).
 */
export function productionDayOf(shiftStart: string): string {
  return formatPlantDate(shiftStart);
}
