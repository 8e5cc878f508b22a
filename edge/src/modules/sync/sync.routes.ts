import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { syncStatusSchema } from './sync.schemas';
import { syncStatus } from './sync.service';

/** Replication to the central PostgreSQL: its state, for the administrator (ARCHITECTURE.md "sync/"). */
export function registerSyncRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/sync/status',
      access: [ROLE.ADMINISTRATOR],
      tag: 'sync',
      summary:
        'Sync to the central PostgreSQL: enabled, plantId, lastSuccessAt, lag (rows and seconds of changes not yet acknowledged), lastError, retry state.',
      response: syncStatusSchema,
    },
    ({ ctx }) => syncStatus(plant, ctx.db, ctx.now, ctx.timeZone),
  );
}
