import { describe, expect, it } from 'vitest';
import { instantOfWallTime, isValidTimeZone, parsePlantDate, plantDateParts, toPlantIso, zoneOffsetMs } from './time-zone';
import { HOUR_MS } from './time';

const MADRID = 'Europe/Madrid';
const NEW_YORK = 'America/New_York';
const utc = (iso: string) => Date.parse(iso);

describe('isValidTimeZone', () => {
  it('accepts IANA names and UTC, refuses unknown or empty names', () => {
    expect(isValidTimeZone(MADRID)).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('plantDateParts', () => {
  it('shows the wall clock on both sides of the Madrid spring-forward jump (01:59:59 then 03:00:00)', () => {
    expect(plantDateParts(utc('2026-03-29T00:59:59Z'), MADRID)).toMatchObject({
      year: 2026,
      month: 3,
      day: 29,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(plantDateParts(utc('2026-03-29T01:00:00Z'), MADRID)).toMatchObject({ day: 29, hour: 3, minute: 0, second: 0 });
  });

  it('shows 02:30 twice on the Madrid fall-back day, one hour apart', () => {
    expect(plantDateParts(utc('2026-10-25T00:30:00Z'), MADRID)).toMatchObject({ day: 25, hour: 2, minute: 30 });
    expect(plantDateParts(utc('2026-10-25T01:30:00Z'), MADRID)).toMatchObject({ day: 25, hour: 2, minute: 30 });
  });

  it('keeps milliseconds and gives the weekday of the local date (2026-03-29 is a Sunday)', () => {
    const parts = plantDateParts(utc('2026-03-29T22:30:00.123Z'), MADRID);
    expect(parts).toMatchObject({ day: 30, hour: 0, minute: 30, millisecond: 123, weekday: 1 });
    expect(plantDateParts(utc('2026-03-29T12:00:00Z'), MADRID).weekday).toBe(0);
  });

  it('shows midnight as hour 0, never 24', () => {
    expect(plantDateParts(utc('2026-06-30T22:00:00Z'), MADRID)).toMatchObject({ month: 7, day: 1, hour: 0 });
  });
});

describe('zoneOffsetMs', () => {
  it('is +1 h in Madrid winter and +2 h in summer, changing exactly at the transition instants', () => {
    expect(zoneOffsetMs(utc('2026-03-29T00:59:59Z'), MADRID)).toBe(HOUR_MS);
    expect(zoneOffsetMs(utc('2026-03-29T01:00:00Z'), MADRID)).toBe(2 * HOUR_MS);
    expect(zoneOffsetMs(utc('2026-10-25T00:59:59Z'), MADRID)).toBe(2 * HOUR_MS);
    expect(zoneOffsetMs(utc('2026-10-25T01:00:00Z'), MADRID)).toBe(HOUR_MS);
  });

  it('is west-negative: New York is -5 h in winter and -4 h in summer', () => {
    expect(zoneOffsetMs(utc('2026-01-15T12:00:00Z'), NEW_YORK)).toBe(-5 * HOUR_MS);
    expect(zoneOffsetMs(utc('2026-07-15T12:00:00Z'), NEW_YORK)).toBe(-4 * HOUR_MS);
  });
});

describe('instantOfWallTime', () => {
  it('maps an ordinary wall time to its single instant', () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 6, minute: 0 }, MADRID)).toBe(utc('2026-03-29T04:00:00Z'));
    expect(instantOfWallTime({ year: 2026, month: 1, day: 10, hour: 22, minute: 15, second: 30, millisecond: 250 }, NEW_YORK)).toBe(
      utc('2026-01-11T03:15:30.250Z'),
    );
  });

  it('maps a wall time skipped by spring forward to the instant of the jump (Madrid 02:30 → 03:00 CEST)', () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, MADRID)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, MADRID)).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('maps a wall time skipped by spring forward to the instant of the jump (New York 2026-03-08 02:30 → 03:00 EDT)', () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NEW_YORK)).toBe(utc('2026-03-08T07:00:00Z'));
  });

  it('maps a wall time repeated by fall back to its first occurrence (Madrid 02:30 CEST, New York 01:30 EDT)', () => {
    expect(instantOfWallTime({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, MADRID)).toBe(utc('2026-10-25T00:30:00Z'));
    expect(instantOfWallTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NEW_YORK)).toBe(utc('2026-11-01T05:30:00Z'));
  });

  it('round-trips every quarter hour of both DST days, except the second pass of the repeated hour', () => {
    for (const [timeZone, fromIso] of [
      [MADRID, '2026-03-28T22:00:00Z'],
      [MADRID, '2026-10-24T22:00:00Z'],
      [NEW_YORK, '2026-03-08T03:00:00Z'],
      [NEW_YORK, '2026-11-01T03:00:00Z'],
    ] as const) {
      for (let instant = utc(fromIso); instant < utc(fromIso) + 30 * HOUR_MS; instant += 15 * 60_000) {
        const back = instantOfWallTime(plantDateParts(instant, timeZone), timeZone);
        const repeated = back !== instant && back === instant - HOUR_MS;
        expect(repeated || back === instant, `${timeZone} ${new Date(instant).toISOString()}`).toBe(true);
      }
    }
  });

  it('keeps years 0..99 as themselves (Date.UTC would read 0050 as 1950)', () => {
    const expected = new Date(0);
    expected.setUTCFullYear(50, 0, 1);
    expect(instantOfWallTime({ year: 50, month: 1, day: 1, hour: 0, minute: 0 }, 'UTC')).toBe(expected.getTime());
  });
});

describe('toPlantIso', () => {
  it('writes the plant offset in force at the instant, on both sides of a DST change', () => {
    expect(toPlantIso(utc('2026-03-29T00:59:59Z'), MADRID)).toBe('2026-03-29T01:59:59.000+01:00');
    expect(toPlantIso(utc('2026-03-29T01:00:00Z'), MADRID)).toBe('2026-03-29T03:00:00.000+02:00');
    expect(toPlantIso(utc('2026-10-25T00:30:00Z'), MADRID)).toBe('2026-10-25T02:30:00.000+02:00');
    expect(toPlantIso(utc('2026-10-25T01:30:00Z'), MADRID)).toBe('2026-10-25T02:30:00.000+01:00');
    expect(toPlantIso(utc('2026-11-01T06:30:00.045Z'), NEW_YORK)).toBe('2026-11-01T01:30:00.045-05:00');
  });

  it('is read back to the same instant by parsePlantDate, even in the repeated hour', () => {
    for (const instant of [
      utc('2026-10-25T00:30:00Z'),
      utc('2026-10-25T01:30:00Z'),
      utc('2026-11-01T05:30:00Z'),
      utc('2026-11-01T06:30:00Z'),
    ]) {
      expect(parsePlantDate(toPlantIso(instant, MADRID), MADRID)).toBe(instant);
      expect(parsePlantDate(toPlantIso(instant, NEW_YORK), NEW_YORK)).toBe(instant);
    }
  });
});

describe('parsePlantDate', () => {
  it('reads an explicit offset as an exact instant, with or without a colon, whatever the plant zone', () => {
    expect(parsePlantDate('2026-03-29T06:00:00+02:00', NEW_YORK)).toBe(utc('2026-03-29T04:00:00Z'));
    expect(parsePlantDate('2026-03-29T06:00:00-0500', MADRID)).toBe(utc('2026-03-29T11:00:00Z'));
    expect(parsePlantDate('2026-03-29T06:00:00+05:30', MADRID)).toBe(utc('2026-03-29T00:30:00Z'));
  });

  it('reads Z (either case) as UTC', () => {
    expect(parsePlantDate('2026-03-29T06:00:00Z', MADRID)).toBe(utc('2026-03-29T06:00:00Z'));
    expect(parsePlantDate('2026-03-29t06:00:00.5z', MADRID)).toBe(utc('2026-03-29T06:00:00.500Z'));
  });

  it('reads a naive date-time as plant wall-clock time, DST included', () => {
    expect(parsePlantDate('2026-03-29 06:00', MADRID)).toBe(utc('2026-03-29T04:00:00Z'));
    expect(parsePlantDate('2026-03-28T06:00:00', MADRID)).toBe(utc('2026-03-28T05:00:00Z'));
    expect(parsePlantDate('2026-03-08T06:00:00.123', NEW_YORK)).toBe(utc('2026-03-08T10:00:00.123Z'));
  });

  it('reads a naive time in the spring-forward gap as the jump and one in the repeated hour as its first pass', () => {
    expect(parsePlantDate('2026-03-29T02:30:00', MADRID)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(parsePlantDate('2026-10-25T02:30:00', MADRID)).toBe(utc('2026-10-25T00:30:00Z'));
  });

  it('reads a bare date as the plant midnight starting that date', () => {
    expect(parsePlantDate('2026-03-29', MADRID)).toBe(utc('2026-03-28T23:00:00Z'));
    expect(parsePlantDate('2026-11-01', NEW_YORK)).toBe(utc('2026-11-01T04:00:00Z'));
  });

  it('passes finite epoch milliseconds through and refuses NaN and Infinity', () => {
    expect(parsePlantDate(1_774_760_400_000, MADRID)).toBe(1_774_760_400_000);
    expect(parsePlantDate(Number.NaN, MADRID)).toBeNull();
    expect(parsePlantDate(Number.POSITIVE_INFINITY, MADRID)).toBeNull();
  });

  it('refuses impossible dates, times and offsets, and text that is not ISO 8601', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-03-29T24:00',
      '2026-03-29T10:60',
      '2026-03-29T10:00:00+24:00',
      '2026-03-29T10:00:00+02:75',
      '29/03/2026',
      'yesterday',
      '',
    ]) {
      expect(parsePlantDate(text, MADRID), text).toBeNull();
    }
  });

  it('keeps a leap day and trims surrounding spaces', () => {
    expect(parsePlantDate(' 2028-02-29T12:00:00Z ', MADRID)).toBe(utc('2028-02-29T12:00:00Z'));
  });
});
