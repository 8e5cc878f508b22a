import type { QueryClient } from '@tanstack/react-query';
import { firstPageRequest, prefetchFirstPage } from '../../../components/data-grid/grid-api';
import type { LoadRequest, SortItem } from '../../../components/data-grid/grid-query';
import { NO_INDEX_FILTER, orderIndexFilter } from '../index-filters';

/** The order-index grid's resource (GET /api/oeeindex: filter, sort, skip, take, requireTotalCount). */
export const ORDER_INDEX_PATH = '/api/oeeindex';
export const ORDER_INDEX_PAGE_SIZE = 20;
/** Newest first. */
export const ORDER_INDEX_SORT: SortItem = { selector: 'startDate', desc: true };

/** What the grid asks first: no filter, newest first, the first page. */
export const firstOrderIndexPage = (): LoadRequest =>
  firstPageRequest(orderIndexFilter(NO_INDEX_FILTER), ORDER_INDEX_PAGE_SIZE, [ORDER_INDEX_SORT]);

/** The first page asked for as /indexes/order is entered, while the page's code (AG Grid's) downloads and starts. */
export function prefetchOrderIndexes(client: QueryClient): void {
  void prefetchFirstPage(client, ORDER_INDEX_PATH, orderIndexFilter(NO_INDEX_FILTER), ORDER_INDEX_PAGE_SIZE, [ORDER_INDEX_SORT]);
}
