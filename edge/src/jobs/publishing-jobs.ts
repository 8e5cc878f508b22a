import { LinePublisher } from '../modules/publishing/line-publisher';
import type { Plant } from '../plant';
import { startWhenConfigured, type RunnableJob } from './on-configured';

/**
 * The MQTT publishing of a configured plant (modules/publishing/line-publisher.ts): network I/O on its own, never in
 * a request or the acquisition; idle while the General parameters leave it off. It reads its settings when it starts
 * and again at each `configurationChanged` of the Plant (as the acquisition learns of its changes).
 */
export function attachPublishingJobs(plant: Plant): RunnableJob {
  return startWhenConfigured(plant, (db) => {
    const publisher = new LinePublisher({
      db,
      logger: plant.logger.child({ module: 'mqtt-publishing' }),
      now: () => plant.now(),
      timeZone: plant.timeZone,
    });
    const onChange = () => publisher.settingsChanged();
    plant.on('configurationChanged', onChange);
    publisher.start();
    return {
      runNow: () => publisher.runNow(),
      async stop() {
        plant.off('configurationChanged', onChange);
        await publisher.stop();
      },
    };
  });
}
