import { isPlantDate } from './plant-time';

/**
 * How a date is written in a date field, in the app's language (not the browser's): Spanish 'dd/mm/aaaa', English
 * 'yyyy-mm-dd' (the app's own date format, SPEC.md section 9, which every screen shows). The fields' value stays
 * 'YYYY-MM-DD' ('' when empty); only the text the user reads and types changes with the language.
 */
export type DateTextFormat = 'dd/mm/yyyy' | 'yyyy-mm-dd';

export function dateTextFormat(language: string): DateTextFormat {
  return language.startsWith('es') ? 'dd/mm/yyyy' : 'yyyy-mm-dd';
}

/** The text of a 'YYYY-MM-DD' date in a field of `format` ('' when it is not a date). */
export function dateToText(date: string, format: DateTextFormat): string {
  if (!isPlantDate(date)) return '';
  return format === 'dd/mm/yyyy' ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date;
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;

/**
 * The 'YYYY-MM-DD' date a user typed, or null when it is no existing date. A year-first text (a pasted ISO date) is
 * read in either language; a day-first one only in Spanish, so '03/04/2026' is never read in two ways.
 */
export function textToDate(text: string, format: DateTextFormat): string | null {
  const trimmed = text.trim();
  const yearFirst = YEAR_FIRST.exec(trimmed);
  const dayFirst = format === 'dd/mm/yyyy' ? DAY_FIRST.exec(trimmed) : null;
  const parts = yearFirst ? [yearFirst[1]!, yearFirst[2]!, yearFirst[3]!] : dayFirst ? [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!] : null;
  if (!parts) return null;
  const [year, month, day] = parts as [string, string, string];
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isPlantDate(date) ? date : null;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** 'HH:mm:ss' (24 hours, both languages) of a typed time ('7:05' → '07:05:00'), or null when it is no time of day. */
export function textToTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
