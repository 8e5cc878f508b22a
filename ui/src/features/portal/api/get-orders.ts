import type { z } from 'zod';
import type { orderStopsSchema, portalOrderRowSchema } from '../../../../../portal/portal.schemas';
import { useQuery } from '@tanstack/react-query';
import type { LoadRequest } from '../../../components/data-grid/grid-query';
import { apiRequest, buildUrl } from '../../../lib/api-client';
import { plantsParam } from './figures';

/** The orders grid's resource (GET /api/portal/orders: the grid's load options, plus the range and the plants). */
export const ORDERS_PATH = '/api/portal/orders';
export const ORDER_STOPS_PATH = '/api/portal/orders/stops';

/** A row of the orders grid: an order's index, its times in its plant's own time and in ms (sorted by). */
export type PortalOrderRow = z.infer<typeof portalOrderRowSchema>;

/** Production days of the orders' starts (each plant's own; either end may be empty) and the plants (none: all). */
export interface OrdersFilter {
  from: string;
  to: string;
  plants: readonly string[];
}

export const ordersParams = (filter: OrdersFilter) => ({
  from: filter.from || null,
  to: filter.to || null,
  plants: plantsParam(filter.plants),
});

/** The grid's path: the range and plants as plain parameters, beside the load options the grid adds. */
export const ordersGridPath = (filter: OrdersFilter) => buildUrl(ORDERS_PATH, ordersParams(filter));

/** What the workbook is asked for: the range and plants, and the grid's own column filter and sort. */
export const ordersExportQuery = (filter: OrdersFilter, request: LoadRequest | null) => ({
  ...ordersParams(filter),
  filter: request?.filter ?? null,
  sort: request?.sort.length ? request.sort : null,
});

/** One stop of an order as the portal answers it: times in its plant's own time, lost minutes up to now if open. */
export type OrderStop = z.infer<typeof orderStopsSchema>[number];

export interface OrderKey {
  plantId: string;
  order: string;
}

/** GET /api/portal/orders/stops: an order's stops, by start. */
export function getOrderStops(key: OrderKey): Promise<OrderStop[]> {
  return apiRequest<OrderStop[]>(ORDER_STOPS_PATH, { query: { plantId: key.plantId, order: key.order } });
}

export function useOrderStops(key: OrderKey | null) {
  return useQuery({ queryKey: ['portal', 'orderStops', key], queryFn: () => getOrderStops(key!), enabled: key !== null });
}
