import { describe, expect, it } from 'vitest';
import { isCurrentShift, stepShift } from './shift-navigation';

const TM = { start: '2026-03-01T06:00:00.000-03:00', end: '2026-03-01T14:00:00.000-03:00' };
const NOW = Date.parse('2026-03-01T20:00:00.000-03:00');

describe('shift navigation (8-hour steps back, forward, now)', () => {
  it('steps 8 hours from the middle of the shift, into the neighbouring one', () => {
    expect(new Date(stepShift(TM, -1, NOW)!).toISOString()).toBe('2026-03-01T05:00:00.000Z'); // 02:00 plant time, night shift
    expect(new Date(stepShift(TM, 1, NOW + 24 * 3_600_000)!).toISOString()).toBe('2026-03-01T21:00:00.000Z'); // 18:00, afternoon shift
  });

  it('lands in the neighbouring shift of a 9-hour (DST) shift too', () => {
    const long = { start: '2026-03-01T22:00:00.000-03:00', end: '2026-03-02T07:00:00.000-03:00' };
    const next = stepShift(long, 1, Date.parse('2026-03-03T00:00:00Z'));
    expect(next).toBeGreaterThan(Date.parse(long.end));
    expect(stepShift(long, -1, Date.parse('2026-03-03T00:00:00Z'))).toBeLessThan(Date.parse(long.start));
  });

  it('a step forward into the shift in progress follows now again; it knows the shift in progress', () => {
    expect(stepShift(TM, 1, NOW)).toBeNull();
    expect(isCurrentShift({ start: '2026-03-01T14:00:00.000-03:00', end: '2026-03-01T22:00:00.000-03:00' }, NOW)).toBe(true);
    expect(isCurrentShift(TM, NOW)).toBe(false);
  });
});
