import { z } from 'zod';
import { queryInt } from '../grid/fields';
import { beaconSchema, currentStopSchema, indicatorValuesSchema, shiftSpanSchema } from '../line-overview/line-overview.schemas';
import { maintenanceAlertSchema } from '../maintenance/maintenance.schemas';
import { stopSummaryResponseSchema } from '../stops/stops.schemas';

/** GET /api/scoreboard: `line` (or lineID) or `sector` (or sectorID); neither: the calling terminal's line. */
export const scoreboardQuerySchema = z.preprocess(
  (value) => {
    const input = (value ?? {}) as Record<string, unknown>;
    return { lineID: input.lineID ?? input.line, sectorID: input.sectorID ?? input.sector };
  },
  z
    .object({ lineID: queryInt().optional(), sectorID: queryInt().optional() })
    .refine((query) => query.lineID === undefined || query.sectorID === undefined, {
      message: 'scoreboard.lineOrSector',
      path: ['sectorID'],
    }),
);

/** Units made against a goal: what remains and the pace needed by the shift's end (units a minute; null: no goal or no time left). */
const goalProgressSchema = z.object({
  made: z.number(),
  goal: z.number().nullable(),
  remaining: z.number().nullable(),
  neededPerMinute: z.number().nullable(),
});

/** One line of the scoreboard (ratios 0..1; targetOEE as configured, a percentage). */
export const lineBoardSchema = z.object({
  lineID: z.number().int(),
  sectorID: z.number().int(),
  description: z.string(),
  beacon: beaconSchema,
  running: z.boolean().nullable(),
  targetOEE: z.number().nullable(),
  shift: indicatorValuesSchema.pick({ oee: true, utilization: true, throughput: true, acceptance: true }),
  units: z.object({
    unit: z.string().nullable(),
    shift: goalProgressSchema.extend({ perMinute: z.number().nullable() }),
    order: goalProgressSchema.extend({ order: z.string(), productName: z.string().nullable(), progress: z.number().nullable() }).nullable(),
  }),
  stop: currentStopSchema.nullable(),
  call: maintenanceAlertSchema,
  /** The shift's longest stop reasons. */
  losses: z.array(stopSummaryResponseSchema.shape.byReason.element),
});

/** GET /api/scoreboard: the plant's shift, whether a terminal reads it without a session, and each line's board. */
export const scoreboardSchema = z.object({ shift: shiftSpanSchema, terminal: z.boolean(), lines: z.array(lineBoardSchema) });
