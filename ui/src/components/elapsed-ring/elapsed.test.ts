import { describe, expect, it } from 'vitest';
import { elapsedReading } from './elapsed';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('elapsed-time ring (SPEC.md section 9)', () => {
  it('counts seconds below a minute, on a scale of 60', () => {
    expect(elapsedReading(0)).toEqual({ label: '0s', unit: 's', fraction: 0 });
    expect(elapsedReading(59.9 * S)).toEqual({ label: '59s', unit: 's', fraction: 59 / 60 });
  });

  it('then minutes (scale 60), hours (scale 24) and days (scale 99)', () => {
    expect(elapsedReading(60 * S)).toEqual({ label: '1m', unit: 'm', fraction: 1 / 60 });
    expect(elapsedReading(59 * M + 59 * S).label).toBe('59m');
    expect(elapsedReading(H)).toEqual({ label: '1h', unit: 'h', fraction: 1 / 24 });
    expect(elapsedReading(23 * H + 59 * M).label).toBe('23h');
    expect(elapsedReading(D)).toEqual({ label: '1d', unit: 'd', fraction: 1 / 99 });
  });

  it("shows days up to 98, then '+99d' with the ring full", () => {
    expect(elapsedReading(98 * D + 23 * H).label).toBe('98d');
    expect(elapsedReading(99 * D)).toEqual({ label: '+99d', unit: 'd', fraction: 1 });
    expect(elapsedReading(5000 * D).label).toBe('+99d');
  });

  it('reads a negative or unreadable time as zero', () => {
    expect(elapsedReading(-5 * S).label).toBe('0s');
    expect(elapsedReading(Number.NaN).label).toBe('0s');
  });
});
