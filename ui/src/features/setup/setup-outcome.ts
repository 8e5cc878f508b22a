import { ApiError } from '../../lib/api-client';
import type { ConfigureResult } from './api/configure-setup';

/** What the wizard shows after "configure" (SPEC.md sections 4, 8). */
export type SetupOutcome =
  | { kind: 'finished'; password: string | null }
  | { kind: 'connectFailed'; detail: string }
  | { kind: 'alreadyConfigured' }
  | { kind: 'failed'; detail: string };

/** The server puts the connection warning in front of the reason; the wizard shows the warning itself, so only the reason is kept. */
function withoutPrefix(text: string, prefix: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith(prefix) ? trimmed.slice(prefix.length).trim() : trimmed;
}

export function setupOutcome(result: ConfigureResult | undefined, error: unknown, connectWarning: string): SetupOutcome | null {
  if (error) {
    if (error instanceof ApiError && error.code === 'conflict') return { kind: 'alreadyConfigured' };
    return { kind: 'failed', detail: error instanceof ApiError ? error.message : '' };
  }
  if (!result) return null;
  if (result.valid) return { kind: 'finished', password: result.password };
  return { kind: 'connectFailed', detail: withoutPrefix(result.error ?? '', connectWarning) };
}
