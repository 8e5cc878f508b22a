/** A maintenance call's instants (ISO), as the line overview gives them. */
export interface CallTimes {
  callDate: string;
  declarationDate: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface MaintenancePhases {
  declaringMs: number;
  waitingMs: number;
  maintenanceMs: number;
}

const span = (fromMs: number, toMs: number) => (Number.isFinite(fromMs) && Number.isFinite(toMs) ? Math.max(0, toMs - fromMs) : 0);

/**
 * The three rings of a stop with a maintenance call (SPEC.md sections 2, 9): declaring, from the stop's start until
 * the call was declared (its declaration date, else its call date); waiting, from then until maintenance started
 * (now while it has not); maintenance, from its start until its end (now while it lasts).
 */
export function maintenancePhases(stopStart: string, call: CallTimes, nowMs: number): MaintenancePhases {
  const declared = Date.parse(call.declarationDate ?? call.callDate);
  const started = call.startDate ? Date.parse(call.startDate) : null;
  const ended = call.endDate ? Date.parse(call.endDate) : nowMs;
  return {
    declaringMs: span(Date.parse(stopStart), declared),
    waitingMs: span(declared, started ?? nowMs),
    maintenanceMs: started === null ? 0 : span(started, ended),
  };
}
