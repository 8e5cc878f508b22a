import { z } from 'zod';
import { flag, requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 3: Preload order. cantidad in tonnes, pesoBolsa in kg; `deleted` marks a soft-deleted row. */
export const PRELOAD_ORDER_COLUMNS = {
  id: 'number',
  op: 'string',
  cliente: 'string',
  producto: 'string',
  cosecha: 'number',
  cantidad: 'number',
  bolsa: 'string',
  pesoBolsa: 'number',
  utilizado: 'boolean',
  deleted: 'boolean',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/** True when `value` has at most `places` decimal places (allowing for binary floating point). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A required number: absent says `requiredKey` (SPEC.md's text), text that is not a number "must be numeric". */
const requiredNumber = (requiredKey: 'preload.quantityRequired' | 'preload.weightRequired') =>
  z.number({ error: (issue) => (issue.code !== 'invalid_type' ? undefined : issue.input == null ? requiredKey : 'validation.number') });

const blankToNull = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * SPEC.md section 5 with its own texts. The id is the user's (not generated) and fixed after insert; `deleted` is
 * not written here (only the soft delete sets it).
 */
export const preloadOrderSchema = z.object({
  id: requiredInt({ min: 1, max: 2_147_483_647 }),
  op: requiredText(12),
  cliente: z.preprocess(blankToNull, z.string().trim().max(50, 'preload.maxLength50').nullish()),
  producto: z.string({ error: 'preload.productRequired' }).trim().min(1, 'preload.productRequired').max(18, 'preload.productMax'),
  // Anything but a 4-digit year (text included) gets SPEC.md's one text for the harvest.
  cosecha: z
    .number({ error: (issue) => (issue.code === 'invalid_type' && issue.input != null ? 'preload.harvest' : undefined) })
    .int('preload.harvest')
    .min(1000, 'preload.harvest')
    .max(9999, 'preload.harvest')
    .nullish(),
  cantidad: requiredNumber('preload.quantityRequired')
    .min(0)
    .refine((v) => hasAtMostDecimals(v, 1), 'preload.quantityDecimals'),
  bolsa: z.preprocess(blankToNull, z.string().trim().max(50, 'preload.maxLength50').nullish()),
  pesoBolsa: requiredNumber('preload.weightRequired')
    .min(0)
    .refine((v) => hasAtMostDecimals(v, 2), 'preload.weightDecimals'),
  utilizado: flag(),
});
