import { describe, expect, it } from 'vitest';
import { maxAdjustMinutes, parseMinutes } from './parse-minutes';

describe('adjust minutes', () => {
  it('reads minutes from 0 to 999999, with a comma or a point', () => {
    expect(parseMinutes(' 12,5 ')).toBe(12.5);
    expect(parseMinutes('0')).toBe(0);
    expect(parseMinutes('999999')).toBe(999_999);
  });

  it('refuses empty, negative, too large or non-numeric text', () => {
    expect(parseMinutes('')).toBeNull();
    expect(parseMinutes('-1')).toBeNull();
    expect(parseMinutes('1000000')).toBeNull();
    expect(parseMinutes('abc')).toBeNull();
  });
});

describe('most minutes an adjustment may take', () => {
  it('is the stop time rounded down to the hundredth, read back from its milliseconds', () => {
    expect(maxAdjustMinutes(17_400 / 60_000)).toBe(0.29);
    expect(maxAdjustMinutes(20)).toBe(20);
    expect(maxAdjustMinutes(12_345 / 60_000)).toBe(0.2);
    expect(maxAdjustMinutes(0)).toBe(0);
  });
});
