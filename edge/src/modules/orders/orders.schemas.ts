import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { ColumnMap } from '../grid/load-options';
import { signatureFields } from '../auth/auth.schemas';
import { queryInt } from '../grid/fields';
import { gridPageSchema, rowSchemaOf } from '../grid/grid-resource';
import { INDEX_VALUE_COLUMNS } from '../engine/indexes.schemas';

/** Who may sign (and call) each order action (SPEC §6). */
export { ORDER_ADJUST_ROLES as ADJUST_ROLES } from '../../domain/roles';
export const VALIDATE_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;
export const RECALCULATE_ROLES = [ROLE.ADMINISTRATOR] as const;

/**
 * The columns of the orders list and of the order-index grid (SPEC §3 "Order / order index"). Dates are ISO with
 * the plant offset; ratios 0..1; index times (staffedTime, discountTime, adjustedDiscountTime, staffedTimeCorrect,
 * runtime, stopTime, failureTime, effectiveAdjustedDiscountTime) in minutes; mtbf and mttr in minutes; speeds in units per
 * minute.
 */
export const ORDER_INDEX_COLUMNS = {
  order: 'string',
  orderID: 'string',
  op: 'string',
  version: 'number',
  lineID: 'number',
  lot: 'string',
  validation: 'boolean',
  productCode: 'string',
  productName: 'string',
  startDate: 'date',
  endDate: 'date',
  status: 'number',
  shiftStart: 'date',
  desiredProductionQuantity: 'number',
  desiredProductionSpeed: 'number',
  ...INDEX_VALUE_COLUMNS,
  effectiveAdjustedDiscountTime: 'number',
  productionSpeed: 'number',
  nominalSpeed: 'number',
  performance: 'number',
  createdBy: 'string',
  createDate: 'date',
  updatedBy: 'string',
  updateDate: 'date',
} as const satisfies ColumnMap;

/** An order with its index as the order-index grid and the orders list answer it (and every order write). */
export const orderIndexRowSchema = rowSchemaOf(ORDER_INDEX_COLUMNS, ['order', 'version', 'lineID', 'validation', 'status']);
/** A page of the order-index grid or the orders list. */
export const orderIndexPageSchema = gridPageSchema(orderIndexRowSchema);

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().trim().max(max).nullish());
const optionalAmount = z.number().min(0).max(999_999_999).nullish();

/** A new order: its key is given (number-RP) or made of op and version (SPEC §3). */
export const newOrderSchema = z.object({
  order: optionalText(30),
  op: optionalText(12),
  version: z.number().int().min(0).max(999).nullish(),
  lineID: z.number().int().min(1, 'resource.lineRange').max(99, 'resource.lineRange'),
  lot: optionalText(50),
  productCode: optionalText(18),
  desiredProductionQuantity: optionalAmount,
  desiredProductionSpeed: z.number().min(0).max(99_999.999).nullish(),
});

/** What the order-index grid may change on an order (PUT /api/oeeindex/put). */
export const orderEditSchema = z
  .object({
    lot: optionalText(50),
    productCode: optionalText(18),
    desiredProductionQuantity: optionalAmount,
    desiredProductionSpeed: z.number().min(0).max(99_999.999).nullish(),
  })
  .strict();

/**
 * The order manager's edit of an order not started yet (PUT /api/orders): lot and desired quantity only. `lineID`
 * may come along (the page's grid sends its line with every write); it must be the order's.
 */
export const plannedOrderEditSchema = z
  .object({
    lot: optionalText(50),
    desiredProductionQuantity: optionalAmount,
    lineID: z.number().int().min(1).max(99).optional(),
  })
  .strict();

/**
 * An order made from a preload order (POST /api/orders/fromPreload): op, product and quantity come from the preload
 * row `id`; the quantity and speed may be given instead (empty: the preload's quantity, the product's nominal speed).
 */
export const orderFromPreloadSchema = z.object({
  id: z.number().int().min(1).max(2_147_483_647),
  lineID: z.number().int().min(1, 'resource.lineRange').max(99, 'resource.lineRange'),
  version: z.number().int().min(0).max(999).nullish(),
  lot: optionalText(50),
  desiredProductionQuantity: optionalAmount,
  desiredProductionSpeed: z.number().min(0).max(99_999.999).nullish(),
});

/** The signature of an order action: username (sent as `user` by the grid calls) and password. */
function signed<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const input = value as Record<string, unknown>;
      return { ...input, username: input.username ?? input.user ?? input.userID };
    },
    z.object({ ...shape, ...signatureFields }),
  );
}

const orderKey = z.string().trim().min(1).max(30);

/** PUT /api/oeeindex/adjust: discountTime in minutes (SPEC §4: "needs minutes plus user and password"). */
export const adjustSchema = signed({ order: orderKey, discountTime: z.coerce.number().min(0).max(999_999) });

/** PUT /api/oeeindex/validate and PUT /api/orders/validation: `validation` (or `flag`) true/false. */
export const validationSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const input = value as Record<string, unknown>;
    const flag = input.validation ?? input.flag;
    return {
      ...input,
      validation: flag === 'true' || flag === 1 || flag === '1' ? true : flag === 'false' || flag === 0 || flag === '0' ? false : flag,
    };
  },
  signed({ order: orderKey, validation: z.boolean() }),
);

/** Order start and finish (the order manager's calls). */
export const orderStartSchema = z.object({
  order: orderKey,
  lineID: z.number().int().min(1).max(99).optional(),
  atDate: z.string().optional(),
});
export const orderFinishSchema = z.object({
  lineID: z.number().int().min(1).max(99),
  order: orderKey.optional(),
  atDate: z.string().optional(),
});

/** GET /api/OeeIndex/RecalculateAllOrders(History): the signature in the query string. */
export const recalculationSchema = signed({});

/**
 * The shift indexes' recalculation: the whole history, or the production days `from` to `to` (YYYY-MM-DD, both or
 * neither; checked by the route), each rebuilt with the calendar in force on its date.
 */
export const shiftRecalculationSchema = signed({ from: z.string().optional(), to: z.string().optional() });

export const lineQuery = z.object({ lineID: queryInt() });

/** The recalculations' answer: indexes rebuilt (every one computed), and how many of them changed. */
export const recalculationResultSchema = z.object({ count: z.number().int(), changed: z.number().int() });
