import type { Api } from '../../http/api';
import { clockOf } from '../engine';
import { waterfallQuerySchema, waterfallResponseSchema } from './losses.schemas';
import { lossWaterfall } from './losses.service';

const TAG = 'losses';

/** Where the time went (issue 29). */
export function registerLossRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/losses/waterfall',
      // Every role that sees a line's dashboard or the index pages reads it, as it reads the indexes themselves.
      access: 'authenticated',
      // The dashboard's tile polls it: terminals on one line share one answer while nothing is written.
      share: true,
      tag: TAG,
      summary:
        'The time waterfall of a line (lineID), a sector (sectorID) or the plant (neither) over from–to (ISO 8601; up to now), or of an order (order): calendar → loading (the scheduled time of each line’s work calendar; a sector or the plant sums its lines) → planned production time → run time → fully productive time, each bar in minutes and as a share of calendar time (they add up to calendarMinutes), with OEE (the indexes’ own) and TEEP = OEE × loading / calendar. Bars: notScheduled (outside the calendar’s schedule: weekends, holidays, time after a shorter day), unstaffed, planned (discountOEE), adjusted (Ajustar), breakdown, setup, notLineLoss (data gaps, reasons 4 and 9), smallStop, speed, quality, unrated (run time without a nominal speed), fullyProductive; breaks of the calendar are planned time. unscheduled: what the lines made outside the schedule (units, discards, run minutes, the run time inside notScheduled), in no bar’s factors nor the OEE, never dropped.',
      query: waterfallQuerySchema,
      response: waterfallResponseSchema,
    },
    ({ ctx, query }) => lossWaterfall(ctx.db, query, clockOf(ctx)),
  );
}
