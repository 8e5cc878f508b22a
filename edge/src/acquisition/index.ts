import { join } from 'node:path';
import type { Database } from '../db/database';
import { AppError } from '../http/errors';
import { ingestSamples } from '../modules/line-events/line-events.service';
import type { Plant } from '../plant';
import { AcquisitionManager } from './acquisition-manager';
import type { LineSampleSink } from './line-evaluator';

export { AcquisitionManager, type ConfiguredTag } from './acquisition-manager';
export type { CalculationEntry, TagUpdateEntry } from './diagnostics-log';
export type { LineSample, LineSampleSink } from './line-evaluator';
export type { TagReading } from './tag-cache';
export type { OpcServerStatus } from './ua-server-connection';

const managers = new WeakMap<Plant, AcquisitionManager>();

/** The running acquisition of a plant (null before the first-run setup or after close). */
export function acquisitionOf(plant: Plant): AcquisitionManager | null {
  return managers.get(plant) ?? null;
}

/** The running acquisition, for routes: 503 while there is none (setup pending, shutting down). */
export function requireAcquisition(plant: Plant): AcquisitionManager {
  const manager = managers.get(plant);
  if (!manager) throw new AppError('setupPending', 'setup.pending');
  return manager;
}

/** The OEE engine's ingestion: every sample of a pass in one transaction, in the plant's time zone. */
export function engineSink(plant: Plant, db: Database): LineSampleSink {
  return {
    async ingest(samples) {
      await ingestSamples(db, samples, { nowMs: plant.now(), timeZone: plant.timeZone, userID: null, sourceTimes: true });
    },
  };
}

export interface AcquisitionHandle {
  stop(): Promise<void>;
}

/**
 * Starts the acquisition when the plant gets its database (`configured`: at start-up, or when the first-run setup
 * finishes) and lets `startEdge` stop it before the database closes. Configuration changes reach it through the
 * Plant's `configurationChanged` event and its own periodic check.
 */
export function attachAcquisition(plant: Plant): AcquisitionHandle {
  let starting: Promise<void> = Promise.resolve();
  const onChange = () => acquisitionOf(plant)?.requestReload();
  plant.on('configurationChanged', onChange);
  plant.on('configured', (db) => {
    const manager = new AcquisitionManager({
      db,
      sink: engineSink(plant, db),
      logger: plant.logger.child({ module: 'acquisition' }),
      now: plant.now,
      pkiDir: join(plant.settings.dataDir, 'pki'),
    });
    managers.set(plant, manager);
    starting = manager.start().catch((error: unknown) => plant.logger.error({ err: error }, 'Acquisition failed to start'));
  });
  return {
    async stop() {
      plant.off('configurationChanged', onChange);
      await starting;
      const manager = managers.get(plant);
      managers.delete(plant);
      await manager?.stop();
    },
  };
}
