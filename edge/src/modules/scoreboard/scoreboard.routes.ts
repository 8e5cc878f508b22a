import type { Api } from '../../http/api';
import { bearerTokenOf } from '../../http/api';
import { clockOf } from '../engine';
import { scoreboardQuerySchema, scoreboardSchema } from './scoreboard.schemas';
import { scoreboard, scoreboardViewer } from './scoreboard.service';

/**
 * The scoreboard's one call. Declared public because a configured terminal reads it without a session: the handler
 * decides who may (a session of any role, else the terminal of the caller's address, for its own line or sector).
 * Not shared between callers (`share`), as its answer depends on who asks.
 */
export function registerScoreboardRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/scoreboard',
      access: 'public',
      tag: 'scoreboard',
      summary:
        "The scoreboard (/tablero) of a line (line) or of a sector's lines (sector); neither: the calling terminal's line. Each line: beacon, the shift's oee, utilization, throughput, acceptance (0..1) and targetOEE (as configured, percent), units made against the shift's goal (the line target's targetSummary, a plant day's, shared by the shift's length) and the Ready order's, with the pace needed by the shift's end (units a minute), the stop in progress, the maintenance call, the shift's three longest stop reasons. Any role's session; without one, a terminal configured for the caller's address reads its own line or sector only (401 no terminal, 403 another line).",
      query: scoreboardQuerySchema,
      response: scoreboardSchema,
    },
    async ({ ctx, query }) => {
      const viewer = await scoreboardViewer(ctx.db!, { token: bearerTokenOf(ctx.req), ip: ctx.ip }, ctx.now);
      return scoreboard(ctx.db!, viewer, query, clockOf(ctx), ctx.language);
    },
  );
}
