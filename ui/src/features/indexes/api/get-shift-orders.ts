import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../components/data-grid/grid-api';
import { shiftOrdersFilter } from '../index-filters';
import type { OrderIndex } from '../order-index-fields';

/** An order that ran in a shift, as the order-index grid lists it (its whole index, not the shift's part). */
export type ShiftOrder = OrderIndex;

/** More orders than a shift ever holds: a line runs one order at a time. */
const SHIFT_ORDERS_TAKE = 200;

/** GET /api/oeeindex filtered to the orders of a line that ran during a shift, in the order they started. */
export async function getShiftOrders(lineID: number, shiftStart: string, shiftEnd: string): Promise<ShiftOrder[]> {
  const page = await listRecords<OrderIndex>('/api/oeeindex', {
    filter: shiftOrdersFilter(lineID, shiftStart, shiftEnd),
    sort: [{ selector: 'startDate', desc: false }],
    skip: 0,
    take: SHIFT_ORDERS_TAKE,
  });
  return page.data;
}

export const shiftOrdersQuery = (lineID: number, shiftStart: string, shiftEnd: string) =>
  queryOptions({ queryKey: ['indexes', 'shift-orders', lineID, shiftStart], queryFn: () => getShiftOrders(lineID, shiftStart, shiftEnd) });

export function useShiftOrders(lineID: number, shiftStart: string, shiftEnd: string) {
  return useQuery(shiftOrdersQuery(lineID, shiftStart, shiftEnd));
}
