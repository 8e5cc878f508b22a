import { LinePublisher } from '../modules/publishing/line-publisher';
import type { Plant } from '../plant';
import { startWhenConfigured, type RunnableJob } from './on-configured';

/**
 * The MQTT publishing of a configured plant (modules/publishing/line-publisher.ts): network I/O on its own, never in
 * a request or the acquisition; idle while the General parameters leave it off.
 */
export function attachPublishingJobs(plant: Plant): RunnableJob {
  return startWhenConfigured(plant, (db) => {
    const publisher = new LinePublisher({ db, logger: plant.logger.child({ module: 'mqtt-publishing' }), now: () => plant.now(), timeZone: plant.timeZone });
    publisher.start();
    return publisher;
  });
}
