/**
 * Maintenance calls (SPEC.md sections 3 and 4, issue 14): the status machine and the times a call gives the stop it
 * was raised during. Pure: the instants come as arguments, the server's clock stamps them.
 */

/** SPEC.md section 3: 0 Waiting, 1 Started, 2 Finished, 4 NoMtto (closed without maintenance). */
export const MAINTENANCE_STATUS = { WAITING: 0, STARTED: 1, FINISHED: 2, NO_MAINTENANCE: 4 } as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUS)[keyof typeof MAINTENANCE_STATUS];

/** A call is open (the line's beacon amber, 'Alerta!' raised) while Waiting or Started. */
export const OPEN_STATUSES: readonly MaintenanceStatus[] = [MAINTENANCE_STATUS.WAITING, MAINTENANCE_STATUS.STARTED];

export function isOpen(status: number): boolean {
  return (OPEN_STATUSES as readonly number[]).includes(status);
}

/** Maintenance staff take a call (start), end it (finish), or it is closed as not a maintenance matter (close). */
export type MaintenanceAction = 'start' | 'finish' | 'close';
export type TransitionRefusal = 'alreadyStarted' | 'notStarted' | 'closed';

/**
 * Waiting → Started → Finished; Waiting or Started → NoMtto. Anything else is refused: starting a call twice,
 * finishing one nobody started, touching one already closed.
 */
export function nextStatus(
  status: number,
  action: MaintenanceAction,
): { ok: true; status: MaintenanceStatus } | { ok: false; refusal: TransitionRefusal } {
  if (!isOpen(status)) return { ok: false, refusal: 'closed' };
  switch (action) {
    case 'start':
      return status === MAINTENANCE_STATUS.WAITING
        ? { ok: true, status: MAINTENANCE_STATUS.STARTED }
        : { ok: false, refusal: 'alreadyStarted' };
    case 'finish':
      return status === MAINTENANCE_STATUS.STARTED
        ? { ok: true, status: MAINTENANCE_STATUS.FINISHED }
        : { ok: false, refusal: 'notStarted' };
    case 'close':
      return { ok: true, status: MAINTENANCE_STATUS.NO_MAINTENANCE };
  }
}

/** Minutes from one instant to another, to the hundredth, never negative (the stop's duration column rounds so). */
export function minutesBetween(fromMs: number, toMs: number): number {
  return Math.round(Math.max(0, toMs - fromMs) / 600) / 100;
}

export interface CallInstants {
  status: number;
  /** When the call was declared (the server's clock at the call). */
  declarationDate: number;
  startDate: number | null;
}

/** The stop columns a call fills: declaring time at the call, waiting time at its start, maintenance time at its end. */
export interface StopMaintenanceTimes {
  declaringTime?: number;
  waitingTime?: number;
  maintenanceTime?: number;
}

/** The stop a call was made during: its start, and its end (null while it goes on). */
export interface CallStop {
  startMs: number;
  endMs: number | null;
}

/**
 * Minutes of [fromMs, toMs] that fall within the stop: a phase is the stop's only while the line is stopped, so the
 * phases of a call whose stop ended before it did (the line ran again while maintenance was awaited) are cut at the
 * stop's end, and declaring + waiting + maintenance never exceed the stop's duration.
 */
function minutesWithinStop(fromMs: number, toMs: number, stop: CallStop): number {
  return minutesBetween(Math.max(fromMs, stop.startMs), stop.endMs === null ? toMs : Math.min(toMs, stop.endMs));
}

/**
 * The times of the stop in progress when a call is made (SPEC.md section 9's three rings): declaring, from the
 * stop's start to the call; waiting, from the call until maintenance starts; maintenance, from its start to its end.
 * Each is the part of its phase within the stop (minutesWithinStop).
 */
export function declaringTimes(stop: CallStop, declarationMs: number): StopMaintenanceTimes {
  return { declaringTime: minutesWithinStop(stop.startMs, declarationMs, stop) };
}

/**
 * What an action at `nowMs` adds to the call's stop: start ends the wait, finish ends the maintenance, and a close
 * ends whichever phase the call was in (a call closed while waiting had no maintenance time); each cut at the stop's
 * end when the stop is over.
 */
export function timesOfAction(call: CallInstants, action: MaintenanceAction, nowMs: number, stop: CallStop): StopMaintenanceTimes {
  const waiting = { waitingTime: minutesWithinStop(call.declarationDate, nowMs, stop) };
  const maintenance = call.startDate === null ? {} : { maintenanceTime: minutesWithinStop(call.startDate, nowMs, stop) };
  if (action === 'start') return waiting;
  if (action === 'finish') return maintenance;
  return call.status === MAINTENANCE_STATUS.WAITING ? waiting : maintenance;
}

/** Mean time to repair: the maintenance minutes of the finished calls over their number (null when none). */
export function mttrMinutes(maintenanceMinutes: number, finishedCalls: number): number | null {
  return finishedCalls > 0 ? Math.round((maintenanceMinutes / finishedCalls) * 100) / 100 : null;
}
