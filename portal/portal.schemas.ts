import { z } from 'zod';
import { isValidPlantDate } from '../edge/src/domain/calendar';
import { SUPPORTED_DATES } from '../edge/src/domain/time-zone';
import { newPasswordField } from '../edge/src/modules/auth/auth.schemas';
import { flag, requiredInt, requiredText } from '../edge/src/modules/grid/fields';
import { waterfallResponseSchema } from '../edge/src/modules/losses/losses.schemas';

/** The portal's roles: the administrator manages the portal's users (and reads), the analyst reads. */
export const PORTAL_ROLE = { ADMINISTRATOR: 1, ANALYST: 2 } as const;
export type PortalRoleId = (typeof PORTAL_ROLE)[keyof typeof PORTAL_ROLE];
export const PORTAL_ROLE_NAMES: Record<PortalRoleId, string> = { 1: 'administrator', 2: 'analyst' };

export const GRAINS = ['shift', 'day', 'week', 'month'] as const;
export const LEVELS = ['plant', 'sector', 'line'] as const;
export type Grain = (typeof GRAINS)[number];
export type Level = (typeof LEVELS)[number];

/** The longest range each grain accepts, in production days (a line's shifts of a year would be 1,095 rows a line). */
export const MAX_RANGE_DAYS: Record<Grain, number> = { shift: 93, day: 731, week: 1_830, month: 3_660 };

const plantDate = z
  .string()
  .trim()
  .refine(
    (day) => isValidPlantDate(day) && day >= SUPPORTED_DATES.firstPlantDate && day <= SUPPORTED_DATES.lastPlantDate,
    'validation.invalid',
  );
/** Plant ids as one text, comma separated ('norte,sur'); empty or absent: every plant. */
const plantList = z
  .string()
  .trim()
  .max(2_000)
  .optional()
  .transform((text) =>
    text
      ? [
          ...new Set(
            text
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ]
      : [],
  );

/** A range of production days, each plant's own (its work calendar's, 06:00 to 06:00 by default, in its time zone), both ends included. */
export const rangeQuery = z.object({ from: plantDate, to: plantDate, plants: plantList });

export const compareQuerySchema = rangeQuery.extend({ grain: z.enum(GRAINS).default('day'), level: z.enum(LEVELS).default('plant') });
export type CompareQuery = z.output<typeof compareQuerySchema>;

export const lossesQuerySchema = rangeQuery.extend({
  pathLevel: z.coerce
    .number()
    .pipe(requiredInt({ min: 1, max: 5 }))
    .default(2),
});
export type LossesQuery = z.output<typeof lossesQuerySchema>;

/**
 * The waterfall of one plant (plant), one of its sectors (sectorID) or lines (lineID), over a range of its production
 * days, both ends included.
 */
export const waterfallQuerySchema = z.object({
  plant: z.string().trim().min(1).max(200),
  sectorID: z.coerce
    .number()
    .pipe(requiredInt({ min: 0 }))
    .optional(),
  lineID: z.coerce
    .number()
    .pipe(requiredInt({ min: 0 }))
    .optional(),
  from: plantDate,
  to: plantDate,
});
export type WaterfallQuery = z.output<typeof waterfallQuerySchema>;

/** The overview's day: each plant's current production day unless given. */
export const overviewQuerySchema = z.object({ day: plantDate.optional() });

/** The orders grid: the grid's load options, plus plants and a range of order starts (production days). */
export const ordersQuerySchema = z.looseObject({ from: plantDate.optional(), to: plantDate.optional(), plants: plantList });
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const orderStopsQuerySchema = z.object({ plantId: z.string().trim().min(1).max(64), order: z.string().trim().min(1).max(100) });

/** A portal user as the administrator edits it; the password is write-only (required on insert). */
export const portalUserSchema = z.object({
  userID: requiredText(40, 'user.userIDRequired'),
  firstName: requiredText(40),
  lastName: z.string().trim().max(40).default(''),
  roleID: requiredInt({ min: 1, max: 2 }),
  active: flag(true),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordField().optional()),
});

/** A portal user as the users grid and its writes answer it (never a password). */
export const portalUserRowSchema = z.object({
  userID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleID: z.number().int(),
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  updatedBy: z.string().nullable(),
  /** ISO 8601 (UTC). */
  updateDate: z.iso.datetime(),
});

/** The columns of the users grid (filter and sort). */
export const PORTAL_USER_COLUMNS = { userID: 'string', firstName: 'string', lastName: 'string', roleID: 'number' } as const;

/** The columns of the orders grid (filter and sort); dates are shown in each plant's own time, sorted by instant. */
export const ORDER_COLUMNS = {
  plantId: 'string',
  order: 'string',
  lineID: 'number',
  line: 'string',
  op: 'string',
  lot: 'string',
  productCode: 'string',
  productName: 'string',
  status: 'number',
  startMs: 'number',
  endMs: 'number',
  desiredProductionQuantity: 'number',
  productionQuantity: 'number',
  discardQuantity: 'number',
  utilization: 'number',
  throughput: 'number',
  acceptance: 'number',
  oee: 'number',
} as const;

// ---- The portal's answers (issue 28: every route declares its JSON; the app imports their types with z.infer) ----

const count = z.number().nullable();

/** A roll-up's figures as the portal answers them: counts, times in minutes, ratios 0..1 (null when unknown). */
export const portalFiguresSchema = z.object({
  productionQuantity: count,
  discardQuantity: count,
  goodUnits: count,
  staffedTime: count,
  runtime: count,
  stopTime: count,
  failureCount: count,
  utilization: count,
  throughput: count,
  acceptance: count,
  oee: count,
  mtbf: count,
  mttr: count,
  /** Throughput over 100 %: above the nominal speed, the figure kept and flagged. */
  aboveNominalSpeed: z.boolean(),
  /** A roll-up of lines: its OEE and throughput cover coveredLines of lineCount (the lines with a nominal speed). */
  lineCount: z.number().int().optional(),
  coveredLines: z.number().int().optional(),
});

/** GET /api/portal/plants: every plant's day and week (its own time zone), its data's freshness, its lines. */
export const plantsOverviewSchema = z.array(
  z.object({
    plantId: z.string(),
    /** The plant's name as its edge gives it (else its buildings' names); null while it has none. */
    name: z.string().nullable(),
    timeZone: z.string(),
    day: z.string(),
    weekStart: z.string(),
    lastSeq: count,
    /** ISO 8601 (UTC). */
    lastSyncedAt: z.string().nullable(),
    syncLagSeconds: count,
    today: portalFiguresSchema.nullable(),
    week: portalFiguresSchema.nullable(),
    lines: z.array(
      z.object({
        lineID: z.number().int(),
        description: z.string().nullable(),
        /** Its sector (the waterfall's sectorID); null for a line without one. */
        sectorID: z.number().int().nullable(),
        sectorName: z.string().nullable(),
        productionQuantity: count,
        utilization: count,
        throughput: count,
        acceptance: count,
        oee: count,
        aboveNominalSpeed: z.boolean(),
      }),
    ),
  }),
);

/** A row of the compare table: the plant, and by level its sector or line; by grain its period, or its shift. */
export const compareRowSchema = portalFiguresSchema.extend({
  plantId: z.string(),
  sectorID: z.number().int().nullable().optional(),
  sectorName: z.string().nullable().optional(),
  lineID: z.number().int().nullable().optional(),
  line: z.string().nullable().optional(),
  period: z.string().optional(),
  shift: z.string().nullable().optional(),
  /** In the plant's own time ('2026-03-28 22:00:00'). */
  shiftStart: z.string().nullable().optional(),
});

/** GET /api/portal/compare: the rows by period and their totals over the range (truncated past COMPARE_ROW_LIMIT). */
export const compareResponseSchema = z.object({
  grain: z.enum(GRAINS),
  level: z.enum(LEVELS),
  rows: z.array(compareRowSchema),
  totals: z.array(compareRowSchema),
  truncated: z.boolean(),
});

const paretoShare = { stops: z.number(), lostMinutes: z.number(), share: count, cumulativeShare: count };

/** GET /api/portal/losses: the stop pareto by reason and by path level across plants, and the biggest reasons. */
export const lossesResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  pathLevel: z.number().int(),
  totalMinutes: z.number(),
  byReason: z.array(z.object({ reason: z.string().nullable(), ...paretoShare })),
  byPath: z.array(z.object({ path: z.string().nullable(), ...paretoShare })),
  biggest: z.array(
    z.object({
      plantId: z.string(),
      lineID: z.number().int().nullable(),
      line: z.string().nullable(),
      reason: z.string().nullable(),
      stops: z.number(),
      lostMinutes: z.number(),
    }),
  ),
});

/** GET /api/portal/waterfall: the edge's waterfall answer, for one plant. */
export const portalWaterfallSchema = waterfallResponseSchema.extend({ plantId: z.string() });

/** A row of the portal's orders grid: the order's index, its times in its plant's own time and in ms (sorted by). */
export const portalOrderRowSchema = z.object({
  plantId: z.string(),
  order: z.string(),
  lineID: z.number().int().nullable(),
  line: z.string().nullable(),
  op: z.string().nullable(),
  lot: z.string().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  status: z.number().int().nullable(),
  startMs: count,
  endMs: count,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  desiredProductionQuantity: count,
  productionQuantity: count,
  discardQuantity: count,
  staffedTime: count,
  runtime: count,
  stopTime: count,
  utilization: count,
  throughput: count,
  acceptance: count,
  oee: count,
  aboveNominalSpeed: z.boolean(),
});

/** GET /api/portal/orders/stops: an order's stops, by start, in its plant's own time; lost minutes up to now if open. */
export const orderStopsSchema = z.array(
  z.object({
    plantId: z.string(),
    stopID: z.number().int(),
    lineID: z.number().int().nullable(),
    line: z.string().nullable(),
    reason: z.string().nullable(),
    path: z.string().nullable(),
    recognized: z.boolean(),
    observation: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    lostMinutes: z.number(),
  }),
);
