import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateData } from '../../components/data-grid/grid-api';
import type { GridRow } from '../../components/data-grid/grid-types';
import { apiRequest } from '../../lib/api-client';

/** An order as GET /api/orders answers it (the fields the order manager reads; dates ISO with the plant offset). */
export interface OrderRow {
  order: string;
  lineID: number;
  lot: string | null;
  productCode: string | null;
  productName: string | null;
  status: 0 | 1 | 2;
  startDate: string | null;
  endDate: string | null;
}

/** The order running on a line (status Ready), or null. */
export const runningOrderQuery = (lineID: number) =>
  queryOptions({
    queryKey: ['orders', 'running', lineID],
    queryFn: async () => (await apiRequest<{ data: OrderRow[] }>('/api/orders', { query: { lineID, status: 1 } })).data[0] ?? null,
  });

export function useRunningOrder(lineID: number | null) {
  return useQuery({ ...runningOrderQuery(lineID ?? 0), enabled: lineID !== null });
}

export type OrderRun = { action: 'start'; order: string } | { action: 'finish'; lineID: number; order: string };

/**
 * Starts an order (the line's running order is finalized at the same instant, on the server) or finishes the running
 * one; every screen's data is then stale (the dashboard's order tile, the grids, the indexes).
 */
export function useOrderRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: OrderRun) =>
      run.action === 'start'
        ? apiRequest<OrderRow>('/api/orders/start', { method: 'POST', json: { order: run.order } })
        : apiRequest<OrderRow>('/api/orders/finish', { method: 'POST', json: { lineID: run.lineID, order: run.order } }),
    onSuccess: () => invalidateData(queryClient),
  });
}

/**
 * POST /api/orders/fromPreload: the order made of a preload order, which the server marks used. It takes the record
 * form's values as they are (the preload order's id and the line, the rest optional): the server validates them
 * (orderFromPreloadSchema) and answers a refusal on its field, as every record form's write.
 */
export function createOrderFromPreload(values: GridRow): Promise<OrderRow> {
  return apiRequest<OrderRow>('/api/orders/fromPreload', { method: 'POST', json: values });
}
