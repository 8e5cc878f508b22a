import { AppError, type ErrorCode } from '../../http/errors';
import type { MessageKey, MessageParam } from '../../http/messages';

/** An error about one field: its message is both the error's message and the field's, so a form can place it. */
export function fieldError(code: ErrorCode, key: MessageKey, field: string, params: Record<string, MessageParam> = {}): AppError {
  const all = { field, ...params };
  return new AppError(code, key, all, { [field]: { key, params: all } });
}
