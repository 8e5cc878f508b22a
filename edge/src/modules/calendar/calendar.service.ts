import { plantDateOf, shiftAt, shiftOf, type Shift } from '../../domain/calendar';
import { toPlantIso } from '../../domain/time-zone';

/** A shift (or plant day) as the API writes it: code, plant date, start and end in plant ISO. */
export function shiftToApi(shift: Shift, timeZone: string) {
  return { code: shift.code, plantDate: shift.plantDate, start: toPlantIso(shift.startMs, timeZone), end: toPlantIso(shift.endMs, timeZone) };
}

/** The plant's now: the instant, the zone, the production day (06:00 to 06:00) and the current shift. */
export function plantNow(nowMs: number, timeZone: string) {
  const plantDate = plantDateOf(nowMs, timeZone);
  return {
    now: toPlantIso(nowMs, timeZone),
    timeZone,
    plantDate,
    shift: shiftToApi(shiftAt(nowMs, timeZone), timeZone),
    day: shiftToApi(shiftOf('TO', plantDate, timeZone), timeZone),
  };
}
