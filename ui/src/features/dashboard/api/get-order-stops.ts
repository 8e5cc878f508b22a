import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../components/data-grid/grid-api';
import type { Stop } from '../../../components/stops/stop';
import { livePolling } from '../../../lib/polling';

/** SPEC.md section 2: the order information shows the order's last 5 stops. */
export const LAST_STOPS = 5;

export async function getOrderStops(lineID: number, order: string): Promise<Stop[]> {
  const page = await listRecords<Stop>('/api/stops', {
    filter: [['lineID', '=', lineID], 'and', ['order', '=', order]],
    sort: [{ selector: 'startDate', desc: true }],
    skip: 0,
    take: LAST_STOPS,
  });
  return page.data;
}

export const orderStopsQuery = (lineID: number, order: string | null, refreshMs: number) =>
  queryOptions({
    queryKey: ['dashboard', 'order-stops', lineID, order],
    queryFn: () => getOrderStops(lineID, order!),
    enabled: order !== null,
    ...livePolling(refreshMs),
  });

export function useOrderStops(lineID: number, order: string | null, refreshMs: number) {
  return useQuery(orderStopsQuery(lineID, order, refreshMs));
}
