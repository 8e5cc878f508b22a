import type { WaterfallAnswer } from './api/get-waterfall';

export type WaterfallStepKey = 'calendar' | WaterfallAnswer['bars'][number]['key'];

/** One bar of the chart: it floats from `from` to `to` minutes (a loss hangs from the level it lowers). */
export interface WaterfallStep {
  key: WaterfallStepKey;
  from: number;
  to: number;
  minutes: number;
  share: number | null;
}

/** Colours by kind: the calendar and productive time in the OEE green, losses by where they sit. */
export const STEP_COLORS: Record<WaterfallStepKey, string> = {
  calendar: '#4a5568',
  notScheduled: '#a0aec0',
  unstaffed: '#cbd5e0',
  planned: '#4a90d9',
  adjusted: '#7e57c2',
  breakdown: '#ec5453',
  setup: '#dd6b20',
  notLineLoss: '#607d8b',
  smallStop: '#f2c14e',
  speed: '#d69e2e',
  startupRejects: '#d53f8c',
  productionRejects: '#9c27b0',
  unrated: '#b7791f',
  fullyProductive: '#31aca6',
};

/**
 * The steps of the waterfall chart: the calendar time standing from 0, each loss floating down from the level left
 * by the ones before it (a negative speed loss, above nominal, floats up), the fully productive time standing from 0
 * where the losses leave it. Losses of 0 minutes are left out; the last step always shows.
 */
export function waterfallSteps(answer: Pick<WaterfallAnswer, 'calendarMinutes' | 'bars'>): WaterfallStep[] {
  const steps: WaterfallStep[] = [
    { key: 'calendar', from: 0, to: answer.calendarMinutes, minutes: answer.calendarMinutes, share: answer.calendarMinutes > 0 ? 1 : null },
  ];
  let level = answer.calendarMinutes;
  for (const bar of answer.bars) {
    if (bar.key === 'fullyProductive') {
      steps.push({ key: bar.key, from: 0, to: bar.minutes, minutes: bar.minutes, share: bar.share });
      continue;
    }
    if (bar.minutes === 0) continue;
    steps.push({ key: bar.key, from: level - bar.minutes, to: level, minutes: bar.minutes, share: bar.share });
    level -= bar.minutes;
  }
  return steps;
}
