import { z } from 'zod';
import type { ColumnMap } from '../grid/load-options';
import { signatureFields } from '../auth/auth.schemas';
import { distinctList, wholeNumberInput } from '../grid/fields';
import { gridPageSchema, rowSchemaOf } from '../grid/grid-resource';

/** Who may recognize, modify, split and delete stops (SPEC §6): pure constants the app imports too. */
export { STOP_DELETE_ROLES, STOP_EDIT_ROLES } from '../../domain/roles';

/** SPEC §3 Stop. duration in minutes (an open stop up to now); dates ISO with the plant offset. */
export const STOP_COLUMNS = {
  stopID: 'number',
  order: 'string',
  op: 'string',
  reproceso: 'number',
  lineID: 'number',
  split: 'boolean',
  equipmentName: 'string',
  reason: 'string',
  reasonID: 'number',
  root: 'string',
  rootID: 'number',
  path: 'string',
  startDate: 'date',
  endDate: 'date',
  duration: 'number',
  recognized: 'boolean',
  observation: 'string',
  maintenanceReason: 'string',
  declaringTime: 'number',
  waitingTime: 'number',
  maintenanceTime: 'number',
  pareto: 'boolean',
  discountOEE: 'boolean',
  color: 'string',
  updatedBy: 'string',
  updateDate: 'date',
  /** Entered by hand (manual stops manager): only such stops may be deleted or moved. */
  manual: 'boolean',
} as const satisfies ColumnMap;

/** A stop as the API answers it (the grid, and the stops a write answers): dates ISO with the plant offset, duration in minutes. */
export const stopRowSchema = rowSchemaOf(STOP_COLUMNS, [
  'stopID',
  'reproceso',
  'lineID',
  'split',
  'startDate',
  'duration',
  'recognized',
  'pareto',
  'discountOEE',
  'manual',
]);

/** A page of the stops grid. */
export const stopPageSchema = gridPageSchema(stopRowSchema);

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().trim().max(max).nullish());
/** A date already turned into epoch ms by normalizeApiValues (grid values) — a number here. */
const instant = z.number({ error: 'validation.invalid' }).int();

/** A stop entered by hand (POST /api/stops/post, values). */
export const manualStopSchema = z.object({
  lineID: z.number().int().min(1, 'resource.lineRange').max(99, 'resource.lineRange'),
  startDate: instant,
  endDate: instant.nullish(),
  reasonID: z.number().int().nullish(),
  observation: optionalText(255),
  equipmentName: optionalText(40),
  maintenanceReason: optionalText(255),
});

/** What PUT /api/stops/put may change (values); recognition has its own signed call. */
export const stopChangesSchema = z.object({
  startDate: instant.optional(),
  endDate: instant.nullish(),
  observation: optionalText(255),
  equipmentName: optionalText(40),
  maintenanceReason: optionalText(255),
});

function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const idOf = (key: string) => (value: unknown) => {
  const parsed = jsonField(value);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return Number((parsed as Record<string, unknown>)[key]);
  return typeof parsed === 'string' && parsed.trim() !== '' ? Number(parsed) : parsed;
};

/** The most stops one recognition may name: a supervisor recognizes a page of stops (the dashboard's: 50), not thousands. */
export const MAX_RECOGNIZED_STOPS = 500;

/**
 * POST /api/stops/recognize: stopValues (the stop, a list of stops, or their ids; JSON text accepted), reasonValues
 * (the chosen reason or its id), the signature and an optional observation.
 */
export const recognizeSchema = z.object({
  stopValues: z.preprocess((value) => {
    const parsed = jsonField(value);
    return (Array.isArray(parsed) ? parsed : [parsed]).map(idOf('stopID'));
  }, distinctList(z.number().int(), MAX_RECOGNIZED_STOPS).min(1)),
  reasonValues: z.preprocess(idOf('reasonID'), z.number({ error: 'stops.reasonNotFound' }).int()),
  observation: optionalText(255),
  /** true: every stop must still be unrecognized (bulk recognition of pending stops), else nothing is recognized. */
  onlyUnrecognized: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean().optional()),
  ...signatureFields,
});

/** POST /api/stops/split (order, lineID, stopID, split, user, password, newStart, newEnd); dates ISO or epoch ms. */
export const splitSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const input = value as Record<string, unknown>;
    return { ...input, username: input.username ?? input.user ?? input.userID };
  },
  z.object({
    stopID: wholeNumberInput(),
    lineID: wholeNumberInput().nullish(),
    order: z.string().nullish(),
    split: z.unknown().optional(),
    newStart: z.union([z.string(), z.number()]).nullish(),
    newEnd: z.union([z.string(), z.number()]).nullish(),
    ...signatureFields,
  }),
);

const queryNumber = z.preprocess(
  (value) => (value === undefined || value === '' || value === 'null' ? undefined : Number(value)),
  z.number().int().optional(),
);

/**
 * GET /api/stops/getStopsSummary: line (or sector, or neither for the plant), startDate, endDate, product ('' or
 * 0 for all), root (> 0 filters one top category), level (1..6, or all/0: whole paths).
 */
export const stopSummaryQuerySchema = z.object({
  line: queryNumber,
  lineID: queryNumber,
  sector: queryNumber,
  sectorID: queryNumber,
  product: z.string().optional(),
  startDate: z.string({ error: 'summary.filterRequired' }).min(1, 'summary.filterRequired'),
  endDate: z.string({ error: 'summary.filterRequired' }).min(1, 'summary.filterRequired'),
  root: queryNumber,
  level: z.preprocess(
    (value) => (value === undefined || value === '' || value === 'all' || value === '0' ? 'all' : Number(value)),
    z.union([z.literal('all'), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  ),
});

const summaryRow = z.object({ path: z.string().nullable(), duration: z.number(), stopCount: z.number(), percent: z.number() });
const reasonRow = z.object({
  reason: z.string().nullable(),
  path: z.string().nullable(),
  color: z.string().nullable(),
  duration: z.number(),
  quantity: z.number(),
  percent: z.number(),
});
export const stopSummaryResponseSchema = z.object({
  totalMinutes: z.number(),
  paretoTotalMinutes: z.number(),
  byPath: z.array(summaryRow),
  byReason: z.array(reasonRow),
  pareto: z.array(reasonRow),
});
