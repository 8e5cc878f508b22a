import { describe, expect, it } from 'vitest';
import { isCurrentShift, shiftName, stepShift } from './shift-navigation';

const NOW = Date.parse('2026-03-01T20:00:00.000-03:00');

describe("shift navigation by the calendar's shifts (back, forward, now)", () => {
  const TM = {
    start: '2026-03-01T06:00:00.000-03:00',
    end: '2026-03-01T14:00:00.000-03:00',
    previous: { start: '2026-02-28T22:00:00.000-03:00', end: '2026-03-01T06:00:00.000-03:00' },
    next: { start: '2026-03-01T14:00:00.000-03:00', end: '2026-03-01T22:00:00.000-03:00' },
  };

  it('steps to the start of the previous shift, whatever its length (two 12-hour shifts from 07:00)', () => {
    const day = {
      start: '2026-03-02T07:00:00.000-03:00',
      end: '2026-03-02T19:00:00.000-03:00',
      previous: { start: '2026-03-01T19:00:00.000-03:00', end: '2026-03-02T07:00:00.000-03:00' },
      next: { start: '2026-03-02T19:00:00.000-03:00', end: '2026-03-03T07:00:00.000-03:00' },
    };
    expect(new Date(stepShift(day, -1, Date.parse('2026-03-05T00:00:00Z'))!).toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(new Date(stepShift(day, 1, Date.parse('2026-03-05T00:00:00Z'))!).toISOString()).toBe('2026-03-02T22:00:00.000Z');
  });

  it('a step forward into the shift in progress follows now again; it knows the shift in progress', () => {
    expect(stepShift(TM, 1, NOW)).toBeNull();
    expect(new Date(stepShift(TM, 1, Date.parse('2026-03-02T01:00:00.000-03:00'))!).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(isCurrentShift(TM.next, NOW)).toBe(true);
    expect(isCurrentShift(TM, NOW)).toBe(false);
  });

  it('does not step where the neighbour is not known', () => {
    expect(stepShift({ start: TM.start, end: TM.end }, -1, NOW)).toBeNull();
  });

  it("names a shift by its calendar's name in the language, else by the app's text for its code", () => {
    const byCode = (code: string) => `text ${code}`;
    expect(shiftName({ code: 'D', nameEs: 'Día', nameEn: 'Day' }, 'en', byCode)).toBe('Day');
    expect(shiftName({ code: 'D', nameEs: 'Día', nameEn: 'Day' }, 'es', byCode)).toBe('Día');
    expect(shiftName({ code: 'TO' }, 'es', byCode)).toBe('text TO');
  });
});
