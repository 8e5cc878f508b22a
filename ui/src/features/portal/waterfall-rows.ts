import type { WaterfallAnswer } from '../../components/losses/api/get-waterfall';
import type { WaterfallStepKey } from '../../components/losses/waterfall-steps';
import type { PortalPlant } from './api/get-plants';
import { lineScope, sectorScope } from './api/get-waterfall';

/** A row of the waterfall's table: a bar's minutes and share of the calendar time. */
export interface WaterfallRow {
  key: WaterfallStepKey;
  minutes: number;
  share: number | null;
}

/**
 * The table beside the waterfall chart, the bars as the chart shows them: the calendar time first (its whole), then
 * each bar with time in it in the answer's order (the losses, then the fully productive time, always shown). The
 * rows after the first add up to it, as the answer's bars do.
 */
export function waterfallRows(answer: Pick<WaterfallAnswer, 'calendarMinutes' | 'bars'>): WaterfallRow[] {
  return [
    { key: 'calendar', minutes: answer.calendarMinutes, share: answer.calendarMinutes > 0 ? 1 : null },
    ...answer.bars.filter((bar) => bar.minutes !== 0 || bar.key === 'fullyProductive'),
  ];
}

/** What a plant's waterfall can be asked for: the whole plant, each of its sectors, each of its lines. */
export function scopeOptions(
  plant: Pick<PortalPlant, 'lines'> | undefined,
  labels: { plant: string; sector: (name: string) => string; line: (id: number, description: string | null) => string },
): { value: string; label: string }[] {
  const options = [{ value: '', label: labels.plant }];
  if (!plant) return options;
  const sectors = new Map<number, string>();
  for (const line of plant.lines) if (line.sectorID !== null) sectors.set(line.sectorID, line.sectorName ?? String(line.sectorID));
  for (const [sectorID, name] of [...sectors].sort((a, b) => a[0] - b[0]))
    options.push({ value: sectorScope(sectorID), label: labels.sector(name) });
  for (const line of plant.lines) options.push({ value: lineScope(line.lineID), label: labels.line(line.lineID, line.description) });
  return options;
}
