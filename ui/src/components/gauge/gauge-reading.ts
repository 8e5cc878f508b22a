import { percentLabel } from '../../lib/indicator-format';

/** What a gauge shows of a ratio (0..1): a whole percentage, capped at '999+%' (SPEC.md sections 2, 9). */
export interface GaugeReading {
  /** '87%', '999+%', or '—' when there is no value. */
  label: string;
  /** How much of the arc is filled, 0..1. */
  fraction: number;
}

export function gaugeReading(ratio: number | null | undefined): GaugeReading {
  const fraction = ratio === null || ratio === undefined || !Number.isFinite(ratio) ? 0 : Math.min(1, Math.max(0, ratio));
  return { label: percentLabel(ratio), fraction };
}
