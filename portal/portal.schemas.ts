import { z } from 'zod';
import { isValidPlantDate } from '../edge/src/domain/calendar';
import { SUPPORTED_DATES } from '../edge/src/domain/time-zone';
import { newPasswordField } from '../edge/src/modules/auth/auth.schemas';
import { flag, requiredInt, requiredText } from '../edge/src/modules/grid/fields';

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
