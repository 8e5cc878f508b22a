import { z } from 'zod';
import type { GridResource } from '../grid/grid-resource';
import { optionalText, requiredInt, requiredText } from '../grid/fields';

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
  createdBy: 'string',
  createDate: 'date',
} as const;

export const discardSchema = z.object({
  lineID: requiredInt({ min: 1, max: 99 }),
  order: optionalText(40),
  quantity: requiredInt({ min: 1, max: MAX_QUANTITY }),
  observation: optionalText(255),
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
