import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateData } from '../../data-grid/grid-api';
import type { Signature } from '../../signature/signed-form';

/** A signed order action (adjust, validate): PUT with the order's fields and the signature as user and password. */
export function putSignedOrderAction(path: string, fields: Record<string, unknown>, signature: Signature): Promise<unknown> {
  return apiRequest(path, { method: 'PUT', json: { ...fields, user: signature.username, password: signature.password } });
}

/** The action as a mutation; what shows the order (indexes, dashboard) refreshes once it is done. */
export function useSignedOrderAction<T>(action: (request: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => invalidateData(queryClient) });
}
