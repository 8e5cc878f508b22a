import { describe, expect, it } from 'vitest';
import { addPlantDays, isPlantDate } from './plant-time';
import { isShiftCode, shiftRange } from './shift-range';

describe('shift ranges in plant wall-clock time (SPEC.md sections 3, 5)', () => {
  it('gives one day’s shift: TM and TT within the day, TN and TO ending the next morning', () => {
    expect(shiftRange('TM', '2026-03-01')).toEqual({ start: '2026-03-01T06:00:00', end: '2026-03-01T14:00:00' });
    expect(shiftRange('TT', '2026-03-01')).toEqual({ start: '2026-03-01T14:00:00', end: '2026-03-01T22:00:00' });
    expect(shiftRange('TN', '2026-03-01')).toEqual({ start: '2026-03-01T22:00:00', end: '2026-03-02T06:00:00' });
    expect(shiftRange('TO', '2026-03-01')).toEqual({ start: '2026-03-01T06:00:00', end: '2026-03-02T06:00:00' });
  });

  it('spans several days: the shift’s start on the first day to its end on the last, a day more when it wraps midnight', () => {
    expect(shiftRange('TM', '2026-02-27', '2026-03-02')).toEqual({ start: '2026-02-27T06:00:00', end: '2026-03-02T14:00:00' });
    expect(shiftRange('TN', '2026-12-30', '2026-12-31')).toEqual({ start: '2026-12-30T22:00:00', end: '2027-01-01T06:00:00' });
    expect(shiftRange('TO', '2028-02-28', '2028-02-28').end).toBe('2028-02-29T06:00:00');
  });

  it('reads shift codes and dates strictly', () => {
    expect([isShiftCode('TN'), isShiftCode('tn'), isShiftCode('OA')]).toEqual([true, false, false]);
    expect([isPlantDate('2026-02-28'), isPlantDate('2026-02-30'), isPlantDate('2026-2-1'), isPlantDate('')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(addPlantDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
