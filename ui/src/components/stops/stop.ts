import type { REASON } from '../../../../edge/src/domain/stops';
import { STOP_EDIT_ROLES } from '../../../../edge/src/domain/roles';
import { hasRole, ROLE, type Roles } from '../../lib/roles';

/** A stop as GET /api/stops answers it (SPEC.md section 3): dates ISO with the plant offset, duration in minutes. */
export interface Stop {
  stopID: number;
  order: string | null;
  op: string | null;
  lineID: number;
  split: boolean;
  reason: string | null;
  reasonID: number | null;
  root: string | null;
  path: string | null;
  startDate: string;
  /** Empty while the stop is in progress. */
  endDate: string | null;
  duration: number;
  recognized: boolean;
  observation: string | null;
  declaringTime: number | null;
  waitingTime: number | null;
  maintenanceTime: number | null;
  color: string | null;
  equipmentName?: string | null;
  /** Entered by hand (manual stops manager): only such stops can be deleted or have their times changed. */
  manual?: boolean;
}

/** SPEC.md section 6: supervisor and operator recognize, modify and split stops (and sign those actions). */
export const STOP_HANDLING_ROLES: Roles = STOP_EDIT_ROLES;
/** The split column of the stops grid is the supervisor's (its dialog accepts an operator's signature too). */
export const SPLIT_COLUMN_ROLES: Roles = [ROLE.SUPERVISOR];

export const canHandleStops = (roleID: number | null | undefined) => hasRole(roleID, STOP_HANDLING_ROLES);

/** Colours of SPEC.md section 9: a stop not recognized is red; running time is 'En marcha' green. */
export const UNRECOGNIZED_COLOR = '#e53e3e';
export const RUNNING_COLOR = '#66D18A';
/** Time nothing is known of the line ('Sin datos'): the seeded colour of reason 9. */
export const NO_DATA_COLOR = '#bdbdbd';

/** The system reason of the time the edge itself was not running (edge/src/domain/stops.ts REASON.EDGE_DOWN). */
export const EDGE_DOWN_REASON_ID: (typeof REASON)['EDGE_DOWN'] = 9;

/** A stop that stands for time without data: the edge's own downtime. */
export const isNoDataStop = (stop: Pick<Stop, 'reasonID'>) => stop.reasonID === EDGE_DOWN_REASON_ID;

/** The colour a stop is drawn in: its reason's, red while unrecognized. */
export function stopColor(stop: Pick<Stop, 'recognized' | 'color'>): string {
  return stop.recognized ? (stop.color ?? '#718096') : UNRECOGNIZED_COLOR;
}
