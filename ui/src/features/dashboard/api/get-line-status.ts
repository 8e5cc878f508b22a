import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BeaconColor } from '../../../components/beacon';
import { livePolling } from '../../../lib/polling';

/** The six indicator values (ratios 0..1; mtbf and mttr in minutes; null when undefined). */
export interface IndicatorValues {
  oee: number | null;
  throughput: number | null;
  acceptance: number | null;
  utilization: number | null;
  mtbf: number | null;
  mttr: number | null;
  /** Throughput over 100 %: the line ran above the nominal speed; the figures are kept and shown flagged. */
  aboveNominalSpeed: boolean;
}

/** A shift of the line's work calendar (any code it names; TM, TT, TN by default) or its production day (TO). */
export interface ShiftInfo {
  code: string;
  plantDate: string;
  start: string;
  end: string;
  /** The calendar shift's names (absent for the production day). */
  nameEs?: string;
  nameEn?: string;
}

export interface OrderData extends IndicatorValues {
  order: string;
  op: string;
  version: number;
  lot: string | null;
  productCode: string | null;
  productName: string | null;
  unit: string | null;
  startDate: string | null;
  desiredProductionQuantity: number | null;
  productionQuantity: number | null;
  discardQuantity: number | null;
  goodUnits: number | null;
  /** Production over the order's desired quantity, 0..1. */
  progress: number | null;
}

/** A maintenance call in progress (Waiting or Started), with minutes since the call and overLimit past 10 minutes. */
export interface MaintenanceCall {
  callID: number;
  resourceLineID: number;
  stopID: number | null;
  status: number;
  callReason: string | null;
  message: string | null;
  callDate: string;
  declarationDate: string | null;
  startDate: string | null;
  endDate: string | null;
  minutes: number;
  overLimit: boolean;
}

export interface CurrentStop {
  stopID: number;
  startDate: string;
  /** Minutes, up to when the server answered. */
  duration: number;
  reasonID: number | null;
  reason: string | null;
  path: string | null;
  color: string | null;
  recognized: boolean;
}

/** GET /api/resources/status/get: the overview of a line (SPEC.md section 3, "Line overview"). */
export interface LineStatus {
  lineID: number;
  sectorID: number;
  description: string;
  targetOEE: number | null;
  targetSummary: number | null;
  beacon: BeaconColor;
  /** The line should be read and is not (the acquisition down, or a signal without a good value). */
  notRead?: boolean;
  running: boolean | null;
  lastSampleAt: string | null;
  orderData: OrderData | null;
  callData: MaintenanceCall | null;
  stopData: CurrentStop | null;
  shiftData: ShiftInfo & IndicatorValues;
}

export function getLineStatus(lineID: number): Promise<LineStatus> {
  return apiRequest<LineStatus>('/api/resources/status/get', { query: { lineID } });
}

/** SPEC.md section 9: the beacon (and with it the line's overview) is polled every 15 s. */
export const BEACON_POLL_MS = 15_000;

export const lineStatusQuery = (lineID: number) =>
  queryOptions({ queryKey: ['dashboard', 'status', lineID], queryFn: () => getLineStatus(lineID), ...livePolling(BEACON_POLL_MS) });

export function useLineStatus(lineID: number) {
  return useQuery(lineStatusQuery(lineID));
}
