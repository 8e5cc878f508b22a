import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateData } from '../../data-grid/grid-api';
import type { Signature } from '../../signature/signed-form';
import type { Stop } from '../stop';

export interface SplitRequest extends Signature {
  stop: Pick<Stop, 'stopID' | 'lineID' | 'order'>;
  /** Plant wall-clock times ('YYYY-MM-DDTHH:mm:ss'); absent: that end of the stop is not moved. */
  newStart?: string;
  newEnd?: string;
}

/** POST /api/stops/split (order, lineID, stopID, split, user, password, newStart, newEnd): the pieces in time order. */
export function splitStop(request: SplitRequest): Promise<Stop[]> {
  const { stop, newStart, newEnd, username, password } = request;
  return apiRequest<Stop[]>('/api/stops/split', {
    method: 'POST',
    json: { stopID: stop.stopID, lineID: stop.lineID, order: stop.order, split: true, user: username, password, newStart, newEnd },
  });
}

export function useSplitStop() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: splitStop, onSuccess: () => invalidateData(queryClient) });
}
