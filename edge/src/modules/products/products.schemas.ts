import { z } from 'zod';
import { optionalText, requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 9: product factor max (the spec's figure, kept as written). */
export const MAX_PRODUCT_FACTOR = 2_147_438_647;
/** SPEC.md section 9: speed max. */
export const MAX_SPEED = 99_999.999;
/** SPEC.md section 7: the unit text when a product has none. */
export const DEFAULT_UNIT = 'kilos/piezas';

/** SPEC.md section 3: Product (code, name, wrappersPerPackage, unitsPerWrapper, unit, performance), keyed by code. */
export const PRODUCT_COLUMNS = {
  code: 'string',
  name: 'string',
  wrappersPerPackage: 'number',
  unitsPerWrapper: 'number',
  unit: 'string',
  performance: 'number',
} as const;

export const PRODUCT_SPEED_COLUMNS = { code: 'string', lineID: 'number', speed: 'number' } as const;

export const productSchema = z.object({
  code: requiredText(18),
  name: requiredText(40),
  wrappersPerPackage: requiredInt({ min: 1, max: MAX_PRODUCT_FACTOR }),
  unitsPerWrapper: requiredInt({ min: 1, max: MAX_PRODUCT_FACTOR }),
  unit: optionalText(10),
  performance: z.number().min(0).max(1).nullish(),
});

export const productSpeedSchema = z.object({
  code: requiredText(18),
  lineID: requiredInt({ min: 1, max: 99 }),
  speed: z.number().min(0).max(MAX_SPEED),
});

export const unitQuerySchema = z.object({ code: z.string().optional() });

/** GET /api/products/lookupByLineAndDate: the line and the range (ISO or plant-local dates) the products were made in. */
export const lineAndDateQuerySchema = z.object({
  line: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid'),
  startDate: z.string().min(1),
  endDate: z.string().min(1),
  includeOptionForAll: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).optional(),
});

/** GET /api/products/getUnitById: the product's unit as a JSON string ('kilos/piezas' when it has none). */
export const productUnitSchema = z.string();
