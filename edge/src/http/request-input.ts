import { z } from 'zod';
import { AppError, fieldError, fieldErrors, type FieldMessage } from './errors';
import { isMessageKey, type MessageKey } from './messages';

/**
 * Grid writes send `values` and `key` as form fields holding JSON (DevExtreme style) or in a JSON body; some
 * callers send the values object as the body itself. These readers accept all three and hand back plain objects.
 */

function parseJsonField(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A bare key such as `key=ABC` is a string key, not broken JSON.
    if (field === 'key') return value;
    throw new AppError('validation', 'validation.badJson', { field });
  }
}

type Source = Record<string, unknown> | undefined;

/** A whole number given as a safe integer or as plain digits ('-12', '3'); anything else (true, '0x3', ' 3 ', '1e0', 3.5) is null. */
export function wholeNumberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The whole-number key `column` of an update or delete, given as the number or as the grid's { column }: a 400 when
 * missing or not plain digits (so `true`, '0x3' or ' 3 ' never name row 1 or 3).
 */
export function wholeNumberKey(raw: unknown, column: string): number {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[column] : raw;
  if (value === undefined || value === null || value === '') throw new AppError('validation', 'validation.required', { field: column });
  const whole = wholeNumberOf(value);
  if (whole === null) throw new AppError('validation', 'validation.invalid', { field: column });
  return whole;
}

/** The documented form of a wholeNumberKey: the number, or { column: number }. */
export function wholeNumberKeySchema(column: string): z.ZodType {
  return z.union([z.int(), z.object({ [column]: z.int() })]);
}

/** The `values` object of an insert or update. */
export function readValues(body: Source, query: Source = {}): Record<string, unknown> {
  const raw = body && 'values' in body ? body.values : query && 'values' in query ? query.values : body;
  const values = parseJsonField(raw, 'values');
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw fieldError('validation', 'validation.required', 'values');
  }
  return values as Record<string, unknown>;
}

/** The `key` of an update or delete: a scalar, or an object for composite keys. */
export function readKey(body: Source, query: Source = {}): unknown {
  const raw = body && body.key !== undefined ? body.key : query?.key;
  // Only an object, a list or a quoted text is JSON: `key=3` stays the text '3' (a number key must be plain digits, so
  // ' 3 ', '1e0' or 'true' never become stop 3 or 1).
  const key = typeof raw === 'string' && !/^\s*[[{"]/.test(raw) ? raw : parseJsonField(raw, 'key');
  if (key === undefined || key === null || key === '') throw new AppError('validation', 'validation.required', { field: 'key' });
  return key;
}

/**
 * The body readValues and readKey accept, for the OpenAPI document: `values` as an object (or that object as JSON
 * text, the form-field spelling) and `key` as a scalar or an object of the key columns; each present part required.
 */
export function keyValuesBody(parts: { key?: z.ZodType; values?: z.ZodType }): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  if (parts.key) shape.key = parts.key;
  if (parts.values) shape.values = z.union([parts.values, z.string().describe('The values object as JSON text (form field).')]);
  return z.object(shape);
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  keys?: string[];
}

/** Turns one zod issue into a catalogue message: the schema's own key if it gave one, else a generic message. */
function issueMessage(issue: ZodIssueLike): { key: MessageKey; params: Record<string, string | number> } {
  const field = String(issue.path[0] ?? 'values');
  if (isMessageKey(issue.message)) return { key: issue.message, params: { field } };
  const params: Record<string, string | number> = { field };
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid', params };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'validation.maxLength' : issue.origin === 'array' ? 'validation.tooMany' : 'validation.max',
        params,
      };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { key: 'validation.required', params };
      return { key: 'validation.min', params };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField', params: { field: issue.keys?.join(', ') ?? field } };
    default:
      return { key: 'validation.invalid', params };
  }
}

/** A zod error as a 400 AppError with one message per field (the first issue of each field wins). */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, FieldMessage> = {};
  for (const issue of error.issues as unknown as ZodIssueLike[]) {
    const message = issueMessage(issue);
    fields[String(message.params.field)] ??= message;
  }
  return fieldErrors('validation', fields);
}

/** Parses `input` with `schema`, or throws the 400 that says what is wrong, field by field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: zod 4 leaves the input out of issues otherwise, and "required" vs "invalid" depends on it.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Refuses (415) a body that is not JSON. A sign-in accepted form posts, so any web page plant staff opened could send
 * guesses in their name (a cross-site form needs no permission; a cross-site JSON request needs one the edge never
 * gives), keeping an account locked (issue 26).
 */
export function requireJsonBody(req: { is(type: string): string | false | null }): void {
  if (!req.is('application/json')) throw new AppError('unsupportedMediaType', 'login.jsonOnly');
}

/** The name of the first input holding a NUL character (a text in the query, the path or the JSON body), or null. */
function fieldWithNul(value: unknown, name: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return name;
    const found = fieldWithNul(item, key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses (400) a request whose texts hold a NUL character, before any handler: PostgreSQL cannot store or compare
 * one (22021), so a NUL in a portal filter once answered 500 (issue 26). No field of the API has a use for it.
 */
export const refuseNulCharacters = (
  req: { path: string; query: unknown; body: unknown },
  _res: unknown,
  next: (error?: unknown) => void,
): void => {
  const field = req.path.includes('\u0000') ? 'path' : (fieldWithNul(req.query, 'query') ?? fieldWithNul(req.body, 'body'));
  next(field ? new AppError('validation', 'validation.nulCharacter', { field }) : undefined);
};
