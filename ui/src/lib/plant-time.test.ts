import { describe, expect, it } from 'vitest';
import {
  formatDateTimeInZone,
  formatPlantDate,
  formatPlantDateTime,
  formatPlantTime,
  offsetMinutesOf,
  plantLocal,
  plantLocalToMs,
  todayInZone,
  toPlantLocal,
} from './plant-time';

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

  it('formats every date and time of the app one way: YYYY-MM-DD HH:mm:ss in plant time', () => {
    expect(formatPlantDateTime('2026-03-01T06:00:05.123-03:00')).toBe('2026-03-01 06:00:05');
    expect(formatPlantDate('2026-03-01T23:30:00-03:00')).toBe('2026-03-01');
    expect(formatPlantTime('2026-03-01T06:07:08-03:00')).toBe('06:07');
    expect(formatPlantTime('2026-03-01T06:07:08-03:00', 'seconds')).toBe('06:07:08');
    expect(formatPlantTime(toPlantLocal(Date.parse('2026-03-01T09:07:00Z'), -180))).toBe('06:07');
  });

  it("shows a UTC instant (the central portal's) in its plant's zone, and today is the zone's date, not UTC's", () => {
    expect(formatDateTimeInZone('2026-03-01T02:30:00.000Z', 'America/Argentina/Buenos_Aires')).toBe('2026-02-28 23:30:00');
    expect(formatDateTimeInZone('2026-03-01T02:30:00.000Z', 'Europe/Madrid')).toBe('2026-03-01 03:30:00');
    expect(formatDateTimeInZone(null, 'Europe/Madrid')).toBe('');
    expect(todayInZone('America/Argentina/Buenos_Aires', Date.parse('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(todayInZone('Asia/Tokyo', Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
