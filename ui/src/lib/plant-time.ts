/**
 * Plant time in the browser, and the one place the app formats dates and times. The API writes instants as ISO 8601
 * with the plant's offset ('2026-03-01T06:00:00.000-03:00'); the screens show and edit the plant's wall-clock time,
 * whatever the browser's own time zone is, written 'YYYY-MM-DD HH:mm:ss' (SPEC.md section 9) in both languages. A
 * wall-clock time without an offset ('2026-03-01T06:00:00') is read by the server as plant time. An instant written
 * in UTC (the central portal's) is shown in its plant's IANA zone (`formatDateTimeInZone`).
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

/** 'HH:mm' of an API instant (or a plant wall-clock time) in plant time; 'HH:mm:ss' with `seconds`. */
export function formatPlantTime(iso: string | null | undefined, precision: 'minutes' | 'seconds' = 'minutes'): string {
  return iso ? plantLocal(iso).slice(11, precision === 'seconds' ? 19 : 16) : '';
}

/** 'YYYY-MM-DD', the plant date of an API instant (or a plant wall-clock time). */
export function formatPlantDate(iso: string | null | undefined): string {
  return iso ? plantLocal(iso).slice(0, 10) : '';
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in an IANA zone, 'YYYY-MM-DDTHH:mm:ss' (empty when the instant is unreadable). */
export function wallClockInZone(ms: number, timeZone: string): string {
  if (!Number.isFinite(ms)) return '';
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in any offset or in UTC ('…Z'), shown in the IANA zone of its plant. */
export function formatDateTimeInZone(iso: string | null | undefined, timeZone: string): string {
  return iso ? formatPlantDateTime(wallClockInZone(Date.parse(iso), timeZone)) : '';
}

/** Today's date, 'YYYY-MM-DD', in an IANA zone (the browser's own when none is given), never UTC's. */
export function todayInZone(timeZone?: string, now = Date.now()): string {
  return wallClockInZone(now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).slice(0, 10);
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
