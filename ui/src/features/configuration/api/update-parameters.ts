import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GridRow } from '../../../components/data-grid/grid-types';
import { apiRequest } from '../../../lib/api-client';
import type { Parameters } from '../../../lib/parameters';

/** PUT /api/parameters/put/ (form field values): a partial update; answers the parameters as get does. */
export function updateParameters(values: GridRow): Promise<Parameters> {
  return apiRequest<Parameters>('/api/parameters/put/', { method: 'PUT', form: { values } });
}

export function useUpdateParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParameters,
    onSuccess: (stored) => queryClient.setQueryData(['parameters'], stored),
  });
}
