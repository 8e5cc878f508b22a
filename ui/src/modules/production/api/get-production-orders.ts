import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A started order of a line as the page of lots shows it (its index's quantities and acceptance, its product's unit). */
export interface ProductionOrder {
  order: string;
  op: string | null;
  lot: string | null;
  productCode: string | null;
  productName: string | null;
  status: number;
  startDate: string | null;
  endDate: string | null;
  unit: string | null;
  productionQuantity: number | null;
  discardQuantity: number | null;
  acceptance: number | null;
}

export interface ProductionOrders {
  lineID: number;
  /** The line counts its units itself: lots are declarations beside that production. */
  unitsCounted: boolean;
  /** The line counts its discards itself: none are declared by hand. */
  discardsCounted: boolean;
  orders: ProductionOrder[];
}

/** GET /api/production/orders: the started orders of a line, newest first. */
export function getProductionOrders(lineID: number): Promise<ProductionOrders> {
  return apiRequest<ProductionOrders>('/api/production/orders', { query: { line: lineID } });
}

export const productionOrdersQuery = (lineID: number) =>
  queryOptions({ queryKey: ['production', 'orders', lineID], queryFn: () => getProductionOrders(lineID) });

export function useProductionOrders(lineID: number | null) {
  return useQuery({ ...productionOrdersQuery(lineID ?? 0), enabled: lineID !== null });
}
