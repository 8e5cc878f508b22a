import { z } from 'zod';
import { stopRowSchema } from '../stops/stops.schemas';

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === undefined || value === '' || value === 'null' ? undefined : Number(value)), schema.optional());

/**
 * GET /api/stopsManager/stops: the unrecognized stops to filter by sector, line, length in minutes (from, below) and
 * microstops (stops shorter than the parameter microStopTime): 'only' them, 'exclude' them, or 'all'.
 */
export const pendingStopsQuerySchema = z.object({
  sectorID: optionalNumber(z.number({ error: 'validation.invalid' }).int()),
  lineID: optionalNumber(z.number({ error: 'validation.invalid' }).int()),
  minDuration: optionalNumber(z.number({ error: 'validation.invalid' }).min(0, 'validation.min')),
  maxDuration: optionalNumber(z.number({ error: 'validation.invalid' }).min(0, 'validation.min')),
  microstops: z.enum(['all', 'only', 'exclude'], { error: 'validation.invalid' }).default('all'),
});

export const stopsManagerLineSchema = z.object({
  lineID: z.number(),
  description: z.string(),
  sectorID: z.number().nullable(),
  sectorName: z.string().nullable(),
  /** The line has a beacon script: its stops come from the acquisition, none can be entered by hand. */
  beacon: z.boolean(),
  /** Names of the equipment a stop of the line can be assigned to. */
  equipment: z.array(z.string()),
});

export const stopsManagerLinesSchema = z.array(stopsManagerLineSchema);

/** GET /api/stopsManager/stops: the stops waiting for a reason, their total, and the line's micro-stop threshold (s). */
export const pendingStopsSchema = z.object({ microStopTime: z.number(), totalCount: z.number().int(), data: z.array(stopRowSchema) });
