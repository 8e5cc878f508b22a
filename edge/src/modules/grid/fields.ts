import { z } from 'zod';
import type { ColumnMap } from './load-options';
import type { MessageKey } from '../../http/messages';
import { wholeNumberOf } from '../../http/request-input';

/**
 * Zod builders for the fields the configuration grids share, so every form applies the same rules: texts are
 * trimmed, an empty optional text is stored as null, and a rule of SPEC.md section 5 with its own text carries that
 * text's catalogue key (the others get the generic required / maxLength / range messages of request-input.ts).
 */

const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A required text of at most `max` characters; `message` replaces the generic "required" text. */
export function requiredText(max: number, message?: MessageKey) {
  // A schema-wide `error` would also replace the max-length text: only a missing value gets `message`.
  const missing = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? message : undefined);
  const text = message ? z.string({ error: missing }).trim().min(1, message) : z.string().trim().min(1);
  return text.max(max);
}

/** An optional text of at most `max` characters; blank is stored as null. */
export function optionalText(max: number) {
  return z.preprocess(blankToNull, z.string().trim().max(max).nullish());
}

/** An optional email address (SPEC.md section 5: 'Debe ingresar un formato de email válido.'); blank is null. */
export function optionalEmail() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? blankToNull(value.trim()) : value),
    z.email('validation.email').max(254).nullish(),
  );
}

// zod reports a fraction as a wrong type, which request-input.ts would call "required" (zod leaves the input out of
// its issues): a whole-number check says "not valid" itself.
const wholeNumber = () => z.number().int('validation.invalid');

/** A required whole number, optionally bounded. */
export function requiredInt(bounds: { min?: number; max?: number } = {}) {
  let n = wholeNumber();
  if (bounds.min !== undefined) n = n.min(bounds.min);
  if (bounds.max !== undefined) n = n.max(bounds.max);
  return n;
}

/**
 * A list of distinct items, at most `max` of them: a list input is never a way to make one request do unbounded work
 * (10,000 copies of one stop id once held the server 21 s and wrote 44,005 audit rows, issue 26).
 */
export function distinctList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .refine((items) => new Set(items.map((value) => JSON.stringify(value))).size === items.length, 'validation.repeated');
}

/** An optional reference to another row by its integer key (null: none). */
export function optionalId() {
  return wholeNumber().nullish();
}

/** A yes/no column; absent on insert means `initial`. */
export function flag(initial = false) {
  return z.boolean().default(initial);
}

/** A time of day 'HH:mm' (00:00 to 23:59). */
export function timeOfDay() {
  return z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');
}

/** A whole number given as a number or as plain digits ('3', '-2'); not true, '0x3', ' 3 ' or '1e0'. */
export function wholeNumberInput() {
  return z.preprocess((value) => (typeof value === 'string' ? (wholeNumberOf(value) ?? value) : value), wholeNumber());
}

/** A whole number read from a query string ('' and absent are "not given"). */
export function queryInt() {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? Number(value) : value),
    wholeNumber(),
  );
}

/** An optional whole number (null: not set), optionally bounded. */
export function optionalInt(bounds: { min?: number; max?: number } = {}) {
  return requiredInt(bounds).nullish();
}

const API_VALUE = {
  string: () => z.string().nullable(),
  number: () => z.number().nullable(),
  boolean: () => z.boolean(),
  date: () => z.iso.datetime({ offset: true }).nullable(),
  json: () => z.unknown(),
} as const;

/** The schema of a row as the grid mechanism answers it (for the OpenAPI document of a non-grid call). */
export function apiRowSchema(columns: ColumnMap) {
  const shape: Record<string, z.ZodType> = {};
  for (const [column, kind] of Object.entries(columns)) shape[column] = API_VALUE[kind]();
  return z.object(shape);
}
