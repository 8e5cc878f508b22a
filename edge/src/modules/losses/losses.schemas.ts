import { z } from 'zod';
import { WATERFALL_BAR_KEYS } from '../../domain/losses';
import { queryInt } from '../grid/fields';

/** The longest range a waterfall is asked for: a year and a leap day, with room for a DST-shifted edge. */
export const WATERFALL_MAX_DAYS = 367;

/**
 * GET /api/losses/waterfall: a line (lineID), a sector (sectorID) or the plant (neither) over [from, to) — ISO 8601,
 * with an offset or in plant time — or one order's span (order).
 */
export const waterfallQuerySchema = z.object({
  lineID: queryInt().optional(),
  sectorID: queryInt().optional(),
  order: z.string().trim().min(1).max(40).optional(),
  from: z.string().trim().min(1).max(40).optional(),
  to: z.string().trim().min(1).max(40).optional(),
});
export type WaterfallQuery = z.output<typeof waterfallQuerySchema>;

export const waterfallResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  lineCount: z.number(),
  calendarMinutes: z.number(),
  loadingMinutes: z.number(),
  plannedMinutes: z.number(),
  oee: z.number().nullable(),
  teep: z.number().nullable(),
  bars: z.array(z.object({ key: z.enum(WATERFALL_BAR_KEYS), minutes: z.number(), share: z.number().nullable() })),
  /**
   * What the lines made outside their work calendar's schedule (a holiday, a weekend not worked): units, discards and
   * run time in minutes. Not in the bars' factors nor the OEE (no planned time to charge it to), never dropped; its run
   * time lies inside the notScheduled bar. Zeros with a calendar that schedules every instant (the default one).
   */
  unscheduled: z
    .object({ units: z.number(), discards: z.number(), runMinutes: z.number() })
    .describe('Production outside the work calendar’s schedule: units, discards and run minutes (inside notScheduled).'),
});
export type WaterfallAnswer = z.output<typeof waterfallResponseSchema>;
