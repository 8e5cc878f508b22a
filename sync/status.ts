import type { Database } from '../edge/src/db/database';
import type { SyncAgentState } from './agent';
import { outboxBacklog } from './edge-outbox';

/** The sync status of an edge (times epoch ms). */
export interface SyncStatus {
  /** Sync is configured (SYNC_DATABASE_URL and PLANT_ID) and the agent runs. */
  enabled: boolean;
  plantId: string | null;
  /** When a batch was last applied centrally (or the agent last connected). */
  lastSuccessAt: number | null;
  /** Changes not yet acknowledged by the central copy. */
  lagRows: number;
  /** Age of the oldest change not yet acknowledged; 0 when nothing waits. */
  lagSeconds: number;
  lastError: { message: string; at: number } | null;
  /** The highest outbox seq the central copy acknowledged (null before the first contact). */
  acknowledgedSeq: number | null;
  consecutiveFailures: number;
  /** When the next attempt is due while PostgreSQL is unreachable. */
  nextRetryAt: number | null;
}

/**
 * The status from the agent's state and the outbox as it is now (the lag is read, not remembered, so it is right
 * even while the agent waits to retry). Without an agent (sync not configured) the lag is the whole outbox.
 */
export async function readSyncStatus(db: Database, agent: Readonly<SyncAgentState> | null, nowMs: number): Promise<SyncStatus> {
  const backlog = await outboxBacklog(db, agent?.acknowledgedSeq ?? 0);
  return {
    enabled: agent !== null,
    plantId: agent?.plantId ?? null,
    lastSuccessAt: agent?.lastSuccessAt ?? null,
    lagRows: backlog.rows,
    lagSeconds: backlog.oldestCreatedAt === null ? 0 : Math.max(0, (nowMs - backlog.oldestCreatedAt) / 1000),
    lastError: agent?.lastError ?? null,
    acknowledgedSeq: agent?.acknowledgedSeq ?? null,
    consecutiveFailures: agent?.consecutiveFailures ?? 0,
    nextRetryAt: agent?.nextRetryAt ?? null,
  };
}
