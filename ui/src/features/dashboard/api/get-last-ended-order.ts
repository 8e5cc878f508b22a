import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderIndexRowSchema } from '../../../../../edge/src/modules/orders/orders.schemas';
import { listRecords } from '../../../components/data-grid/grid-api';

/** An ended order of the line, as the order-index grid answers it (times in minutes; stopTime: the most an adjustment may take). */
export type EndedOrder = z.infer<typeof orderIndexRowSchema>;

/** The line's most recently ended order (status Finalized with an end date): the one the supervisor may adjust. */
export async function getLastEndedOrder(lineID: number): Promise<EndedOrder | null> {
  const page = await listRecords<EndedOrder>('/api/oeeindex', {
    filter: [['lineID', '=', lineID], 'and', ['status', '=', 2], 'and', ['endDate', '<>', null]],
    sort: [{ selector: 'endDate', desc: true }],
    skip: 0,
    take: 1,
  });
  return page.data[0] ?? null;
}

export const lastEndedOrderQuery = (lineID: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'last-ended-order', lineID],
    queryFn: () => getLastEndedOrder(lineID),
    enabled,
    staleTime: 60_000,
  });

export function useLastEndedOrder(lineID: number, enabled: boolean) {
  return useQuery(lastEndedOrderQuery(lineID, enabled));
}
