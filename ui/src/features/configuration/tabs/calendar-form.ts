import type { WorkCalendar } from '../api/calendars';

/**
 * The 'Calendario' tab's form: a work calendar as the fields hold it (text, as typed), and back to what the API takes.
 * Nothing is checked here: the server checks the whole calendar and answers each problem on its field, by the same
 * paths the form's fields are named with ('versions.0.pattern.shifts.1.start', 'exceptions.2.until').
 */

export interface FormShift {
  code: string;
  nameEs: string;
  nameEn: string;
  start: string;
  /** '' : scheduled until the next shift starts. */
  end: string;
}

export interface FormBreak {
  shiftCode: string;
  start: string;
  minutes: string;
}

export interface FormVersion {
  effectiveFrom: string;
  shifts: FormShift[];
  breaks: FormBreak[];
  weekdays: number[];
}

export const EXCEPTION_KINDS = ['holiday', 'shortDay', 'extraShift'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export interface FormException {
  date: string;
  kind: ExceptionKind;
  /** A shorter day's end. */
  until: string;
  /** An extra shift's code. */
  shiftCode: string;
}

export interface CalendarForm {
  versions: FormVersion[];
  exceptions: FormException[];
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function toForm(calendar: WorkCalendar): CalendarForm {
  return {
    versions: calendar.versions.map((version) => ({
      effectiveFrom: version.effectiveFrom,
      shifts: version.pattern.shifts.map((shift) => ({ ...shift, end: shift.end ?? '' })),
      breaks: (version.pattern.breaks ?? []).map((pause) => ({ ...pause, minutes: String(pause.minutes) })),
      weekdays: [...version.pattern.weekdays].sort((a, b) => a - b),
    })),
    exceptions: (calendar.exceptions ?? []).map((exception) => ({
      date: exception.date,
      kind: exception.kind,
      until: exception.kind === 'shortDay' ? exception.until : '',
      shiftCode: exception.kind === 'extraShift' ? exception.shiftCode : '',
    })),
  };
}

/** Minutes typed as plain digits become a number; anything else is sent as typed, for the server to name the field. */
const minutesOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : (text as unknown as number));

export function fromForm(form: CalendarForm): WorkCalendar {
  return {
    versions: form.versions.map((version) => ({
      effectiveFrom: version.effectiveFrom,
      pattern: {
        shifts: version.shifts.map((shift) => ({
          code: shift.code,
          nameEs: shift.nameEs,
          nameEn: shift.nameEn,
          start: shift.start,
          ...(shift.end.trim() === '' ? {} : { end: shift.end }),
        })),
        breaks: version.breaks.map((pause) => ({ shiftCode: pause.shiftCode, start: pause.start, minutes: minutesOf(pause.minutes) })),
        weekdays: [...version.weekdays].sort((a, b) => a - b),
      },
    })),
    exceptions: form.exceptions.map((exception) =>
      exception.kind === 'holiday'
        ? { date: exception.date, kind: 'holiday' as const }
        : exception.kind === 'shortDay'
          ? { date: exception.date, kind: 'shortDay' as const, until: exception.until }
          : { date: exception.date, kind: 'extraShift' as const, shiftCode: exception.shiftCode },
    ),
  };
}

/** A new version: the last one's pattern, from `effectiveFrom`. */
export function nextVersion(form: CalendarForm, effectiveFrom: string): FormVersion {
  const last = form.versions.at(-1);
  return last
    ? {
        effectiveFrom,
        shifts: last.shifts.map((shift) => ({ ...shift })),
        breaks: last.breaks.map((pause) => ({ ...pause })),
        weekdays: [...last.weekdays],
      }
    : { effectiveFrom, shifts: [{ code: '', nameEs: '', nameEn: '', start: '', end: '' }], breaks: [], weekdays: [1, 2, 3, 4, 5] };
}

/** Scheduled minutes of a preview day's shift: its scheduled spans (plant ISO), breaks left out by the server. */
export function spanMinutes(spans: readonly { start: string; end: string }[]): number {
  return spans.reduce((sum, span) => sum + (Date.parse(span.end) - Date.parse(span.start)) / 60_000, 0);
}

/** 'HH:mm' of a plant ISO instant ('2026-05-04T07:00:00.000+02:00' → '07:00'): the wall time the server wrote. */
export const wallTime = (iso: string) => iso.slice(11, 16);
