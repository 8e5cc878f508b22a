import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateData } from '../../../components/data-grid/grid-api';
import { apiRequest } from '../../../lib/api-client';

export interface Signature {
  user: string;
  password: string;
}

/** How many indexes a recalculation rebuilt: the answer is a count, or an object carrying one. */
export function recalculatedCount(answer: unknown): number {
  if (typeof answer === 'number') return answer;
  const count = (answer as { count?: unknown } | null)?.count;
  return typeof count === 'number' ? count : 0;
}

/**
 * GET /api/OeeIndex/RecalculateAllOrders, then …History, signed with the user's name and password (SPEC.md section
 * 7); answers how many order and shift indexes were rebuilt.
 */
export async function recalculateAll(signature: Signature): Promise<{ orders: number; history: number }> {
  const orders = await apiRequest('/api/OeeIndex/RecalculateAllOrders', { query: { ...signature } });
  const history = await apiRequest('/api/OeeIndex/RecalculateAllOrdersHistory', { query: { ...signature } });
  return { orders: recalculatedCount(orders), history: recalculatedCount(history) };
}

export function useRecalculateAll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recalculateAll, onSuccess: () => invalidateData(queryClient) });
}
