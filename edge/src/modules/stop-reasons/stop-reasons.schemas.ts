import { z } from 'zod';
import { CONFIGURABLE_LOSS_KINDS } from '../../domain/losses';
import { distinctList, flag, optionalText, requiredInt, requiredText } from '../grid/fields';
import { rowSchemaOf } from '../grid/grid-resource';

/** SPEC.md section 3: Stop reason. reasonID 1 is the technical root; its children are the top categories. */
export const ROOT_REASON_ID = 1;

export const STOP_REASON_COLUMNS = {
  reasonID: 'number',
  parentID: 'number',
  reason: 'string',
  detail: 'string',
  pareto: 'boolean',
  discountOEE: 'boolean',
  isCategory: 'boolean',
  color: 'string',
  systemStop: 'boolean',
  enabledForLine: 'json',
  lossKind: 'string',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/** A stop reason as GET /api/stopreasons and its writes answer it: enabledForLine the lines it shows on ([]: every line). */
export const stopReasonRowSchema = rowSchemaOf(STOP_REASON_COLUMNS, [
  'reasonID',
  'reason',
  'pareto',
  'discountOEE',
  'isCategory',
  'systemStop',
]).extend({ enabledForLine: z.array(z.number().int()).nullable() });

/**
 * The record as written. parentID may be null here only because the root (a system stop, whose parent cannot be
 * edited) is validated with the same schema; every other reason needs a category (checked in the service).
 * systemStop is accepted only to be compared: it can never be set or changed through the API.
 * enabledForLine lists the lines the reason is shown on; [] means every line (see stop-reasons.service.ts).
 */
export const stopReasonSchema = z.object({
  parentID: z.number({ error: 'stopReason.parentRequired' }).int().nullable(),
  reason: requiredText(80),
  detail: optionalText(255),
  pareto: flag(),
  discountOEE: flag(),
  isCategory: flag(),
  color: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'stopReason.color')
      .nullish(),
  ),
  systemStop: z.boolean().optional(),
  enabledForLine: distinctList(requiredInt({ min: 0, max: 99 }), 100).default([]),
  /** The loss its stops are (domain/losses.ts); null or absent: inherited from its category. */
  lossKind: z.preprocess((v) => (v === '' ? null : v), z.enum(CONFIGURABLE_LOSS_KINDS, { error: 'validation.invalid' }).nullish()),
});
export type StopReasonValues = z.output<typeof stopReasonSchema>;

/** Form fields arrive as text; JSON bodies as numbers and booleans. */
const formInt = (bounds: { min?: number; max?: number }) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), requiredInt(bounds));
const formFlag = () => z.preprocess((v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v), z.boolean());

/** Show or hide a reason on one line (the stop-reason tree's per-line switch). */
export const reasonVisibilitySchema = z.object({
  reasonID: formInt({ min: 1 }),
  lineID: formInt({ min: 1, max: 99 }),
  enabled: formFlag(),
});
export type ReasonVisibility = z.output<typeof reasonVisibilitySchema>;

export const rootLookupQuerySchema = z.object({
  includeOptionForAll: formFlag().optional(),
});
