import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recalculationResultSchema } from '../../../../../edge/src/modules/orders/orders.schemas';
import { invalidateData } from '../../../components/data-grid/grid-api';
import { apiRequest } from '../../../lib/api-client';

export interface Signature {
  user: string;
  password: string;
}

/** A recalculation's answer: indexes rebuilt, and how many of them changed. */
export type RecalculationResult = z.infer<typeof recalculationResultSchema>;

/**
 * GET /api/OeeIndex/RecalculateAllOrders, then …History, signed with the user's name and password (SPEC.md section
 * 7); answers how many order and shift indexes were rebuilt.
 */
export async function recalculateAll(signature: Signature): Promise<{ orders: number; history: number }> {
  const orders = await apiRequest<RecalculationResult>('/api/OeeIndex/RecalculateAllOrders', { query: { ...signature } });
  const history = await apiRequest<RecalculationResult>('/api/OeeIndex/RecalculateAllOrdersHistory', { query: { ...signature } });
  return { orders: orders.count, history: history.count };
}

export function useRecalculateAll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recalculateAll, onSuccess: () => invalidateData(queryClient) });
}
