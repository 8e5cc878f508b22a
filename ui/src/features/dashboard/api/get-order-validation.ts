import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../components/data-grid/grid-api';

/** GET /api/orders filtered by the order: the first row's validation flag (SPEC.md section 7). */
export async function getOrderValidation(order: string): Promise<boolean> {
  const page = await listRecords('/api/orders', { filter: ['order', '=', order], sort: [], skip: 0, take: 1 });
  return page.data[0]?.validation === true;
}

export const orderValidationQuery = (order: string | null) =>
  queryOptions({ queryKey: ['dashboard', 'order-validation', order], queryFn: () => getOrderValidation(order!), enabled: order !== null });

export function useOrderValidation(order: string | null) {
  return useQuery(orderValidationQuery(order));
}
