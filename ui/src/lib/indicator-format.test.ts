import { describe, expect, it } from 'vitest';
import { formatNumber, minutesLabel, percentLabel, rateLabel, roundToTenth, shareLabel } from './indicator-format';

describe('indicator figures (SPEC.md section 9: whole percentages, up to 999+)', () => {
  it('shows a whole percentage of the ratio', () => {
    expect(percentLabel(0.874)).toBe('87%');
    expect(percentLabel(0.875)).toBe('88%');
    expect(percentLabel(0)).toBe('0%');
    expect(percentLabel(9.99)).toBe('999%');
  });

  it("caps the percentage at '999+%'", () => {
    expect(percentLabel(10)).toBe('999+%');
    expect(percentLabel(9.996)).toBe('999+%');
  });

  it('shows minutes and speeds with one decimal, rounded half up, in the given language', () => {
    expect(minutesLabel(12.25, undefined, 'en')).toBe('12.3');
    expect(minutesLabel(12.24, undefined, 'en')).toBe('12.2');
    expect(minutesLabel(0, undefined, 'en')).toBe('0.0');
    expect(rateLabel(118.45, 'en')).toBe('118.5');
    expect(roundToTenth(59.96)).toBe(60);
    expect(minutesLabel(3, 'min', 'en')).toBe('3.0 min');
    expect(minutesLabel(1.7, 'min', 'es')).toBe('1,7 min');
    expect(rateLabel(118.45, 'es')).toBe('118,5');
    expect(minutesLabel(null, 'min')).toBe('—');
  });

  it('shows a dash without a value', () => {
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(Number.NaN)).toBe('—');
    expect(minutesLabel(undefined)).toBe('—');
    expect(minutesLabel(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('numbers in the user language (issue 16: one format per language)', () => {
  it('writes the decimal separator and the thousands of the language', () => {
    expect(formatNumber(0.83, {}, 'es')).toBe('0,83');
    expect(formatNumber(0.83, {}, 'en')).toBe('0.83');
    expect(formatNumber(115200, {}, 'es')).toBe('115.200');
    expect(formatNumber(115200, {}, 'en')).toBe('115,200');
    expect(formatNumber(1234567.5, { decimals: 2 }, 'es')).toBe('1.234.567,50');
    expect(formatNumber(1234567.5, { decimals: 2 }, 'en')).toBe('1,234,567.50');
  });

  it('groups four-digit numbers too, in both languages, so a column of figures reads alike', () => {
    expect(formatNumber(1234, {}, 'es')).toBe('1.234');
    expect(formatNumber(1234, {}, 'en')).toBe('1,234');
  });

  it('keeps exactly the decimals asked for, or at most maxDecimals (3 by default) without trailing zeros', () => {
    expect(formatNumber(12, { decimals: 1 }, 'es')).toBe('12,0');
    expect(formatNumber(2.5, { maxDecimals: 2 }, 'en')).toBe('2.5');
    expect(formatNumber(2 / 3, {}, 'es')).toBe('0,667');
    expect(formatNumber(115200.4, { maxDecimals: 0 }, 'es')).toBe('115.200');
  });

  it('leaves numbers that name something ungrouped', () => {
    expect(formatNumber(65535, { grouping: false }, 'es')).toBe('65535');
    expect(formatNumber(12345, { grouping: false }, 'en')).toBe('12345');
  });

  it('shows shares to the tenth of a percent', () => {
    expect(shareLabel(0.125, 'es')).toBe('12,5 %');
    expect(shareLabel(0.125, 'en')).toBe('12.5 %');
  });
});
