import { describe, expect, it } from 'vitest';
import { gaugeReading } from './gauge-reading';

describe('gauge reading (SPEC.md section 9: whole percentages, gauges up to 999+)', () => {
  it("caps the label at '999+%' and the arc at full", () => {
    expect(gaugeReading(10)).toEqual({ label: '999+%', fraction: 1 });
    expect(gaugeReading(1.5)).toEqual({ label: '150%', fraction: 1 });
    expect(gaugeReading(0.874)).toEqual({ label: '87%', fraction: 0.874 });
  });

  it('shows a dash and an empty arc without a value', () => {
    expect(gaugeReading(null)).toEqual({ label: '—', fraction: 0 });
    expect(gaugeReading(Number.NaN)).toEqual({ label: '—', fraction: 0 });
    expect(gaugeReading(-0.2).fraction).toBe(0);
  });
});
