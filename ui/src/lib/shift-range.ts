import { addPlantDays } from './plant-time';

/**
 * The plant's shifts as wall-clock spans (SPEC.md sections 3, 9): TO the whole plant day 06:00–06:00, TM 06:00–14:00,
 * TT 14:00–22:00, TN 22:00–06:00 of the next day. A span is written as plant wall-clock times without an offset
 * ('2026-03-01T22:00:00'), which the server reads in the plant's time zone: so a night across a DST change lasts 7 or
 * 9 hours there, whatever the browser's own zone is.
 */
export const SHIFT_CODES = ['TO', 'TM', 'TT', 'TN'] as const;
export type ShiftCode = (typeof SHIFT_CODES)[number];

const SHIFT_HOURS: Record<ShiftCode, { start: string; end: string; wraps: boolean }> = {
  TO: { start: '06:00', end: '06:00', wraps: true },
  TM: { start: '06:00', end: '14:00', wraps: false },
  TT: { start: '14:00', end: '22:00', wraps: false },
  TN: { start: '22:00', end: '06:00', wraps: true },
};

export const isShiftCode = (value: unknown): value is ShiftCode =>
  typeof value === 'string' && (SHIFT_CODES as readonly string[]).includes(value);

/** A range of plant wall-clock times, 'YYYY-MM-DDTHH:mm:ss' each. */
export interface PlantRange {
  start: string;
  end: string;
}

/**
 * SPEC.md section 5: from `fromDate` at the shift's start to `toDate` at the shift's end, plus one day when the shift
 * wraps midnight (TN, TO). One date gives that day's shift.
 */
export function shiftRange(code: ShiftCode, fromDate: string, toDate: string = fromDate): PlantRange {
  const hours = SHIFT_HOURS[code];
  return { start: `${fromDate}T${hours.start}:00`, end: `${hours.wraps ? addPlantDays(toDate, 1) : toDate}T${hours.end}:00` };
}
