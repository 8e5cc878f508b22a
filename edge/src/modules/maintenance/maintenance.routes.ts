import { z } from 'zod';
import type { Api } from '../../http/api';
import { queryInt } from '../common/fields';
import { clockOf } from '../indexes/indexes.service';
import { firstAlert, listMaintenanceCalls } from './maintenance.service';

const TAG = 'maintenance';
const alertQuery = z.preprocess((value) => {
  const input = (value ?? {}) as Record<string, unknown>;
  return { lineID: input.lineid ?? input.lineID ?? input.lineId };
}, z.object({ lineID: queryInt() }));

/** Maintenance calls as the dashboards read them (SPEC §7); the maintenance manager module writes them. */
export function registerMaintenanceRoutes(api: Api): void {
  api.route(
    { method: 'get', path: ['/api/maintenance', '/api/maintenance/get'], access: 'authenticated', tag: TAG, summary: 'Maintenance calls grid (filter such as resourceLineID and status not Finished; sort, skip, take).' },
    ({ ctx, query }) => listMaintenanceCalls(ctx.db, query as Record<string, unknown>, ctx.timeZone),
  );
  api.route(
    {
      method: 'get',
      path: '/api/alerts/first',
      access: 'authenticated',
      tag: TAG,
      summary: 'The maintenance call in progress (Waiting or Started) on a line (lineid), with minutes since the call and overLimit past 10 minutes; null when none.',
      query: alertQuery,
    },
    ({ ctx, query }) => firstAlert(ctx.db, query.lineID, clockOf(ctx)),
  );
}
