import { describe, expect, it } from 'vitest';
import {
  addPlantDays,
  isValidPlantDate,
  SHIFT_BOUNDARY_HOURS,
  shiftAt,
  shiftOf,
  shiftsOverlapping,
  stepShift,
  type Shift,
} from './calendar';
import { plantDateParts } from './time-zone';
import { HOUR_MS } from './time';

const MADRID = 'Europe/Madrid';
const NEW_YORK = 'America/New_York';
const utc = (iso: string) => Date.parse(iso);
const hoursOf = (shift: Shift) => (shift.endMs - shift.startMs) / HOUR_MS;

describe('constants', () => {
  it('match SPEC §9: boundaries 06:00, 14:00, 22:00 (the default work calendar)', () => {
    expect(SHIFT_BOUNDARY_HOURS).toEqual([6, 14, 22]);
  });
});

describe('shiftOf', () => {
  it('places TM, TT, TN and TO of an ordinary day on local 06/14/22 boundaries, TN and TO ending the next day', () => {
    expect(shiftOf('TM', '2026-05-12', MADRID)).toEqual({
      code: 'TM',
      plantDate: '2026-05-12',
      startMs: utc('2026-05-12T04:00:00Z'),
      endMs: utc('2026-05-12T12:00:00Z'),
    });
    expect(shiftOf('TT', '2026-05-12', MADRID)).toEqual({
      code: 'TT',
      plantDate: '2026-05-12',
      startMs: utc('2026-05-12T12:00:00Z'),
      endMs: utc('2026-05-12T20:00:00Z'),
    });
    expect(shiftOf('TN', '2026-05-12', MADRID)).toEqual({
      code: 'TN',
      plantDate: '2026-05-12',
      startMs: utc('2026-05-12T20:00:00Z'),
      endMs: utc('2026-05-13T04:00:00Z'),
    });
    expect(shiftOf('TO', '2026-05-12', MADRID)).toEqual({
      code: 'TO',
      plantDate: '2026-05-12',
      startMs: utc('2026-05-12T04:00:00Z'),
      endMs: utc('2026-05-13T04:00:00Z'),
    });
  });

  it('makes the Madrid night shift into spring forward (2026-03-28 TN) last 7 hours', () => {
    const night = shiftOf('TN', '2026-03-28', MADRID);
    expect(night.startMs).toBe(utc('2026-03-28T21:00:00Z'));
    expect(night.endMs).toBe(utc('2026-03-29T04:00:00Z'));
    expect(hoursOf(night)).toBe(7);
  });

  it('makes the Madrid night shift into fall back (2026-10-24 TN) last 9 hours', () => {
    const night = shiftOf('TN', '2026-10-24', MADRID);
    expect(night.startMs).toBe(utc('2026-10-24T20:00:00Z'));
    expect(night.endMs).toBe(utc('2026-10-25T05:00:00Z'));
    expect(hoursOf(night)).toBe(9);
  });

  it('makes the New York night shifts around DST 7 hours (2026-03-07) and 9 hours (2026-10-31)', () => {
    expect(hoursOf(shiftOf('TN', '2026-03-07', NEW_YORK))).toBe(7);
    expect(hoursOf(shiftOf('TN', '2026-10-31', NEW_YORK))).toBe(9);
    expect(shiftOf('TN', '2026-10-31', NEW_YORK).endMs).toBe(utc('2026-11-01T11:00:00Z'));
  });

  it('keeps the day shifts of DST days at 8 hours and makes the plant day 23 or 25 hours', () => {
    for (const code of ['TM', 'TT'] as const) {
      expect(hoursOf(shiftOf(code, '2026-03-29', MADRID))).toBe(8);
      expect(hoursOf(shiftOf(code, '2026-10-25', MADRID))).toBe(8);
    }
    expect(hoursOf(shiftOf('TO', '2026-03-28', MADRID))).toBe(23);
    expect(hoursOf(shiftOf('TO', '2026-10-24', MADRID))).toBe(25);
    expect(hoursOf(shiftOf('TO', '2026-03-29', MADRID))).toBe(24);
  });

  it('makes TM + TT + TN of a plant day cover exactly its TO, with no gap between them', () => {
    for (const date of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      const [tm, tt, tn, to] = (['TM', 'TT', 'TN', 'TO'] as const).map((code) => shiftOf(code, date, MADRID));
      expect(tm!.startMs).toBe(to!.startMs);
      expect(tm!.endMs).toBe(tt!.startMs);
      expect(tt!.endMs).toBe(tn!.startMs);
      expect(tn!.endMs).toBe(to!.endMs);
    }
  });

  it('crosses month and year ends for the night shift', () => {
    expect(shiftOf('TN', '2026-12-31', MADRID).endMs).toBe(utc('2027-01-01T05:00:00Z'));
  });

  it('refuses a plant date that is not an existing YYYY-MM-DD date', () => {
    expect(() => shiftOf('TM', '2026-02-30', MADRID)).toThrow(RangeError);
    expect(() => shiftOf('TM', '2026-3-1', MADRID)).toThrow(RangeError);
  });
});

describe('shiftAt', () => {
  it('returns the shift whose start is inclusive and end exclusive', () => {
    expect(shiftAt(utc('2026-05-12T12:00:00Z'), MADRID)).toMatchObject({ code: 'TT', plantDate: '2026-05-12' });
    expect(shiftAt(utc('2026-05-12T11:59:59.999Z'), MADRID)).toMatchObject({ code: 'TM', plantDate: '2026-05-12' });
  });

  it('puts 03:00 local in the night shift of the previous plant date', () => {
    expect(shiftAt(utc('2026-05-13T01:00:00Z'), MADRID)).toEqual(shiftOf('TN', '2026-05-12', MADRID));
  });

  it('puts both passes of the repeated hour (Madrid 02:30 on 2026-10-25) in the one 9-hour night shift', () => {
    const first = shiftAt(utc('2026-10-25T00:30:00Z'), MADRID);
    const second = shiftAt(utc('2026-10-25T01:30:00Z'), MADRID);
    expect(first).toEqual(second);
    expect(hoursOf(first)).toBe(9);
  });

  it('always returns a shift containing the instant, every 10 minutes across DST days in several zones', () => {
    const cases = [
      [MADRID, '2026-03-27T00:00:00Z'],
      [MADRID, '2026-10-23T00:00:00Z'],
      [NEW_YORK, '2026-03-06T00:00:00Z'],
      [NEW_YORK, '2026-10-30T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-03T00:00:00Z'],
      ['America/Santiago', '2026-04-03T00:00:00Z'],
      ['UTC', '2026-03-27T00:00:00Z'],
    ] as const;
    for (const [timeZone, fromIso] of cases) {
      for (let instant = utc(fromIso); instant < utc(fromIso) + 4 * 24 * HOUR_MS; instant += 10 * 60_000) {
        const shift = shiftAt(instant, timeZone);
        expect(shift.startMs <= instant && instant < shift.endMs, `${timeZone} ${new Date(instant).toISOString()}`).toBe(true);
        expect(plantDateParts(shift.startMs, timeZone).hour).toBe({ TM: 6, TT: 14, TN: 22, TO: 6 }[shift.code]);
      }
    }
  });
});

describe('stepShift', () => {
  it('moves TM → TT → TN → next TM forward and back again', () => {
    const tm = shiftOf('TM', '2026-05-12', MADRID);
    const tt = stepShift(tm, 1, MADRID);
    const tn = stepShift(tt, 1, MADRID);
    const nextTm = stepShift(tn, 1, MADRID);
    expect([tt.code, tn.code, nextTm.code]).toEqual(['TT', 'TN', 'TM']);
    expect(nextTm.plantDate).toBe('2026-05-13');
    expect(stepShift(nextTm, -1, MADRID)).toEqual(tn);
    expect(stepShift(tn, -1, MADRID)).toEqual(tt);
    expect(stepShift(tm, -1, MADRID)).toEqual(shiftOf('TN', '2026-05-11', MADRID));
  });

  it('steps over a 9-hour night shift to the next morning shift instead of landing inside it', () => {
    const night = shiftOf('TN', '2026-10-24', MADRID);
    const morning = stepShift(night, 1, MADRID);
    expect(morning).toEqual(shiftOf('TM', '2026-10-25', MADRID));
    expect(morning.startMs).toBe(night.endMs);
    expect(stepShift(morning, -1, MADRID)).toEqual(night);
  });

  it('steps over a 7-hour night shift without skipping the next morning shift', () => {
    const night = shiftOf('TN', '2026-03-07', NEW_YORK);
    expect(stepShift(night, 1, NEW_YORK)).toEqual(shiftOf('TM', '2026-03-08', NEW_YORK));
  });

  it('moves a plant day (TO) by one plant day', () => {
    const day = shiftOf('TO', '2026-03-28', MADRID);
    expect(stepShift(day, 1, MADRID)).toEqual(shiftOf('TO', '2026-03-29', MADRID));
    expect(stepShift(day, -1, MADRID)).toEqual(shiftOf('TO', '2026-03-27', MADRID));
  });
});

describe('shiftsOverlapping', () => {
  it('lists the contiguous shifts of a range that crosses midnight and the spring-forward night', () => {
    const shifts = shiftsOverlapping(utc('2026-03-28T18:00:00Z'), utc('2026-03-29T06:00:00Z'), MADRID);
    expect(shifts.map((shift) => `${shift.plantDate} ${shift.code}`)).toEqual(['2026-03-28 TT', '2026-03-28 TN', '2026-03-29 TM']);
    for (let index = 1; index < shifts.length; index += 1) expect(shifts[index]!.startMs).toBe(shifts[index - 1]!.endMs);
  });

  it('leaves out a shift that only touches the range end, and gives nothing for an empty range', () => {
    const tm = shiftOf('TM', '2026-05-12', MADRID);
    expect(shiftsOverlapping(tm.startMs, tm.endMs, MADRID)).toEqual([tm]);
    expect(shiftsOverlapping(tm.startMs, tm.startMs, MADRID)).toEqual([]);
    expect(shiftsOverlapping(tm.endMs, tm.startMs, MADRID)).toEqual([]);
  });

  it('covers a whole year of Madrid with 365 × 3 shifts that add up to the year, nothing counted twice or lost', () => {
    const fromMs = shiftOf('TM', '2026-01-01', MADRID).startMs;
    const toMs = shiftOf('TM', '2027-01-01', MADRID).startMs;
    const shifts = shiftsOverlapping(fromMs, toMs, MADRID);
    expect(shifts).toHaveLength(365 * 3);
    expect(shifts.reduce((sum, shift) => sum + (shift.endMs - shift.startMs), 0)).toBe(toMs - fromMs);
    expect(shifts.filter((shift) => hoursOf(shift) !== 8).map((shift) => `${shift.plantDate} ${shift.code} ${hoursOf(shift)}h`)).toEqual([
      '2026-03-28 TN 7h',
      '2026-10-24 TN 9h',
    ]);
  });
});

describe('plant date arithmetic', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addPlantDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addPlantDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addPlantDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('tells valid plant dates from invalid ones', () => {
    expect(isValidPlantDate('2028-02-29')).toBe(true);
    expect(isValidPlantDate('2026-02-29')).toBe(false);
    expect(isValidPlantDate('2026-04-31')).toBe(false);
    expect(isValidPlantDate('20260401')).toBe(false);
  });
});
