import { describe, expect, it } from 'vitest';
import { isRangeValid, NO_INDEX_FILTER, orderIndexFilter, shiftIndexFilter, shiftOrdersFilter } from './index-filters';

describe('index grid filters (production days as the calendar spans them)', () => {
  it('filters nothing without a choice', () => {
    expect(orderIndexFilter(NO_INDEX_FILTER)).toBeNull();
    expect(shiftIndexFilter(NO_INDEX_FILTER)).toBeNull();
  });

  it('lists the orders of a line and status that ran during the days: started before the last day ends, not ended before the first begins', () => {
    expect(
      orderIndexFilter({
        lineID: 2,
        from: '2026-05-04',
        to: '2026-05-05',
        status: 2,
        start: '2026-05-04T06:00:00.000-03:00',
        end: '2026-05-06T06:00:00.000-03:00',
      }),
    ).toEqual([
      ['lineID', '=', 2],
      'and',
      ['status', '=', 2],
      'and',
      [
        ['startDate', '<>', null],
        'and',
        ['startDate', '<', '2026-05-06T06:00:00.000-03:00'],
        'and',
        [['endDate', '=', null], 'or', ['endDate', '>', '2026-05-04T06:00:00.000-03:00']],
      ],
    ]);
    expect(orderIndexFilter({ ...NO_INDEX_FILTER, to: '2026-12-31', end: '2027-01-01T07:00:00.000-03:00' })).toEqual([
      ['startDate', '<>', null],
      'and',
      ['startDate', '<', '2027-01-01T07:00:00.000-03:00'],
    ]);
  });

  it('lists the shifts of the days by the production day each stores', () => {
    expect(
      shiftIndexFilter({
        ...NO_INDEX_FILTER,
        lineID: 1,
        from: '2026-02-28',
        to: '2026-02-28',
      }),
    ).toEqual([['lineID', '=', 1], 'and', ['productionDay', '>=', '2026-02-28'], 'and', ['productionDay', '<=', '2026-02-28']]);
  });

  it('refuses a first day after the last one, or a date that is not one', () => {
    expect(isRangeValid({ ...NO_INDEX_FILTER, from: '2026-05-05', to: '2026-05-04' })).toBe(false);
    expect(isRangeValid({ ...NO_INDEX_FILTER, from: '5/4/2026' })).toBe(false);
    expect(isRangeValid({ ...NO_INDEX_FILTER, from: '2026-05-04', to: '2026-05-04' })).toBe(true);
    expect(isRangeValid({ ...NO_INDEX_FILTER, to: '2026-05-04' })).toBe(true);
  });

  it('finds the orders that ran in a shift', () => {
    expect(shiftOrdersFilter(3, '2026-05-04T22:00:00.000-03:00', '2026-05-05T06:00:00.000-03:00')).toEqual([
      ['lineID', '=', 3],
      'and',
      [
        ['startDate', '<>', null],
        'and',
        ['startDate', '<', '2026-05-05T06:00:00.000-03:00'],
        'and',
        [['endDate', '=', null], 'or', ['endDate', '>', '2026-05-04T22:00:00.000-03:00']],
      ],
    ]);
  });
});
