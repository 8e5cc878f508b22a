import { describe, expect, it } from 'vitest';
import { minutesLabel, percentLabel, rateLabel, roundToTenth } from './indicator-format';

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

  it('shows minutes and speeds with one decimal, rounded half up', () => {
    expect(minutesLabel(12.25)).toBe('12.3');
    expect(minutesLabel(12.24)).toBe('12.2');
    expect(minutesLabel(0)).toBe('0.0');
    expect(rateLabel(118.45)).toBe('118.5');
    expect(roundToTenth(59.96)).toBe(60);
    expect(minutesLabel(3, 'min')).toBe('3.0 min');
    expect(minutesLabel(null, 'min')).toBe('—');
  });

  it('shows a dash without a value', () => {
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(Number.NaN)).toBe('—');
    expect(minutesLabel(undefined)).toBe('—');
    expect(minutesLabel(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
