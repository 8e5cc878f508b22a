import type { Signature } from '../../signature/signed-form';
import { putSignedOrderAction, useSignedOrderAction } from './signed-order-action';

/** PUT /api/oeeindex/validate (order, validation, user, password), signed by a supervisor or an operator. */
export function setOrderValidation({
  order,
  validation,
  ...signature
}: { order: string; validation: boolean } & Signature): Promise<unknown> {
  return putSignedOrderAction('/api/oeeindex/validate', { order, validation }, signature);
}

export function useSetOrderValidation() {
  return useSignedOrderAction(setOrderValidation);
}
