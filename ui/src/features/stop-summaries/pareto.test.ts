import { describe, expect, it } from 'vitest';
import { cumulativePercents } from './pareto';

describe('the Pareto line (SPEC.md section 9)', () => {
  it('adds up the shares of the reasons, longest first, to 100 %', () => {
    expect(cumulativePercents([{ percent: 0.5 }, { percent: 0.3 }, { percent: 0.2 }])).toEqual([50, 80, 100]);
    expect(cumulativePercents([{ percent: 0.1 + 0.2 }, { percent: 0.7 }])).toEqual([30, 100]);
    expect(cumulativePercents([])).toEqual([]);
  });
});
