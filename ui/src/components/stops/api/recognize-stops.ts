import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateData } from '../../data-grid/grid-api';
import type { Signature } from '../../signature/signed-form';
import type { Stop } from '../stop';

export interface RecognizeRequest extends Signature {
  stopIDs: readonly number[];
  reasonID: number;
  /** Every stop must still be unrecognized, or nothing is recognized (409 naming the stop). */
  onlyUnrecognized?: boolean;
}

/**
 * POST /api/stops/recognize (stopValues, reasonValues, username, password, observation, onlyUnrecognized): the stops as
 * recognized, all in one transaction.
 */
export function recognizeStops(request: RecognizeRequest): Promise<Stop[]> {
  const { stopIDs, reasonID, ...rest } = request;
  return apiRequest<Stop[]>('/api/stops/recognize', { method: 'POST', json: { stopValues: stopIDs, reasonValues: reasonID, ...rest } });
}

/** Recognizes, then refreshes what shows stops (the dashboard tiles, the stops grid, the indicators). */
export function useRecognizeStops() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recognizeStops, onSuccess: () => invalidateData(queryClient) });
}
