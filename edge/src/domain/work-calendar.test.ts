import { describe, expect, it } from 'vitest';
import { isValidPlantDate, shiftAt, shiftsOverlapping, stepShift } from './calendar';
import {
  breakIntervals,
  calendarShiftAt,
  calendarShiftsOverlapping,
  clipToIntervals,
  DEFAULT_CALENDAR,
  DEFAULT_PATTERN,
  plantDateAt,
  productionDay,
  scheduleAt,
  scheduledIntervals,
  stepCalendarShift,
  totalMs,
  validateCalendar,
  validatePattern,
  type CalendarPattern,
  type WorkCalendar,
} from './work-calendar';
import { instantOfWallTime } from './time-zone';
import { HOUR_MS, MINUTE_MS } from './time';

const MADRID = 'Europe/Madrid';
const utc = (iso: string) => Date.parse(iso);
const wall = (date: string, time: string, timeZone = MADRID) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return instantOfWallTime({ year, month, day, hour, minute }, timeZone);
};
const calendarOf = (pattern: Partial<CalendarPattern>, exceptions: WorkCalendar['exceptions'] = []): WorkCalendar => ({
  versions: [{ effectiveFrom: '2000-01-01', pattern: { ...DEFAULT_PATTERN, ...pattern } }],
  exceptions,
});
const TWELVE_HOURS: Partial<CalendarPattern> = {
  shifts: [
    { code: 'TD', nameEs: 'Día', nameEn: 'Day', start: '07:00' },
    { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '19:00' },
  ],
};
const WEEKDAYS_ONLY: Partial<CalendarPattern> = { weekdays: [1, 2, 3, 4, 5] };
const shape = (shifts: { code: string; plantDate: string; startMs: number; endMs: number }[]) =>
  shifts.map(({ code, plantDate, startMs, endMs }) => ({ code, plantDate, startMs, endMs }));

describe('the default calendar', () => {
  it("equals today's constants: every shift, production date, step and overlap, in zones with and without DST, across both changes", () => {
    for (const zone of [MADRID, 'UTC', 'America/New_York', 'America/Santiago', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      // Every 53 minutes over a year: every DST change of those zones and, over the year, every minute-offset of a boundary.
      for (let t = utc('2026-01-01T00:00:00Z'); t < utc('2027-01-01T00:00:00Z'); t += 53 * MINUTE_MS) {
        const constant = shiftAt(t, zone);
        const shift = calendarShiftAt(DEFAULT_CALENDAR, t, zone);
        expect(shape([shift])).toEqual([constant]);
        expect(plantDateAt(DEFAULT_CALENDAR, t, zone)).toBe(constant.plantDate);
        if (t % (11 * HOUR_MS) < 53 * MINUTE_MS) {
          expect(shape([stepCalendarShift(DEFAULT_CALENDAR, shift, 1, zone)])).toEqual([stepShift(constant, 1, zone)]);
          expect(shape([stepCalendarShift(DEFAULT_CALENDAR, shift, -1, zone)])).toEqual([stepShift(constant, -1, zone)]);
        }
      }
      const from = utc('2026-03-20T00:00:00Z');
      const to = utc('2026-11-10T00:00:00Z');
      expect(shape(calendarShiftsOverlapping(DEFAULT_CALENDAR, from, to, zone))).toEqual(shiftsOverlapping(from, to, zone));
    }
  });

  it('schedules every instant, with no break: scheduled time is the whole range', () => {
    const from = utc('2026-03-27T10:17:00Z');
    const to = utc('2026-04-02T03:00:00Z');
    expect(scheduledIntervals(DEFAULT_CALENDAR, from, to, MADRID)).toEqual([{ startMs: from, endMs: to }]);
    expect(breakIntervals(DEFAULT_CALENDAR, from, to, MADRID)).toEqual([]);
    expect(validatePattern(DEFAULT_PATTERN)).toEqual([]);
  });
});

describe('shift patterns', () => {
  it('two 12-hour shifts from 07:00: the day runs 07:00 to 07:00 and 06:30 still belongs to the day before', () => {
    const calendar = calendarOf(TWELVE_HOURS);
    const day = productionDay(calendar, '2026-05-12', MADRID);
    expect(day.startMs).toBe(wall('2026-05-12', '07:00'));
    expect(day.endMs).toBe(wall('2026-05-13', '07:00'));
    expect(day.shifts.map((s) => [s.code, (s.endMs - s.startMs) / HOUR_MS])).toEqual([
      ['TD', 12],
      ['TN', 12],
    ]);
    expect(plantDateAt(calendar, wall('2026-05-13', '06:30'), MADRID)).toBe('2026-05-12');
    expect(calendarShiftAt(calendar, wall('2026-05-13', '06:30'), MADRID).code).toBe('TN');
    expect(calendarShiftAt(calendar, wall('2026-05-13', '07:00'), MADRID)).toMatchObject({ code: 'TD', plantDate: '2026-05-13' });
    const night = calendarShiftAt(calendar, wall('2026-05-13', '02:00'), MADRID);
    expect(stepCalendarShift(calendar, night, 1, MADRID)).toMatchObject({ code: 'TD', plantDate: '2026-05-13' });
    expect(stepCalendarShift(calendar, night, -1, MADRID)).toMatchObject({ code: 'TD', plantDate: '2026-05-12' });
  });

  it('a 07:00 start with three shifts moves every boundary an hour and the production day with it', () => {
    const calendar = calendarOf({
      shifts: [
        { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '07:00' },
        { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '15:00' },
        { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '23:00' },
      ],
    });
    const day = productionDay(calendar, '2026-05-12', MADRID);
    expect(day.shifts.map((s) => [s.code, s.startMs, s.endMs])).toEqual([
      ['TM', wall('2026-05-12', '07:00'), wall('2026-05-12', '15:00')],
      ['TT', wall('2026-05-12', '15:00'), wall('2026-05-12', '23:00')],
      ['TN', wall('2026-05-12', '23:00'), wall('2026-05-13', '07:00')],
    ]);
    expect(plantDateAt(calendar, wall('2026-05-12', '06:59'), MADRID)).toBe('2026-05-11');
  });

  it('a shift that ends before the next starts leaves the rest of its period unscheduled', () => {
    const calendar = calendarOf({
      shifts: [
        { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00' },
        { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00', end: '22:00' },
      ],
    });
    const day = productionDay(calendar, '2026-05-12', MADRID);
    expect(day.shifts[1]).toMatchObject({ code: 'TT', startMs: wall('2026-05-12', '14:00'), endMs: wall('2026-05-13', '06:00') });
    expect(day.shifts[1]!.scheduled).toEqual([{ startMs: wall('2026-05-12', '14:00'), endMs: wall('2026-05-12', '22:00') }]);
    expect(scheduleAt(calendar, wall('2026-05-13', '01:00'), MADRID)).toMatchObject({
      scheduled: false,
      shift: { code: 'TT', plantDate: '2026-05-12' },
    });
  });
});

describe('weekdays, holidays, shorter days and extra shifts', () => {
  it('a weekend is not scheduled; its shifts still exist, so time on it belongs to a shift', () => {
    const calendar = calendarOf(WEEKDAYS_ONLY);
    // 2026-05-15 is a Friday: its night shift ends Saturday 06:00; Saturday and Sunday are not worked.
    const from = wall('2026-05-15', '06:00');
    const to = wall('2026-05-18', '06:00');
    expect(scheduledIntervals(calendar, from, to, MADRID)).toEqual([{ startMs: from, endMs: wall('2026-05-16', '06:00') }]);
    const saturday = productionDay(calendar, '2026-05-16', MADRID);
    expect(saturday.shifts.map((s) => s.code)).toEqual(['TM', 'TT', 'TN']);
    expect(saturday.shifts.every((s) => s.scheduled.length === 0)).toBe(true);
  });

  it('a holiday has nothing scheduled', () => {
    const calendar = calendarOf({}, [{ date: '2026-05-01', kind: 'holiday' }]);
    const day = productionDay(calendar, '2026-05-01', MADRID);
    expect(scheduledIntervals(calendar, day.startMs, day.endMs, MADRID)).toEqual([]);
    expect(totalMs(scheduledIntervals(calendar, wall('2026-04-30', '06:00'), wall('2026-05-03', '06:00'), MADRID))).toBe(48 * HOUR_MS);
  });

  it('a shorter day ends its scheduled time at its wall time, inside the shift it falls in', () => {
    const calendar = calendarOf({}, [{ date: '2026-12-24', kind: 'shortDay', until: '18:00' }]);
    const day = productionDay(calendar, '2026-12-24', MADRID);
    expect(scheduledIntervals(calendar, day.startMs, day.endMs, MADRID)).toEqual([
      { startMs: wall('2026-12-24', '06:00'), endMs: wall('2026-12-24', '18:00') },
    ]);
    expect(day.shifts.map((s) => totalMs(s.scheduled) / HOUR_MS)).toEqual([8, 4, 0]);
  });

  it('an extra Saturday shift schedules that shift only', () => {
    const calendar = calendarOf(WEEKDAYS_ONLY, [{ date: '2026-05-16', kind: 'extraShift', shiftCode: 'TM' }]);
    const saturday = productionDay(calendar, '2026-05-16', MADRID);
    expect(scheduledIntervals(calendar, saturday.startMs, saturday.endMs, MADRID)).toEqual([
      { startMs: wall('2026-05-16', '06:00'), endMs: wall('2026-05-16', '14:00') },
    ]);
  });
});

describe('breaks', () => {
  it('are scheduled time inside their shift, listed apart; a break after midnight lands on the next calendar day', () => {
    const calendar = calendarOf({
      breaks: [
        { shiftCode: 'TM', start: '10:00', minutes: 30 },
        { shiftCode: 'TN', start: '02:00', minutes: 20 },
      ],
    });
    const day = productionDay(calendar, '2026-05-12', MADRID);
    expect(breakIntervals(calendar, day.startMs, day.endMs, MADRID)).toEqual([
      { startMs: wall('2026-05-12', '10:00'), endMs: wall('2026-05-12', '10:30') },
      { startMs: wall('2026-05-13', '02:00'), endMs: wall('2026-05-13', '02:20') },
    ]);
    expect(totalMs(scheduledIntervals(calendar, day.startMs, day.endMs, MADRID))).toBe(24 * HOUR_MS);
    expect(scheduleAt(calendar, wall('2026-05-12', '10:15'), MADRID)).toMatchObject({ scheduled: true, onBreak: true });
  });

  it('a break on a holiday or outside a shorter day is not there', () => {
    const calendar = calendarOf({ breaks: [{ shiftCode: 'TT', start: '18:00', minutes: 30 }] }, [
      { date: '2026-05-01', kind: 'holiday' },
      { date: '2026-05-02', kind: 'shortDay', until: '17:00' },
    ]);
    expect(breakIntervals(calendar, wall('2026-05-01', '06:00'), wall('2026-05-03', '06:00'), MADRID)).toEqual([]);
  });
});

describe('versions', () => {
  it('a calendar change mid-month applies from its date on: the day before keeps the old shifts, and ends where the new day starts', () => {
    const calendar: WorkCalendar = {
      versions: [
        { effectiveFrom: '2000-01-01', pattern: DEFAULT_PATTERN },
        { effectiveFrom: '2026-05-15', pattern: { ...DEFAULT_PATTERN, ...TWELVE_HOURS } },
      ],
      exceptions: [],
    };
    const before = productionDay(calendar, '2026-05-14', MADRID);
    expect(before.shifts.map((s) => s.code)).toEqual(['TM', 'TT', 'TN']);
    // The night shift of the 14th runs to the 15th's 07:00 start: 9 hours, no gap.
    expect(before.shifts[2]).toMatchObject({ startMs: wall('2026-05-14', '22:00'), endMs: wall('2026-05-15', '07:00') });
    expect(productionDay(calendar, '2026-05-15', MADRID).shifts.map((s) => s.code)).toEqual(['TD', 'TN']);
    expect(calendarShiftAt(calendar, wall('2026-05-15', '06:30'), MADRID)).toMatchObject({ code: 'TN', plantDate: '2026-05-14' });
    const month = calendarShiftsOverlapping(calendar, wall('2026-05-01', '06:00'), wall('2026-06-01', '07:00'), MADRID);
    expect(month.length).toBe(14 * 3 + 17 * 2);
    for (let i = 1; i < month.length; i += 1) expect(month[i]!.startMs).toBe(month[i - 1]!.endMs);
  });

  it('a change to an earlier start cuts the day before short instead of overlapping', () => {
    const calendar: WorkCalendar = {
      versions: [
        { effectiveFrom: '2000-01-01', pattern: { ...DEFAULT_PATTERN, ...TWELVE_HOURS } },
        { effectiveFrom: '2026-05-15', pattern: DEFAULT_PATTERN },
      ],
      exceptions: [],
    };
    const before = productionDay(calendar, '2026-05-14', MADRID);
    expect(before.shifts[1]).toMatchObject({ code: 'TN', startMs: wall('2026-05-14', '19:00'), endMs: wall('2026-05-15', '06:00') });
  });
});

describe('DST', () => {
  it('Europe/Madrid: the night shift into spring forward lasts 7 hours, into fall back 9, and a break across the jump loses the skipped hour', () => {
    const calendar = calendarOf({ breaks: [{ shiftCode: 'TN', start: '01:30', minutes: 60 }] });
    const spring = productionDay(calendar, '2026-03-28', MADRID);
    expect((spring.shifts[2]!.endMs - spring.shifts[2]!.startMs) / HOUR_MS).toBe(7);
    expect(spring.endMs - spring.startMs).toBe(23 * HOUR_MS);
    // 01:30 → 02:30 wall, but 02:00–03:00 does not exist: the break is 30 minutes of real time.
    expect(totalMs(spring.shifts[2]!.breaks)).toBe(30 * MINUTE_MS);
    const autumn = productionDay(calendar, '2026-10-24', MADRID);
    expect((autumn.shifts[2]!.endMs - autumn.shifts[2]!.startMs) / HOUR_MS).toBe(9);
    expect(totalMs(scheduledIntervals(calendar, autumn.startMs, autumn.endMs, MADRID))).toBe(25 * HOUR_MS);
    expect(totalMs(autumn.shifts[2]!.breaks)).toBe(60 * MINUTE_MS);
  });

  it('a zone without DST keeps every day 24 hours and 12-hour shifts exact all year', () => {
    const calendar = calendarOf(TWELVE_HOURS);
    const zone = 'Asia/Tokyo';
    for (let date = '2026-01-01'; date < '2027-01-01'; date = nextDate(date)) {
      const day = productionDay(calendar, date, zone);
      expect(day.shifts.map((s) => (s.endMs - s.startMs) / HOUR_MS)).toEqual([12, 12]);
    }
  });
});

describe('stops and production against the schedule', () => {
  it('a stop crossing into unscheduled time is clipped at the schedule for OEE, and the part outside is known', () => {
    const calendar = calendarOf(WEEKDAYS_ONLY);
    // Friday 2026-05-15 23:00 to Saturday 09:00: the Friday night shift ends at 06:00, Saturday is not worked.
    const stop = { startMs: wall('2026-05-15', '23:00'), endMs: wall('2026-05-16', '09:00') };
    const clipped = clipToIntervals(stop, scheduledIntervals(calendar, stop.startMs, stop.endMs, MADRID));
    expect(clipped).toEqual([{ startMs: stop.startMs, endMs: wall('2026-05-16', '06:00') }]);
    expect(stop.endMs - stop.startMs - totalMs(clipped)).toBe(3 * HOUR_MS);
  });

  it('production on a holiday falls in a shift of that day that is not scheduled, so it is booked as unscheduled, never lost', () => {
    const calendar = calendarOf({}, [{ date: '2026-05-01', kind: 'holiday' }]);
    const at = scheduleAt(calendar, wall('2026-05-01', '10:00'), MADRID);
    expect(at).toMatchObject({ scheduled: false, onBreak: false, shift: { code: 'TM', plantDate: '2026-05-01' } });
  });
});

describe('validation', () => {
  const valid = (date: string) => isValidPlantDate(date);
  it('accepts the default and names each problem of a bad pattern with a message key', () => {
    expect(validateCalendar(DEFAULT_CALENDAR, valid)).toEqual([]);
    const keys = (pattern: Partial<CalendarPattern>) => validatePattern({ ...DEFAULT_PATTERN, ...pattern }).map((issue) => issue.key);
    expect(keys({ shifts: [] })).toEqual(['calendar.shiftCount']);
    expect(keys({ shifts: [{ code: 'TO', nameEs: 'x', nameEn: 'x', start: '06:00' }] })).toEqual(['calendar.shiftCode']);
    expect(keys({ shifts: [{ code: 'TM', nameEs: 'x', nameEn: 'x', start: '6:00' }] })).toEqual(['calendar.time']);
    expect(
      keys({
        shifts: [
          { code: 'A', nameEs: 'x', nameEn: 'x', start: '06:00' },
          { code: 'A', nameEs: '', nameEn: 'x', start: '05:00' },
        ],
      }),
    ).toEqual(['calendar.shiftCodeRepeated', 'calendar.shiftName']);
    expect(
      keys({
        shifts: [
          { code: 'A', nameEs: 'x', nameEn: 'x', start: '06:00' },
          { code: 'B', nameEs: 'x', nameEn: 'x', start: '18:00' },
          { code: 'C', nameEs: 'x', nameEn: 'x', start: '12:00' },
        ],
      }),
    ).toEqual(['calendar.shiftOrder']);
    expect(keys({ breaks: [{ shiftCode: 'TM', start: '13:45', minutes: 30 }] })).toEqual(['calendar.breakOutsideShift']);
    expect(keys({ breaks: [{ shiftCode: 'XX', start: '13:45', minutes: 30 }] })).toEqual(['calendar.unknownShift']);
    expect(
      keys({
        breaks: [
          { shiftCode: 'TM', start: '10:00', minutes: 30 },
          { shiftCode: 'TM', start: '10:15', minutes: 30 },
        ],
      }),
    ).toEqual(['calendar.breakOverlap']);
    expect(keys({ weekdays: [0, 1, 1] })).toEqual(['calendar.weekday', 'calendar.weekdayRepeated']);
  });

  it('refuses conflicting exceptions, an extra shift the pattern does not have and repeated versions', () => {
    const issues = validateCalendar(
      calendarOf({}, [
        { date: '2026-05-01', kind: 'holiday' },
        { date: '2026-05-01', kind: 'extraShift', shiftCode: 'TM' },
        { date: '2026-05-02', kind: 'extraShift', shiftCode: 'ZZ' },
        { date: '2026-02-30', kind: 'holiday' },
        { date: '2026-05-03', kind: 'shortDay', until: '06:00' },
      ]),
      valid,
    );
    expect(issues.map((issue) => [issue.path.join('.'), issue.key])).toEqual([
      ['exceptions.1', 'calendar.exceptionConflict'],
      ['exceptions.2.shiftCode', 'calendar.unknownShift'],
      ['exceptions.3.date', 'calendar.date'],
      ['exceptions.4.until', 'calendar.shortDayUntil'],
    ]);
    const twice = { ...DEFAULT_CALENDAR, versions: [...DEFAULT_CALENDAR.versions, ...DEFAULT_CALENDAR.versions] };
    expect(validateCalendar(twice, valid).map((issue) => issue.key)).toEqual(['calendar.versionRepeated']);
  });
});

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
