import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mttrResponseSchema } from '../../../../edge/src/modules/maintenance/maintenance.schemas';
import { apiRequest } from '../../lib/api-client';
import { livePolling } from '../../lib/polling';

/** A maintenance call as GET /api/maintenance answers it (dates ISO with the plant offset). */
export interface MaintenanceCallRow {
  callID: number;
  resourceLineID: number;
  lineDescription: string;
  sectorID: number;
  sectorName: string | null;
  stopID: number | null;
  status: 0 | 1 | 2 | 4;
  callReason: string | null;
  equipmentName: string | null;
  message: string | null;
  callDate: string;
  startDate: string | null;
  endDate: string | null;
  calledBy: string | null;
  startedBy: string | null;
  waitingMinutes: number | null;
  maintenanceMinutes: number | null;
}

export type CallAction = 'start' | 'finish' | 'close';

interface Option {
  value: number;
  text: string;
}

/** The open calls (Waiting or Started) of a sector or of every line, oldest first, polled every `refreshMs`. */
export const openCallsQuery = (sectorID: number | null, refreshMs: number) =>
  queryOptions({
    queryKey: ['maintenance', 'open', sectorID],
    queryFn: async () =>
      (
        await apiRequest<{ data: MaintenanceCallRow[] }>('/api/maintenance', {
          query: { filter: JSON.stringify(['status', '<', 2]), sort: JSON.stringify([{ selector: 'callDate', desc: false }]), sectorID },
        })
      ).data,
    ...livePolling(refreshMs),
  });

export function useOpenCalls(sectorID: number | null, refreshMs: number) {
  return useQuery(openCallsQuery(sectorID, refreshMs));
}

export function useCallReasons() {
  return useQuery({
    queryKey: ['maintenance', 'reasons'],
    queryFn: async () => (await apiRequest<{ data: { callReasonID: number; name: string }[] }>('/api/maintenance/reasons')).data,
    staleTime: 60_000,
  });
}

export function useLineEquipment(lineID: number | null) {
  return useQuery({
    queryKey: ['maintenance', 'equipment', lineID],
    queryFn: () => apiRequest<Option[]>('/api/maintenance/equipment', { query: { lineID } }),
    enabled: lineID !== null,
    staleTime: 60_000,
  });
}

/** GET /api/maintenance/mttr: per line and per equipment, the finished calls, their minutes, mttr and meanWaiting. */
export type MttrAnswer = z.infer<typeof mttrResponseSchema>;
export type MttrRow = MttrAnswer['lines'][number] | MttrAnswer['equipment'][number];

export function useMttr(range: { from: string; to: string; sectorID: number | null }) {
  return useQuery({
    queryKey: ['maintenance', 'mttr', range],
    queryFn: () => apiRequest<MttrAnswer>('/api/maintenance/mttr', { query: range }),
  });
}

/**
 * After a call changes: the module's lists and the dashboards (beacon, 'Alerta!', rings, stops) read it at once.
 * Not awaited: the caller's own success (its toast, closing its dialog) must not wait for every refetch, nor be lost
 * when a refetch unmounts it first (the tile's call button hides once the line has an open call).
 */
function useRefreshAfterCall() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['maintenance'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export interface NewCall {
  lineID: number;
  callReasonID: number;
  equipmentID: number | null;
  message: string | null;
}

export function useCallMaintenance() {
  const refresh = useRefreshAfterCall();
  return useMutation({
    mutationFn: (call: NewCall) => apiRequest<MaintenanceCallRow>('/api/maintenance/call', { method: 'POST', json: call }),
    onSuccess: refresh,
  });
}

export function useCallAction() {
  const refresh = useRefreshAfterCall();
  return useMutation({
    mutationFn: ({ action, callID }: { action: CallAction; callID: number }) =>
      apiRequest<MaintenanceCallRow>(`/api/maintenance/${action}`, { method: 'POST', json: { callID } }),
    onSuccess: refresh,
  });
}
