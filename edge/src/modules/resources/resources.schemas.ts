import { z } from 'zod';
import { flag, optionalInt, queryInt, requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 3, Resource (a production line, table `lines`). */
export const RESOURCE_COLUMNS = {
  lineID: 'number',
  sectorID: 'number',
  description: 'string',
  calculationBaliza: 'string',
  calculationUnits: 'string',
  calculationDiscards: 'string',
  fixedThroughput: 'number',
  enableStopsManager: 'boolean',
  enableOrderManager: 'boolean',
  enableProductionManager: 'boolean',
  enableCalculationRelative: 'boolean',
  enableIndicadorPorTurno: 'boolean',
  startupRejectMinutes: 'number',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/** The three line scripts and the kind of value each must produce (the acquisition loop evaluates them). */
export const LINE_SCRIPTS = { calculationBaliza: 'boolean', calculationUnits: 'number', calculationDiscards: 'number' } as const;
export type LineScriptField = keyof typeof LINE_SCRIPTS;

const LINE_RANGE = 'resource.lineRange';

/** A script as sent (markers included); blank means the line has none. Checked by the service against the tags. */
const script = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().max(20_000).nullish());

export const resourceSchema = z.object({
  // SPEC.md section 5: 'Defina una línea de 1 a 99.' for a missing, fractional or out-of-range line.
  lineID: z.number({ error: LINE_RANGE }).int(LINE_RANGE).min(1, LINE_RANGE).max(99, LINE_RANGE),
  sectorID: requiredInt(),
  description: requiredText(40),
  calculationBaliza: script,
  calculationUnits: script,
  calculationDiscards: script,
  // "calculateThroughput, sent as fixedThroughput (1 or null)"; a checkbox's true/false is taken as 1/null.
  fixedThroughput: z.preprocess(
    (value) => (value === true || value === 'true' ? 1 : value === false || value === 0 || value === 'false' ? null : value),
    z.literal(1).nullish(),
  ),
  enableStopsManager: flag(),
  enableOrderManager: flag(),
  enableProductionManager: flag(),
  enableCalculationRelative: flag(),
  enableIndicadorPorTurno: flag(),
  /**
   * The start-up window (issue 29): the discards made within this many minutes of an order's start on the line are
   * start-up rejects, the rest production rejects (the waterfall's two quality bars). Blank (null): the line declares
   * none, every discard is a production reject. At most a day.
   */
  startupRejectMinutes: z.preprocess((value) => (value === '' ? null : value), optionalInt({ min: 1, max: 1440 })),
});

export const lineQuerySchema = z.object({ lineID: queryInt() });
export const sectorFilterSchema = z.object({ sectorID: queryInt().optional() });

export const resourceTreeSchema = z.array(
  z.object({ sectorID: z.number(), sectorName: z.string(), lines: z.array(z.object({ lineID: z.number(), description: z.string() })) }),
);
export const resourceLookupSchema = z.array(z.object({ value: z.number(), text: z.string(), sectorID: z.number() }));
export const lineSummarySchema = z.object({
  lineID: z.number(),
  description: z.string(),
  sectorID: z.number(),
  sectorName: z.string(),
  fixedThroughput: z.literal(1).nullable(),
  enableStopsManager: z.boolean(),
  enableOrderManager: z.boolean(),
  enableProductionManager: z.boolean(),
  enableCalculationRelative: z.boolean(),
  enableIndicadorPorTurno: z.boolean(),
});

/** GET /api/resources/isIndicadorPorTurno: whether the line shows its indicators per shift. */
export const indicadorPorTurnoSchema = z.boolean();
