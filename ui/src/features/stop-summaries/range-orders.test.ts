import { describe, expect, it } from 'vitest';
import { rangeOrdersFilter } from './range-orders';

describe('orders of a range', () => {
  it('asks the order-index grid for the line’s orders overlapping the range, running ones included', () => {
    const range = { start: '2026-03-01T06:00:00', end: '2026-03-01T14:00:00' };
    expect(rangeOrdersFilter(2, range)).toEqual([
      ['lineID', '=', 2],
      'and',
      ['startDate', '<', '2026-03-01T14:00:00'],
      'and',
      [['endDate', '=', null], 'or', ['endDate', '>', '2026-03-01T06:00:00']],
    ]);
    expect(rangeOrdersFilter(2, range, 'AGUA-500').slice(-2)).toEqual(['and', ['productCode', '=', 'AGUA-500']]);
  });
});
