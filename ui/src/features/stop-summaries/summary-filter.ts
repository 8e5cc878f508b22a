import { isPlantDate } from '../../lib/plant-time';
import { isPeriodCode } from '../../lib/shift-range';

/**
 * The filter of /paradas/resumen (SPEC.md sections 2, 5): a line, a plant date and a period — a shift of that day as
 * the line's work calendar has it (TM, TT, TN by default), the whole production day (TO) or the line's current order
 * ('order': its Ready order from its start to now). The applied filter lives in the query string
 * (?line=&date=&period=), so other pages link to it.
 */
export const ORDER_PERIOD = 'order';
/** A calendar's shift code, the day TO, or the current order. */
export type Period = string;

export interface SummaryFilter {
  lineID: number | null;
  date: string;
  period: Period | null;
}

export interface CompleteSummaryFilter {
  lineID: number;
  date: string;
  period: Period;
}

const isPeriod = (value: unknown): value is Period => value === ORDER_PERIOD || isPeriodCode(value);

/** Reads ?line=&date=&period=; what is missing or unreadable is left empty. */
export function summaryFilterOf(params: URLSearchParams): SummaryFilter {
  const line = params.get('line')?.trim() ?? '';
  const period = params.get('period')?.trim();
  return {
    lineID: /^\d+$/.test(line) ? Number(line) : null,
    date: params.get('date')?.trim() ?? '',
    period: isPeriod(period) ? period : null,
  };
}

/** SPEC.md section 5: the summary needs a numeric line, a date and a period ('Por favor complete los datos de filtro'). */
export function isCompleteFilter(filter: SummaryFilter): filter is CompleteSummaryFilter {
  return filter.lineID !== null && Number.isInteger(filter.lineID) && isPlantDate(filter.date) && filter.period !== null;
}

export function summaryParams(filter: CompleteSummaryFilter): Record<string, string> {
  return { line: String(filter.lineID), date: filter.date, period: filter.period };
}

/** The link to the summary of one line, date and period (from the second summary's results). */
export function summaryLink(filter: CompleteSummaryFilter): string {
  return `/paradas/resumen?${new URLSearchParams(summaryParams(filter)).toString()}`;
}

/** A shift of the date or its production day (TO), rather than the current order. */
export const isShiftPeriod = (period: Period): boolean => period !== ORDER_PERIOD;
