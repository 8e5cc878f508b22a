import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { pageRequest } from '../../components/data-grid/grid-api';
import { initialSortOf } from '../../components/data-grid/grid-query';
import { firstOrderIndexPage } from './api/get-order-indexes';
import { adjustedDiscount, orderIndexFields, type OrderIndexRow } from './order-index-fields';

const t = ((key: string) => key) as unknown as TFunction;
const row = (typed: number, effective: number | null) => ({ order: '1-0', op: '1', endDate: null, validation: false, stopTime: 3, adjustedDiscountTime: typed, effectiveAdjustedDiscountTime: effective }) satisfies OrderIndexRow;

describe('order-index grid', () => {
  it('asks first, as the route is entered, exactly what the grid asks first (one request, not two)', () => {
    const first = firstOrderIndexPage();
    // The grid's first request, as its datasource makes it: its fixed filter and no column filter, the sort model AG
    // Grid starts with (the fields' initial sort), the first page.
    const sortModel = initialSortOf(orderIndexFields(t, false)).map((item) => ({ colId: item.selector, sort: item.desc ? ('desc' as const) : ('asc' as const) }));
    expect(pageRequest(first.filter, null, sortModel, 0, first.take)).toEqual(first);
  });

  it('shows the adjustment the OEE used, and the typed one beside it when they read differently', () => {
    expect(adjustedDiscount(row(5, 5))).toEqual({ effective: '5,0', typed: '5,0', capped: false });
    expect(adjustedDiscount(row(5, 3))).toEqual({ effective: '3,0', typed: '5,0', capped: true });
    // Before the order's index exists, the typed figure is all there is.
    expect(adjustedDiscount(row(0, null))).toEqual({ effective: '0,0', typed: '0,0', capped: false });
  });
});
