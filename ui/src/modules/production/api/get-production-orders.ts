import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productionOrdersSchema } from '../../../../../edge/src/modules/production/production.schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/production/orders: the line's started orders (their index's quantities and acceptance, their product's unit),
 * and whether the line counts its units (lots are declarations beside that production) and discards itself.
 */
export type ProductionOrders = z.infer<typeof productionOrdersSchema>;

/** A started order of a line as the page of lots shows it. */
export type ProductionOrder = ProductionOrders['orders'][number];

/** GET /api/production/orders: the started orders of a line, newest first. */
export function getProductionOrders(lineID: number): Promise<ProductionOrders> {
  return apiRequest<ProductionOrders>('/api/production/orders', { query: { line: lineID } });
}

export const productionOrdersQuery = (lineID: number) =>
  queryOptions({ queryKey: ['production', 'orders', lineID], queryFn: () => getProductionOrders(lineID) });

export function useProductionOrders(lineID: number | null) {
  return useQuery({ ...productionOrdersQuery(lineID ?? 0), enabled: lineID !== null });
}
