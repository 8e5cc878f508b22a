import { z } from 'zod';
import type { GridResource } from '../grid/grid-resource';
import { flag, optionalText, requiredInt, requiredText } from '../grid/fields';

/** The most packs, wrappers or discarded units one declaration may carry (a typo of extra digits is refused). */
const MAX_QUANTITY = 10_000_000;

/** A production lot as the API shows it (SPEC.md section 3: lot, productCode, productName, packs, wrappers, units, wrapperType). */
export const LOT_COLUMNS = {
  lotID: 'number',
  lot: 'string',
  lineID: 'number',
  order: 'string',
  productCode: 'string',
  productName: 'string',
  packs: 'number',
  wrappers: 'number',
  units: 'number',
  wrapperType: 'string',
  booked: 'boolean',
  createdBy: 'string',
  createDate: 'date',
} as const;

/** A lot as entered: the order defaults to the line's Ready order; units are computed, never entered. */
export const lotSchema = z.object({
  lineID: requiredInt({ min: 1, max: 99 }),
  order: optionalText(40),
  lot: requiredText(30),
  packs: requiredInt({ min: 0, max: MAX_QUANTITY }),
  wrappers: requiredInt({ min: 0, max: MAX_QUANTITY }),
  wrapperType: optionalText(40),
});

/** What an edit of a lot may change (its line, order and product stay). */
export const lotChangesSchema = lotSchema.pick({ lot: true, packs: true, wrappers: true, wrapperType: true }).partial();

export const DISCARD_COLUMNS = {
  discardID: 'number',
  lineID: 'number',
  order: 'string',
  quantity: 'number',
  observation: 'string',
  startup: 'boolean',
  createdBy: 'string',
  createDate: 'date',
} as const;

export const discardSchema = z.object({
  lineID: requiredInt({ min: 1, max: 99 }),
  order: optionalText(40),
  quantity: requiredInt({ min: 1, max: MAX_QUANTITY }),
  observation: optionalText(255),
  /** Start-up rejects (issue 29): the waterfall shows them apart from the production rejects, on any line. */
  startup: flag(),
});

export const WRAPPER_TYPE_COLUMNS = {
  wrapperTypeID: 'number',
  name: 'string',
  description: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

export const wrapperTypeSchema = z.object({ name: requiredText(40), description: optionalText(100) });
export type WrapperTypeValues = z.output<typeof wrapperTypeSchema>;

/** The lots grid: lists with load options (lineID and order also as plain parameters), newest first. */
export const LOT_GRID: GridResource = {
  name: 'production',
  path: '/api/production/lots',
  table: 'production_lots',
  key: ['lotID'],
  columns: LOT_COLUMNS,
  plainFilters: ['lineID', 'order'],
  schema: lotSchema,
  access: { read: 'authenticated', write: [] },
  defaultSort: [{ column: 'createDate', desc: true }],
};

export const DISCARD_GRID: GridResource = {
  name: 'production',
  path: '/api/production/discards',
  table: 'declared_discards',
  key: ['discardID'],
  columns: DISCARD_COLUMNS,
  plainFilters: ['lineID', 'order'],
  schema: discardSchema,
  access: { read: 'authenticated', write: [] },
  defaultSort: [{ column: 'createDate', desc: true }],
};

/** A declared lot as the production summaries answer it. */
export const productionLotSchema = z.object({
  lotID: z.number().int(),
  lot: z.string(),
  order: z.string().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  packs: z.number(),
  wrappers: z.number(),
  units: z.number(),
  wrapperType: z.string().nullable(),
  booked: z.boolean(),
  createdBy: z.string().nullable(),
  /** ISO 8601 with the plant's offset. */
  createDate: z.string().nullable(),
});

/** Units with their wrappers and packs by the product's factors (null when it has none). */
const quantitiesSchema = z.object({ units: z.number(), wrappers: z.number().nullable(), packs: z.number().nullable() });

/** The progress of a line's Ready order: its quantities so far against the desired quantity (progress 0..1, may pass 1). */
export const orderProgressSchema = z.object({
  order: z.string(),
  op: z.string().nullable(),
  version: z.number().int(),
  lot: z.string().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  unit: z.string().nullable(),
  startDate: z.string().nullable(),
  desiredProductionQuantity: z.number().nullable(),
  productionQuantity: z.number(),
  discardQuantity: z.number(),
  goodUnits: z.number(),
  progress: z.number().nullable(),
  wrappers: z.number().nullable(),
  packs: z.number().nullable(),
});

/** GET /api/production/summary/order: the Ready order's progress and its lots; null when the line has none. */
export const readyOrderProductionSchema = orderProgressSchema.extend({ lots: z.array(productionLotSchema) }).nullable();

/** GET /api/production/summary: a line's counted and declared production over a range, by product. */
export const productionSummarySchema = z.object({
  lineID: z.number().int(),
  start: z.string(),
  end: z.string(),
  unitsCounted: z.boolean(),
  discardsCounted: z.boolean(),
  units: z.number(),
  discards: z.number(),
  goodUnits: z.number(),
  declaredUnits: z.number(),
  differenceUnits: z.number(),
  declaredDiscards: z.number(),
  byProduct: z.array(
    quantitiesSchema.extend({
      productCode: z.string().nullable(),
      productName: z.string().nullable(),
      unit: z.string().nullable(),
      discards: z.number(),
      goodUnits: z.number(),
      declared: quantitiesSchema.extend({ lots: z.number().int() }),
      difference: quantitiesSchema,
    }),
  ),
  lots: z.array(productionLotSchema),
});

/** GET /api/production/orders: the line's started orders, newest first, and whether it counts units and discards. */
export const productionOrdersSchema = z.object({
  lineID: z.number().int(),
  unitsCounted: z.boolean(),
  discardsCounted: z.boolean(),
  orders: z.array(
    z.object({
      order: z.string(),
      op: z.string().nullable(),
      lot: z.string().nullable(),
      productCode: z.string().nullable(),
      productName: z.string().nullable(),
      status: z.number().int(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      unit: z.string().nullable(),
      productionQuantity: z.number().nullable(),
      discardQuantity: z.number().nullable(),
      acceptance: z.number().nullable(),
    }),
  ),
});
