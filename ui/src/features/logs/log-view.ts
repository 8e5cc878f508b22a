import type { z } from 'zod';
import type { logEntriesSchema } from '../../../../edge/src/modules/log/log.schemas';
import type { FilterExpression } from '../../components/data-grid/grid-query';

/**
 * The log viewer's rules, pure so they are unit-tested: the levels and their colours (SPEC.md section 9), the filter
 * the level and text choices make, and how the follow mode's newest lines join the ones shown.
 */

export const LOG_LEVELS = ['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An entry as the server's schema states it; `id` grows with every entry the edge writes. */
export type LogEntry = z.output<typeof logEntriesSchema>['data'][number];

/** SPEC.md section 9: FATAL and ERROR red, WARN amber, INFO blue, DEBUG green, TRACE beige (with a readable text). */
export const LEVEL_COLORS: Record<LogLevel, { bg: string; fg: string }> = {
  FATAL: { bg: '#9b2c2c', fg: '#ffffff' },
  ERROR: { bg: '#e53e3e', fg: '#ffffff' },
  WARN: { bg: '#ffbf00', fg: '#1a202c' },
  INFO: { bg: '#3182ce', fg: '#ffffff' },
  DEBUG: { bg: '#38a169', fg: '#ffffff' },
  TRACE: { bg: '#e8dcc0', fg: '#1a202c' },
};

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export interface LogChoice {
  /** The levels to show; none chosen shows every level. */
  levels: readonly LogLevel[];
  /** Text the message or the logger contains (any case). */
  text: string;
}

/** The server filter of the viewer's choice, or null for everything. */
export function logFilter(choice: LogChoice): FilterExpression | null {
  const parts: FilterExpression[] = [];
  const levels = LOG_LEVELS.filter((level) => choice.levels.includes(level));
  if (levels.length > 0 && levels.length < LOG_LEVELS.length) {
    parts.push(
      levels.length === 1
        ? ['level', '=', levels[0]]
        : levels.flatMap((level, i) => (i === 0 ? [['level', '=', level]] : ['or', ['level', '=', level]])),
    );
  }
  const text = choice.text.trim();
  if (text) parts.push([['message', 'contains', text], 'or', ['logger', 'contains', text]]);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : [parts[0], 'and', parts[1]];
}

/** The follow mode keeps this many of the newest lines. */
export const TAIL_SIZE = 500;

/**
 * The lines shown after a follow request: the newer ones (any order) on top of those held, newest first, each once,
 * at most `limit`.
 */
export function joinNewest(held: readonly LogEntry[], newer: readonly LogEntry[], limit = TAIL_SIZE): LogEntry[] {
  const newest = held[0]?.id ?? 0;
  const added = newer.filter((entry) => entry.id > newest).sort((a, b) => b.id - a.id);
  return [...added, ...held].slice(0, limit);
}
