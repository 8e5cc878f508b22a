import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lineBoardSchema, scoreboardSchema } from '../../../../../edge/src/modules/scoreboard/scoreboard.schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** One line of GET /api/scoreboard (ratios 0..1; targetOEE as configured, a percentage). */
export type LineBoard = z.infer<typeof lineBoardSchema>;

/** Units made against a goal, and the pace needed by the shift's end (0: reached; null: no goal, or no time left). */
export type GoalProgress = Omit<LineBoard['units']['shift'], 'perMinute'>;

/** GET /api/scoreboard: the plant's shift, whether this address's terminal reads it without a session, each line. */
export type Scoreboard = z.infer<typeof scoreboardSchema>;

/** A line, or a sector's lines; neither: the line of the terminal asking. */
export interface ScoreboardRequest {
  lineID?: number;
  sectorID?: number;
}

/** GET /api/scoreboard (line or sector; neither: this terminal's line), with the session if there is one. */
export function getScoreboard(request: ScoreboardRequest): Promise<Scoreboard> {
  return apiRequest<Scoreboard>('/api/scoreboard', { query: { line: request.lineID ?? null, sector: request.sectorID ?? null } });
}

/** The beacon's rate (SPEC.md section 9): the scoreboard is read every 15 s. */
export const SCOREBOARD_POLL_MS = 15_000;

/**
 * Polled for days on an unattended display: every 15 s whatever happened to the last try (the edge restarting, the
 * network cut, the terminal refused), so it comes back by itself; the last figures stay on screen meanwhile.
 */
export const scoreboardQuery = (request: ScoreboardRequest) =>
  queryOptions({
    queryKey: ['scoreboard', request.lineID ?? null, request.sectorID ?? null],
    queryFn: () => getScoreboard(request),
    refetchInterval: SCOREBOARD_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: SCOREBOARD_POLL_MS - 1_000,
    placeholderData: keepPreviousData,
    // A failure is tried again at the next poll, not in a burst (a restarting edge is not hammered).
    retry: false,
  });

export function useScoreboard(request: ScoreboardRequest) {
  return useQuery(scoreboardQuery(request));
}

/** The refusal a terminal gets for a line that is not its own (403), or without a terminal or a session (401). */
export function refusalOf(error: unknown): 'otherLine' | 'noTerminal' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return 'otherLine';
  if (error.status === 401) return 'noTerminal';
  return null;
}
