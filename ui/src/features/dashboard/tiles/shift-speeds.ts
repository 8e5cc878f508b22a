import { roundToTenth } from '../../../lib/indicator-format';
import type { ShiftIndex } from '../api/get-shift-history';

export interface ShiftSpeed {
  /** Units produced per minute of running time. */
  current: number | null;
  /** The speed the ideal units correspond to: ideal units per minute of running time. */
  nominal: number | null;
}

const perMinute = (units: number | null, runtimeMinutes: number | null) =>
  units !== null && runtimeMinutes !== null && runtimeMinutes > 0 ? roundToTenth(units / runtimeMinutes) : null;

/** The current and nominal speed of each shift (in the order of `codes`), from its shift index; null where it has none. */
export function shiftSpeeds(codes: readonly string[], indexes: readonly ShiftIndex[]): ShiftSpeed[] {
  return codes.map((code) => {
    const index = indexes.find((row) => row.shift === code);
    if (!index) return { current: null, nominal: null };
    return { current: perMinute(index.productionQuantity, index.runtime), nominal: perMinute(index.idealUnits, index.runtime) };
  });
}
