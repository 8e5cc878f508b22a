import { describe, expect, it } from 'vitest';
import { filterFromModel, initialSortOf, joinFilters, loadQuery, sortFromModel } from './grid-query';

describe("AG Grid's models as the server's load options", () => {
  it('maps text and number conditions to comparisons and and-s the columns', () => {
    expect(
      filterFromModel({
        name: { filterType: 'text', type: 'contains', filter: 'mez' },
        lineID: { filterType: 'number', type: 'greaterThanOrEqual', filter: 3 },
      }),
    ).toEqual([['name', 'contains', 'mez'], 'and', ['lineID', '>=', 3]]);
  });

  it('maps a range, blanks and combined conditions', () => {
    expect(filterFromModel({ speed: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 } })).toEqual([
      ['speed', '>=', 1],
      'and',
      ['speed', '<=', 5],
    ]);
    expect(filterFromModel({ email: { filterType: 'text', type: 'blank' } })).toEqual([['email', '=', null], 'or', ['email', '=', '']]);
    expect(
      filterFromModel({
        name: {
          filterType: 'text',
          operator: 'OR',
          conditions: [
            { filterType: 'text', type: 'startsWith', filter: 'a' },
            { filterType: 'text', type: 'endsWith', filter: 'z' },
          ],
        },
      }),
    ).toEqual([['name', 'startswith', 'a'], 'or', ['name', 'endswith', 'z']]);
  });

  it('takes a day of a date filter as the range from its start to the next day', () => {
    expect(filterFromModel({ updateDate: { filterType: 'date', type: 'equals', dateFrom: '2026-03-31 00:00:00' } })).toEqual([
      ['updateDate', '>=', '2026-03-31'],
      'and',
      ['updateDate', '<', '2026-04-01'],
    ]);
  });

  it('ignores empty conditions and joins a fixed filter with the user filter', () => {
    expect(filterFromModel({ name: { filterType: 'text', type: 'contains', filter: '' } })).toBeNull();
    expect(filterFromModel({})).toBeNull();
    expect(joinFilters('and', [['groupID', '=', 2], null])).toEqual(['groupID', '=', 2]);
    expect(
      joinFilters('and', [
        ['groupID', '=', 2],
        ['name', 'contains', 'x'],
      ]),
    ).toEqual([['groupID', '=', 2], 'and', ['name', 'contains', 'x']]);
  });

  it('maps the sort model and writes the query string of a grid call', () => {
    expect(
      sortFromModel([
        { colId: 'name', sort: 'desc' },
        { colId: 'code', sort: 'asc' },
      ]),
    ).toEqual([
      { selector: 'name', desc: true },
      { selector: 'code', desc: false },
    ]);
    expect(loadQuery({ filter: ['lineID', '=', 1], sort: [], skip: 20, take: 20 })).toEqual({
      skip: 20,
      take: 20,
      requireTotalCount: true,
      filter: '["lineID","=",1]',
    });
  });
});

describe('the sort a grid starts with', () => {
  it("is its fields' initial sort in column order, as AG Grid's first request asks", () => {
    expect(initialSortOf([{ name: 'order' }, { name: 'startDate', initialSort: 'desc' }, { name: 'lineID', initialSort: 'asc' }])).toEqual([
      { selector: 'startDate', desc: true },
      { selector: 'lineID', desc: false },
    ]);
    expect(initialSortOf([{ name: 'order' }])).toEqual([]);
  });
});
