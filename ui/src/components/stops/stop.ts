import type { z } from 'zod';
import type { REASON } from '../../../../edge/src/domain/stops';
import type { stopRowSchema } from '../../../../edge/src/modules/stops/stops.schemas';
import { STOP_EDIT_ROLES } from '../../../../edge/src/domain/roles';
import { hasRole, ROLE, type Roles } from '../../lib/roles';

/**
 * A stop as GET /api/stops answers it (SPEC.md section 3; the edge's declared row): dates ISO with the plant offset,
 * endDate null while the stop is in progress, duration in minutes; `manual`: entered by hand (manual stops manager),
 * the only stops that can be deleted or have their times changed.
 */
export type Stop = z.infer<typeof stopRowSchema>;

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
