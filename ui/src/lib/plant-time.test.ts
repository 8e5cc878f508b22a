import { describe, expect, it } from 'vitest';
import { formatPlantDateTime, formatPlantTime, offsetMinutesOf, plantLocal, plantLocalToMs, toPlantLocal } from './plant-time';

describe('plant time in the browser', () => {
  it('reads the wall-clock time and the offset an API instant is written with', () => {
    expect(plantLocal('2026-03-01T06:00:05.123-03:00')).toBe('2026-03-01T06:00:05');
    expect(plantLocal('2026-03-01T06:00')).toBe('2026-03-01T06:00:00');
    expect(plantLocal('not a date')).toBe('');
    expect(offsetMinutesOf('2026-03-01T06:00:00.000-03:00')).toBe(-180);
    expect(offsetMinutesOf('2026-03-01T06:00:00+05:30')).toBe(330);
    expect(offsetMinutesOf('2026-03-01T06:00:00Z')).toBe(0);
  });

  it('goes from an instant to the plant wall clock and back, whatever the browser zone', () => {
    const ms = Date.parse('2026-03-01T09:00:00Z');
    expect(toPlantLocal(ms, -180)).toBe('2026-03-01T06:00:00');
    expect(plantLocalToMs('2026-03-01T06:00:00', -180)).toBe(ms);
    expect(plantLocalToMs('2026-03-01T06:00', -180)).toBe(ms);
    expect(plantLocalToMs('garbage', 0)).toBeNaN();
  });

  it('formats as SPEC.md section 9 (YYYY-MM-DD HH:mm:ss) and as a time of day', () => {
    expect(formatPlantDateTime('2026-03-01T22:15:07.000-03:00')).toBe('2026-03-01 22:15:07');
    expect(formatPlantDateTime(null)).toBe('');
    expect(formatPlantTime('2026-03-01T22:15:07.000-03:00')).toBe('22:15');
  });
});
