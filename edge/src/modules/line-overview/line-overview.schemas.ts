import { z } from 'zod';
import { maintenanceAlertSchema } from '../maintenance/maintenance.schemas';
import { orderProgressSchema } from '../production/production.schemas';

/**
 * The answers of the line overview, the dashboard's indicators and the sector's (SPEC §3 "Line overview",
 * "Indicators"), as line-overview.service.ts writes them; the app imports their types (`z.infer`).
 */

/** The six indicator values (ratios 0..1; mtbf and mttr in minutes; null when undefined) and the above-speed flag. */
export const indicatorValuesSchema = z.object({
  aboveNominalSpeed: z.boolean(),
  oee: z.number().nullable(),
  throughput: z.number().nullable(),
  acceptance: z.number().nullable(),
  utilization: z.number().nullable(),
  mtbf: z.number().nullable(),
  mttr: z.number().nullable(),
});

/** A shift of the line's work calendar (TM, TT, TN by default, or any code it names), or its production day (TO). */
export const shiftSpanSchema = z.object({
  code: z.string(),
  plantDate: z.string(),
  /** ISO 8601 with the plant's offset. */
  start: z.string(),
  end: z.string(),
  /** The calendar shift's names (absent for the production day). */
  nameEs: z.string().optional(),
  nameEn: z.string().optional(),
});

export const beaconSchema = z.enum(['green', 'red', 'amber', 'white']);

/** The stop in progress on a line: its duration in minutes up to the answer, its reason in the request's language. */
export const currentStopSchema = z.object({
  stopID: z.number().int(),
  startDate: z.string(),
  duration: z.number(),
  reasonID: z.number().int().nullable(),
  reason: z.string().nullable(),
  path: z.string().nullable(),
  color: z.string().nullable(),
  recognized: z.boolean(),
});

/** A line's overview card (/resumen, the beacon, the dashboard's header). */
export const lineCardSchema = z.object({
  lineID: z.number().int(),
  sectorID: z.number().int(),
  description: z.string(),
  /** As configured, a percentage. */
  targetOEE: z.number().nullable(),
  targetSummary: z.number().nullable(),
  beacon: beaconSchema,
  running: z.boolean().nullable(),
  lastSampleAt: z.string().nullable(),
  /** The Ready order's progress and indicators. */
  orderData: orderProgressSchema.extend(indicatorValuesSchema.shape).nullable(),
  /** The maintenance call in progress. */
  callData: maintenanceAlertSchema,
  stopData: currentStopSchema.nullable(),
  shiftData: shiftSpanSchema.extend(indicatorValuesSchema.shape),
});

/** GET /api/resources/status/get: a line's card, and notRead while it should be read and is not. */
export const lineStatusSchema = lineCardSchema.extend({ notRead: z.boolean() });

/** GET /api/indicators/sector: the sum's indicators over the lines (coveredLines of lineCount with a speed) and each card. */
export const sectorIndicatorsSchema = z.object({
  sectorID: z.number().int().nullable(),
  shift: shiftSpanSchema,
  ...indicatorValuesSchema.shape,
  coveredLines: z.number().int(),
  lineCount: z.number().int(),
  lines: z.array(lineCardSchema),
});

const shiftIndicatorsSchema = shiftSpanSchema.extend(indicatorValuesSchema.shape);

/** GET /api/indicators/get: the shift's values, each shift of its plant day, the day and the Ready order's. */
export const lineIndicatorsSchema = z.object({
  lineID: z.number().int(),
  indicadorPorTurno: z.boolean(),
  /**
   * unstaffed*: units made in the shift with no order running (its shift index's), in no factor; unscheduled*: made
   * outside the work calendar's schedule (run time in minutes). previous, next: the calendar's neighbouring shifts.
   */
  shift: shiftIndicatorsSchema.extend({
    unstaffedQuantity: z.number(),
    unstaffedDiscards: z.number(),
    unscheduledQuantity: z.number(),
    unscheduledDiscards: z.number(),
    unscheduledRuntime: z.number(),
    previous: shiftSpanSchema,
    next: shiftSpanSchema,
  }),
  perShift: z.array(shiftIndicatorsSchema),
  day: shiftIndicatorsSchema,
  order: indicatorValuesSchema.extend({ order: z.string(), startDate: z.string() }).nullable(),
  prevOrderEndDate: z.string().nullable(),
  /** The first instant the line is known from; null: never seen. */
  firstDataDate: z.string().nullable(),
  /** On a line without a beacon, the instant its state is known up to; null on a line with a beacon. */
  knownUntilDate: z.string().nullable(),
});
