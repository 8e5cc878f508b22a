import type { Database } from '../db/database';
import type { Plant } from '../plant';

/** A job that runs on a configured plant's database and can run a pass at once. */
export interface RunnableJob {
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `start` when the plant gets its database (`configured`: at start-up, or when the first-run setup finishes);
 * `stop` ends it before the database closes; `runNow` is a no-op until it has started.
 */
export function startWhenConfigured(plant: Plant, start: (db: Database) => RunnableJob): RunnableJob {
  let job: RunnableJob | null = null;
  const onConfigured = (db: Database) => {
    job = start(db);
  };
  plant.on('configured', onConfigured);
  return {
    runNow: () => job?.runNow() ?? Promise.resolve(),
    async stop() {
      plant.off('configured', onConfigured);
      await job?.stop();
      job = null;
    },
  };
}
