/**
 * Plant time in the browser. The API writes instants as ISO 8601 with the plant's offset
 * ('2026-03-01T06:00:00.000-03:00'); the screens show and edit the plant's wall-clock time, whatever the browser's
 * own time zone is. A wall-clock time without an offset ('2026-03-01T06:00:00') is read by the server as plant time.
 */

const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The plant's wall-clock time of an API instant, as 'YYYY-MM-DDTHH:mm:ss' (empty when unreadable). */
export function plantLocal(iso: string): string {
  const match = ISO.exec(iso.trim());
  return match ? `${match[1]}T${match[2]}:${match[3] ?? '00'}` : '';
}

/** The offset (minutes east of UTC) an API instant is written with; 0 when it has none. */
export function offsetMinutesOf(iso: string): number {
  const zone = ISO.exec(iso.trim())?.[4];
  if (!zone || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/** An instant as the plant's wall-clock time, 'YYYY-MM-DDTHH:mm:ss', at a given offset. */
export function toPlantLocal(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
}

/** The instant of a plant wall-clock time ('YYYY-MM-DDTHH:mm[:ss]') at a given offset; NaN when unreadable. */
export function plantLocalToMs(local: string, offsetMinutes: number): number {
  const match = ISO.exec(local.trim());
  if (!match) return Number.NaN;
  return Date.parse(`${match[1]}T${match[2]}:${match[3] ?? '00'}Z`) - offsetMinutes * 60_000;
}

/** 'YYYY-MM-DD HH:mm:ss' (SPEC.md section 9) of an API instant. */
export function formatPlantDateTime(iso: string | null | undefined): string {
  return iso ? plantLocal(iso).replace('T', ' ') : '';
}

/** 'HH:mm' of an API instant in plant time. */
export function formatPlantTime(iso: string | null | undefined): string {
  return iso ? plantLocal(iso).slice(11, 16) : '';
}

/** The calendar date `days` days after a 'YYYY-MM-DD' date (negative goes back); plain calendar arithmetic. */
export function addPlantDays(date: string, days: number): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Whether `date` is an existing calendar date written 'YYYY-MM-DD'. */
export function isPlantDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && addPlantDays(date, 0) === date;
}
