import type { Database } from '../db/database';
import { pruneExpiredRows, type RetentionDays } from '../db/retention';
import { deleteExpiredSessions } from '../modules/auth';
import { findParameters } from '../modules/parameters';
import type { Plant } from '../plant';
import { startWhenConfigured } from './on-configured';

/**
 * The retention job of a configured plant: soon after start and then every hour, prunes the audit log, the
 * diagnostics tables and the outbox to the retention days of the General parameters (read at each run, so a change
 * takes effect at the next one), in small batches off the request and acquisition paths (db/retention.ts), and deletes
 * the sessions past their expiry (a session no request extended for 12 h can never be used again; without this the
 * table kept every sign-in of the plant's life).
 */

/** First run after start: late enough not to compete with start-up work. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;
const DEFAULTS: RetentionDays = { audit: 730, diagnostics: 30, outbox: 1 };

export interface RetentionJobs {
  stop(): Promise<void>;
  /** Runs a pruning now (after the one in progress); the tests and the first run use it. */
  runNow(): Promise<void>;
}

async function retentionDays(db: Database): Promise<RetentionDays> {
  const parameters = await findParameters(db);
  if (!parameters) return DEFAULTS;
  return { audit: parameters.auditRetentionDays, diagnostics: parameters.diagnosticsRetentionDays, outbox: parameters.outboxRetentionDays };
}

function startRetentionJobs(plant: Plant, db: Database): RetentionJobs {
  const logger = plant.logger.child({ module: 'retention' });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const now = plant.now();
        const pruned = { ...(await pruneExpiredRows(db, now, await retentionDays(db))), sessions: await deleteExpiredSessions(db, now) };
        if (pruned.audit + pruned.tagUpdates + pruned.calculationTimes + pruned.outbox + pruned.notificationSends + pruned.sessions > 0)
          logger.info(pruned, 'Pruned rows past their retention');
      } catch (error) {
        logger.error({ err: error }, 'Retention job failed');
      }
    });
    return running;
  };
  const first = setTimeout(() => void run(), FIRST_RUN_MS);
  const every = setInterval(() => void run(), EVERY_MS);
  first.unref();
  every.unref();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}

/** Starts the retention job when the plant gets its database; `stop` ends it before the database closes. */
export function attachRetentionJobs(plant: Plant): RetentionJobs {
  return startWhenConfigured(plant, (db) => startRetentionJobs(plant, db));
}
