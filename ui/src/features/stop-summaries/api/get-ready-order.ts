import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ReadyOrder {
  order: string;
  /** ISO with the plant offset. */
  startDate: string;
}

/** GET /api/oeeindex/get (filter lineID and status Ready, SPEC.md section 7): the order the line is running, or null. */
export async function getReadyOrder(lineID: number): Promise<ReadyOrder | null> {
  const page = await apiRequest<{ data: ReadyOrder[] }>('/api/oeeindex/get', {
    query: { filter: [['lineID', '=', lineID], 'and', ['status', '=', 1]], take: 1 },
  });
  const order = page.data[0];
  return order?.startDate ? order : null;
}

/** Read when the current-order period is applied (`appliedAt` keys each apply), never polled. */
export const readyOrderQuery = (lineID: number | null, appliedAt: number) =>
  queryOptions({
    queryKey: ['stop-summary', 'ready-order', lineID, appliedAt],
    queryFn: () => getReadyOrder(lineID!),
    enabled: lineID !== null,
    staleTime: Infinity,
  });

export function useReadyOrder(lineID: number | null, appliedAt: number) {
  return useQuery(readyOrderQuery(lineID, appliedAt));
}
