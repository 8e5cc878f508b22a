import type { Signature } from '../../signature/signed-form';
import { putSignedOrderAction, useSignedOrderAction } from './signed-order-action';

/** PUT /api/oeeindex/adjust (order, discountTime in minutes, user, password), signed by a supervisor. */
export function adjustOrder({ order, discountTime, ...signature }: { order: string; discountTime: number } & Signature): Promise<unknown> {
  return putSignedOrderAction('/api/oeeindex/adjust', { order, discountTime }, signature);
}

export function useAdjustOrder() {
  return useSignedOrderAction(adjustOrder);
}
