import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateData } from '../../../components/data-grid/grid-api';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/stopreasons/lines: shows or hides one reason on one line. */
export function setReasonVisibility(body: { reasonID: number; lineID: number; enabled: boolean }): Promise<unknown> {
  return apiRequest('/api/stopreasons/lines', { method: 'PUT', json: body });
}

export function useSetReasonVisibility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setReasonVisibility, onSuccess: () => invalidateData(queryClient) });
}
