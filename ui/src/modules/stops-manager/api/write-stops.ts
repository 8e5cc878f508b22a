import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteRecord, insertRecord, invalidateData, updateRecord } from '../../../components/data-grid/grid-api';
import type { Stop } from '../../../components/stops/stop';

/** A stop entered by hand: plant wall-clock times ('YYYY-MM-DDTHH:mm:ss'); endDate null while it is in progress. */
export interface ManualStopValues {
  lineID: number;
  startDate: string;
  endDate: string | null;
  reasonID?: number | null;
  observation: string | null;
  equipmentName: string | null;
}

export type StopWrite =
  | { kind: 'insert'; values: ManualStopValues }
  | { kind: 'update'; stopID: number; values: Partial<Omit<ManualStopValues, 'lineID' | 'reasonID'>> }
  | { kind: 'delete'; stopID: number };

/**
 * The stops calls of the stops managers: POST /api/stops (a manual stop, through the engine), PUT /api/stops (times of
 * a manual stop, observation, equipment), DELETE /api/stops (a manual stop). Every screen showing stops refreshes.
 */
export function writeStop(write: StopWrite): Promise<unknown> {
  switch (write.kind) {
    case 'insert':
      return insertRecord('/api/stops', { ...write.values });
    case 'update':
      return updateRecord('/api/stops', write.stopID, { ...write.values });
    case 'delete':
      return deleteRecord('/api/stops', write.stopID);
  }
}

export function useWriteStop() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: writeStop, onSuccess: () => invalidateData(queryClient) });
}

export type { Stop };
