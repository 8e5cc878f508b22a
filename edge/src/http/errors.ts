import type { MessageKey, MessageParam } from './messages';

/** The closed set of error codes the API answers with, and their HTTP status. */
export const ERROR_STATUS = {
  validation: 400,
  unauthorized: 401,
  sessionExpired: 401,
  invalidSignature: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  /** A sign-in sent as anything but JSON (a form another web page could post). */
  unsupportedMediaType: 415,
  locked: 429,
  setupPending: 503,
  /** The domain directory that checks passwords (directory sign-in) could not be asked. */
  directoryUnavailable: 503,
  unavailable: 503,
  readOnly: 405,
  diskFull: 507,
  /** A message the edge had to send (an email) could not be delivered: try again later. */
  deliveryFailed: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error meant for the API's caller. The message is a catalogue key, translated by the error middleware;
 * `fields` maps a field name to its own message key, so a form shows each message on its field.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    readonly fields?: Record<string, { key: MessageKey; params?: Record<string, MessageParam> }>,
  ) {
    super(messageKey);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (): AppError => new AppError('notFound', 'data.notFound');
export const forbidden = (): AppError => new AppError('forbidden', 'auth.forbidden');

/**
 * An error about one field: its message (with `field` among its parameters) is both the error's message and the
 * field's, so a form shows it on the field concerned.
 */
export function fieldError(code: ErrorCode, key: MessageKey, field: string, params: Record<string, MessageParam> = {}): AppError {
  return fieldErrors(code, { [field]: { key, params } });
}

/** A field's message: its catalogue key and parameters (`field` is added: the field's name). */
export interface FieldMessage {
  key: MessageKey;
  params?: Record<string, MessageParam>;
}

/**
 * The one way an error about fields is made: each field's message (with `field` among its parameters, unless given),
 * the first field's message being the error's own. No fields: a 'validation.invalid' of the whole record (`values`).
 */
export function fieldErrors(code: ErrorCode, fields: Record<string, FieldMessage>): AppError {
  const withField: Record<string, { key: MessageKey; params: Record<string, MessageParam> }> = {};
  for (const [field, { key, params }] of Object.entries(fields)) withField[field] = { key, params: { field, ...params } };
  const first = Object.values(withField)[0] ?? { key: 'validation.invalid' as const, params: { field: 'values' } };
  return new AppError(code, first.key, first.params, withField);
}
