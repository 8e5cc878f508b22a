import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { LineIndicators } from './api/get-indicators';
import type { IndicatorValues, LineStatus, ShiftInfo } from './api/get-line-status';

export interface TimeRange {
  start: string;
  end: string;
}

/** What every tile of a line's dashboard reads: the line, the shift on screen and the polled data. */
export interface DashboardState {
  lineID: number;
  roleID: number;
  /** gridRefreshTime in ms. */
  refreshMs: number;
  /** The line's overview, polled every 15 s (beacon, order, current stop, maintenance call). */
  status: UseQueryResult<LineStatus>;
  /** The indicators of the shift on screen. */
  indicators: UseQueryResult<LineIndicators>;
  /** The shift on screen, with its indicators; null until the first answer. */
  shift: (ShiftInfo & IndicatorValues) | null;
  /** Its range and its plant day's range (the shift-history charts). */
  range: TimeRange | null;
  day: TimeRange | null;
  /** The shift on screen is the one in progress. */
  isCurrent: boolean;
}

export const DashboardContext = createContext<DashboardState | null>(null);

export function useDashboard(): DashboardState {
  const state = useContext(DashboardContext);
  if (!state) throw new Error('useDashboard needs a DashboardContext');
  return state;
}
