import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecords, MAX_TAKE } from '../../../components/data-grid/grid-api';
import type { StopReason } from '../tabs/stop-reasons/reason-tree';

/** Every stop reason (the tree needs them all at once; a plant has a few hundred at most). */
export const allStopReasonsQuery = queryOptions({
  queryKey: ['grid', '/api/stopreasons', 'all'],
  queryFn: async () => (await listRecords('/api/stopreasons', { filter: null, sort: [{ selector: 'reason', desc: false }], skip: 0, take: MAX_TAKE })).data as unknown as StopReason[],
});

export function useAllStopReasons() {
  return useQuery(allStopReasonsQuery);
}
