import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stopReasonRowSchema } from '../../../edge/src/modules/stop-reasons/stop-reasons.schemas';
import { listRecords, MAX_TAKE } from '../components/data-grid/grid-api';

/** A stop reason as GET /api/stopreasons answers it (the edge's declared row). */
export type StopReason = z.infer<typeof stopReasonRowSchema>;

/** Reason 1 is the technical root; the tree shows its children (the top categories) and below. */
export const ROOT_REASON_ID = 1;

/** Whether a reason is offered on a line: an empty list means every line (SPEC.md section 3, enabledForLine). */
export function isShownOnLine(enabledForLine: readonly number[] | null, lineID: number): boolean {
  return !enabledForLine || enabledForLine.length === 0 || enabledForLine.includes(lineID);
}

/** Every stop reason (the tree and the recognition dialog need them all at once; a plant has a few hundred at most). */
export const allStopReasonsQuery = queryOptions({
  queryKey: ['grid', '/api/stopreasons', 'all'],
  queryFn: async () =>
    (
      await listRecords<StopReason>('/api/stopreasons', {
        filter: null,
        sort: [{ selector: 'reason', desc: false }],
        skip: 0,
        take: MAX_TAKE,
      })
    ).data,
});

export function useAllStopReasons() {
  return useQuery(allStopReasonsQuery);
}
