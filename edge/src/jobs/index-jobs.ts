import cron, { type ScheduledTask } from 'node-cron';
import type { Database } from '../db/database';
import { engineParameters, closeDueShifts, refreshOpenIndexes, type EngineClock } from '../modules/engine';
import type { Plant } from '../plant';
import { recordJobRun } from './job-health';

/**
 * The index schedules of a configured plant:
 * - the refresh, every oeeCalculationRefresh seconds (read again before each wait, so a change of the parameter
 *   takes effect without a restart; 0 pauses it): the Ready orders' indexes and the open shift of every line;
 * - the shift close, by node-cron 5 s into every minute: the work calendars' shifts start on any minute (each line's
 *   own calendar, modules/calendar), and a minute with no shift ended costs a query or two per line; plus a catch-up
 *   at start for the shifts that ended while the edge was off.
 * Both write only indexes whose values changed. One run at a time; `stop` waits for the run in progress.
 */

/** 5 s into every minute: a shift that ended on that minute's boundary is surely over by the plant clock. */
export const SHIFT_CLOSE_CRON = '5 * * * * *';
/** How long to wait before looking at the parameter again while the refresh is paused (0). */
const PAUSED_RECHECK_MS = 60_000;

export interface IndexJobs {
  stop(): Promise<void>;
}

function startIndexJobs(plant: Plant, db: Database): IndexJobs {
  const logger = plant.logger.child({ module: 'index-jobs' });
  const clock = (): EngineClock => ({ nowMs: plant.now(), timeZone: plant.timeZone });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  /** Runs `work` after the one in progress, never two at once; failures are logged, never thrown. */
  const serially = (name: string, work: () => Promise<unknown>) => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await work();
        recordJobRun(plant, name);
      } catch (error) {
        recordJobRun(plant, name, error);
        logger.error({ err: error, job: name }, 'Index job failed');
      }
    });
    return running;
  };

  const scheduleRefresh = async () => {
    if (stopped) return;
    const seconds = await engineParameters(db)
      .then((parameters) => parameters.refreshSeconds)
      .catch(() => 10);
    const delayMs = seconds > 0 ? seconds * 1000 : PAUSED_RECHECK_MS;
    timer = setTimeout(() => {
      void (seconds > 0 ? serially('refresh', () => refreshOpenIndexes(db, clock())) : Promise.resolve()).then(scheduleRefresh);
    }, delayMs);
    timer.unref();
  };

  const shiftClose: ScheduledTask = cron.schedule(SHIFT_CLOSE_CRON, () => serially('shiftClose', () => closeDueShifts(db, clock())), {
    timezone: plant.timeZone,
    name: 'shift-close',
    noOverlap: true,
  });
  void serially('shiftCloseCatchUp', async () => {
    const closed = await closeDueShifts(db, clock());
    if (closed > 0) logger.info({ closed }, 'Closed the shifts that ended while the edge was off');
  });
  void scheduleRefresh();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await shiftClose.destroy();
      await running;
    },
  };
}

/**
 * Starts the index jobs when the plant gets its database (`configured`: at start-up, or when the first-run setup
 * finishes); `stop` ends them before the database closes.
 */
export function attachIndexJobs(plant: Plant): IndexJobs {
  let jobs: IndexJobs | null = null;
  const onConfigured = (db: Database) => {
    jobs = startIndexJobs(plant, db);
  };
  plant.on('configured', onConfigured);
  return {
    async stop() {
      plant.off('configured', onConfigured);
      await jobs?.stop();
      jobs = null;
    },
  };
}
