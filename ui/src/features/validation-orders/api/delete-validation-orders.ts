import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteManyResultSchema } from '../../../../../edge/src/modules/validation-orders/validation-orders.schemas';
import { invalidateData } from '../../../components/data-grid/grid-api';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/validatedOrder/deleteMany: the selected orders go in one transaction, all or none; answers how many. */
export function deleteValidationOrders(orderIDs: readonly unknown[]): Promise<z.infer<typeof deleteManyResultSchema>> {
  return apiRequest<z.infer<typeof deleteManyResultSchema>>('/api/validatedOrder/deleteMany', { method: 'POST', json: { orderIDs } });
}

export function useDeleteValidationOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteValidationOrders, onSuccess: () => invalidateData(queryClient) });
}
