import { describe, expect, it } from 'vitest';
import { shiftSpeeds } from './shift-speeds';

const index = (shift: string, productionQuantity: number | null, runtime: number | null, idealUnits: number | null) => ({
  shift,
  shiftStart: '',
  shiftEnd: '',
  productionQuantity,
  runtime,
  idealUnits,
  mtbf: null,
  mttr: null,
});

describe('shift speeds (current and nominal, units per minute)', () => {
  it('divides produced and ideal units by the running minutes of each shift', () => {
    expect(shiftSpeeds(['TM', 'TT', 'TN'], [index('TM', 1000, 10, 1200), index('TT', 30, 0, 0)])).toEqual([
      { current: 100, nominal: 120 },
      { current: null, nominal: null },
      { current: null, nominal: null },
    ]);
  });
});
