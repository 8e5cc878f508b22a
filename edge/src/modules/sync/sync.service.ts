import type { Database } from '../../db/database';
import { startSyncQueue } from '../../db/outbox';
import { toPlantIso } from '../../domain/time-zone';
import type { Plant } from '../../plant';
import type { SyncAgent } from '../../../../sync/agent';
import { readSyncStatus } from '../../../../sync/status';
import type { SyncStatusResponse } from './sync.schemas';

/**
 * The edge's side of sync (sync/): the agent runs when SYNC_DATABASE_URL and PLANT_ID are set, from the moment the
 * plant has its database (start-up, or the end of the first-run setup). It is loaded only then — an edge without
 * sync never loads the PostgreSQL client — and it never blocks or fails the edge: starting returns at once and
 * every failure of the agent is caught, logged and shown by the status.
 */

const agents = new WeakMap<Plant, SyncAgent>();

export interface SyncHandle {
  stop(): Promise<void>;
}

export function attachSync(plant: Plant): SyncHandle {
  const { syncDatabaseUrl, plantId } = plant.settings;
  if (!syncDatabaseUrl || !plantId) return { stop: async () => undefined };
  let stopped = false;
  let starting: Promise<void> = Promise.resolve();
  const onConfigured = (db: Database) => {
    // The first time sync is enabled on this database, the outbox starts from a snapshot of the synced tables.
    starting = startSyncQueue(db, plant.now())
      .then((snapshotRows) => {
        if (snapshotRows > 0) plant.logger.info({ snapshotRows }, 'Sync enabled: the outbox starts from a snapshot of the synced tables');
        return import('../../../../sync/agent');
      })
      .then(({ SyncAgent }) => {
        if (stopped) return;
        const agent = new SyncAgent({
          edge: db,
          centralUrl: syncDatabaseUrl,
          plant: { plantId, timeZone: plant.timeZone },
          logger: plant.logger.child({ module: 'sync' }),
          now: plant.now,
        });
        agents.set(plant, agent);
        agent.start();
      })
      .catch((error: unknown) => plant.logger.error({ err: error }, 'Sync agent failed to start'));
  };
  plant.on('configured', onConfigured);
  return {
    async stop() {
      stopped = true;
      plant.off('configured', onConfigured);
      await starting;
      const agent = agents.get(plant);
      agents.delete(plant);
      await agent?.stop();
    },
  };
}

/** How many attempts in a row the sync agent has failed (0 while it works, or when sync is not configured). */
export function syncFailures(plant: Plant): number {
  return agents.get(plant)?.state().consecutiveFailures ?? 0;
}

/** The sync status for the administrator (and the diagnostics page). */
export async function syncStatus(plant: Plant, db: Database, nowMs: number, timeZone: string): Promise<SyncStatusResponse> {
  const status = await readSyncStatus(db, agents.get(plant)?.state() ?? null, nowMs);
  const iso = (ms: number | null) => (ms === null ? null : toPlantIso(ms, timeZone));
  return {
    ...status,
    lagSeconds: Math.round(status.lagSeconds * 10) / 10,
    lastSuccessAt: iso(status.lastSuccessAt),
    lastError: status.lastError && { message: status.lastError.message, at: iso(status.lastError.at)! },
    nextRetryAt: iso(status.nextRetryAt),
  };
}
