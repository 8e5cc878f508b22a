import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { pageRequest } from '../../components/data-grid/grid-api';
import { initialSortOf } from '../../components/data-grid/grid-query';
import { firstOrderIndexPage } from './api/get-order-indexes';
import { adjustedDiscount, orderIndexFields, type OrderIndexRow } from './order-index-fields';
import { SHIFT_INDEX_FIELDS } from './shift-index-fields';
import type { GridField } from '../../components/data-grid/grid-types';

// i18next's own test language: every key is answered as itself.
const i18n = createInstance();
await i18n.init({ lng: 'cimode' });
const t = i18n.t;
const row = (typed: number, effective: number | null) =>
  ({
    order: '1-0',
    op: '1',
    endDate: null,
    validation: false,
    stopTime: 3,
    adjustedDiscountTime: typed,
    effectiveAdjustedDiscountTime: effective,
  }) satisfies OrderIndexRow;

describe('order-index grid', () => {
  it('asks first, as the route is entered, exactly what the grid asks first (one request, not two)', () => {
    const first = firstOrderIndexPage();
    // The grid's first request, as its datasource makes it: its fixed filter and no column filter, the sort model AG
    // Grid starts with (the fields' initial sort), the first page.
    const sortModel = initialSortOf(orderIndexFields(t, false)).map((item) => ({
      colId: item.selector,
      sort: item.desc ? ('desc' as const) : ('asc' as const),
    }));
    expect(pageRequest(first.filter, null, sortModel, 0, first.take)).toEqual(first);
  });

  it('shows the adjustment the OEE used, and the typed one beside it when they read differently', () => {
    expect(adjustedDiscount(row(5, 5))).toEqual({ effective: '5,0', typed: '5,0', capped: false });
    expect(adjustedDiscount(row(5, 3))).toEqual({ effective: '3,0', typed: '5,0', capped: true });
    // Before the order's index exists, the typed figure is all there is.
    expect(adjustedDiscount(row(0, null))).toEqual({ effective: '0,0', typed: '0,0', capped: false });
  });

  it('puts Utilización and OEE in view at 1366 px on both index grids (within the first 1,000 px of columns)', () => {
    /** Where a column ends, from the grid's left edge. */
    const endOf = (fields: readonly GridField[], name: string) => {
      let x = 0;
      for (const field of fields) {
        x += field.width ?? 0;
        if (field.name === name) return x;
      }
      throw new Error(`no column ${name}`);
    };
    for (const fields of [orderIndexFields(t, true), SHIFT_INDEX_FIELDS]) {
      for (const name of ['utilization', 'oee']) expect(endOf(fields, name)).toBeLessThanOrEqual(1_000);
    }
  });
});

describe('the shift-index grid', () => {
  it("shows the production day the server answers (the line's calendar day), not its start's date", () => {
    const column = SHIFT_INDEX_FIELDS.find((field) => field.name === 'productionDay');
    // Shifts 22:00, 06:00, 14:00: the morning shift of the 5th belongs to the production day that started on the 4th.
    expect(column?.text?.({ lineID: 1, shift: 'TM', shiftStart: '2026-05-05T06:00:00.000+02:00', productionDay: '2026-05-04' })).toBe(
      '2026-05-04',
    );
  });
});
