import { describe, expect, it } from 'vitest';
import {
  chooseStep,
  isComplete,
  NO_STEPS,
  STEP_ORDER,
  stepEnabled,
  summaryQueryOf,
  type CompleteSteps,
  type Summary2Steps,
} from './summary2-steps';

const chosen: CompleteSteps = {
  sectorID: 1,
  lineID: 2,
  fromDate: '2026-03-01',
  toDate: '2026-03-03',
  shift: 'TN',
  product: '',
  root: 0,
  level: 'all',
};

describe('the 8 dependent steps of /paradas/resumen2 (SPEC.md section 5)', () => {
  it('enables each step once every step before it is chosen, and only the first at the start', () => {
    expect(STEP_ORDER.filter((name) => stepEnabled(NO_STEPS, name))).toEqual(['sectorID']);
    let steps: Summary2Steps = NO_STEPS;
    for (const name of STEP_ORDER) {
      expect(stepEnabled(steps, name)).toBe(true);
      expect(isComplete(steps)).toBe(false);
      steps = chooseStep(steps, name, chosen[name]);
    }
    expect(isComplete(steps)).toBe(true);
    expect(steps).toEqual(chosen);
  });

  it('ignores a step chosen before its turn', () => {
    expect(chooseStep(NO_STEPS, 'lineID', 2)).toBe(NO_STEPS);
  });

  it('clears every later step when an earlier one changes ("Todos" counts as chosen)', () => {
    expect(chooseStep(chosen, 'lineID', 3)).toEqual({ ...NO_STEPS, sectorID: 1, lineID: 3 });
    expect(chooseStep(chosen, 'shift', 'TM')).toEqual({ ...chosen, shift: 'TM', product: null, root: null, level: null });
    expect(stepEnabled({ ...chosen, level: null }, 'level')).toBe(true);
  });

  it('refuses a to date before the from date; the same day is a range', () => {
    const dated = { ...NO_STEPS, sectorID: 1, lineID: 2, fromDate: '2026-03-05' };
    expect(chooseStep(dated, 'toDate', '2026-03-04')).toBe(dated);
    expect(chooseStep(dated, 'toDate', '2026-03-05').toDate).toBe('2026-03-05');
  });

  it('asks the summary over the span of the chosen dates and shift, with the product, stop type and level', () => {
    const range = { start: '2026-03-01T22:00:00.000+01:00', end: '2026-03-04T06:00:00.000+01:00' };
    expect(summaryQueryOf(chosen, range)).toEqual({
      lineID: 2,
      startDate: range.start,
      endDate: range.end,
      product: null,
      root: null,
      level: 'all',
    });
    expect(summaryQueryOf({ ...chosen, shift: 'TT', product: 'AGUA-500', root: 8, level: 2 }, range)).toMatchObject({
      product: 'AGUA-500',
      root: 8,
      level: 2,
    });
  });
});
