import type { Api } from '../../http/api';
import { clockOf } from '../engine';
import { STOP_EDIT_ROLES } from '../stops/stops.schemas';
import { pendingStopsQuerySchema, pendingStopsSchema, stopsManagerLinesSchema } from './stops-manager.schemas';
import { linesOfStopsManagers, listPendingStops } from './stops-manager.service';

const TAG = 'stopsManager';

/**
 * The manual stops manager and the stops manager (lines with enableStopsManager). Manual stops are written through
 * POST/PUT/DELETE /api/stops (the engine's ingestion path); bulk recognition is POST /api/stops/recognize with
 * onlyUnrecognized; equipment is PUT /api/stops (equipmentName). These are the modules' own reads.
 */
export function registerStopsManagerRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/stopsManager/lines',
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'The lines with the stops managers on: lineID, description, sectorID, sectorName, beacon (true: its stops come from the acquisition; false: entered by hand).',
      response: stopsManagerLinesSchema,
    },
    ({ ctx }) => linesOfStopsManagers(ctx.db),
  );

  api.route(
    {
      method: 'get',
      path: '/api/stopsManager/stops',
      access: STOP_EDIT_ROLES,
      tag: TAG,
      summary:
        'Unrecognized stops of the lines with the stops manager, latest first (at most 500; totalCount says how many match): sectorID, lineID, minDuration and maxDuration (minutes), microstops all|only|exclude (shorter than microStopTime, which the answer carries in seconds).',
      query: pendingStopsQuerySchema,
      response: pendingStopsSchema,
    },
    ({ ctx, query }) => listPendingStops(ctx.db, query, clockOf(ctx), ctx.language),
  );
}
