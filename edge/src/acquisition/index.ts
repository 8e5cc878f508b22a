import { join } from 'node:path';
import { type Database, syncCommitted, withoutCommitSync } from '../db/database';
import { AppError } from '../http/errors';
import { ingestSamples, recordEdgeRestart, type CounterEvent, type LineSampleSink } from '../modules/engine';
import type { Plant } from '../plant';
import { AcquisitionManager } from './acquisition-manager';
import { startWithRetries, type RetriedStart } from './start-retry';

export { AcquisitionManager, type ConfiguredTag, type TagStatus, tagStatusForApi } from './acquisition-manager';
export { findOpcServer, setApiKeyHash } from './acquisition.repository';
export type { CalculationEntry, DiagnosticsLog, LineOutcome, TagUpdateEntry } from './diagnostics-log';
export type { OpcPki, ServerCertificate } from './opc-pki';
export type { LineSample, LineSampleSink } from '../modules/engine';
export { plausibleSourceTime, type TagCache, type TagReading } from './tag-cache';
export type { PushedValue } from './tag-sources';
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

/** The most time the acquisition's routine commits go without an fsync (see engineSink). */
export const ROUTINE_SYNC_MS = 10_000;

const COUNTER_EVENT_TEXT: Record<CounterEvent['kind'], string> = {
  reset: 'Counter reset: the units since it restarted are counted',
  newSource: 'Counter read from another source: a new baseline, the step between the sources is not production',
  implausible: 'Counter step larger than the line can make: not booked, taken as the new baseline',
};

/**
 * The OEE engine's ingestion: every sample of a pass in one transaction, in the plant's time zone. Counter readings
 * it did not book as they came are logged and kept for the diagnostics.
 *
 * Durability: a pass that changes a line's state (a stop, its end, a gap), reads a line for the first time or from
 * another source, or stores what a full disk kept, commits with synchronous=FULL, durable against a power cut. A
 * routine pass (the counters' flush, about one a second on a producing plant, and the periodic pass of lines that
 * kept their state) commits without the fsync (`withoutCommitSync`) while the acquisition's last synced commit is
 * less than ROUTINE_SYNC_MS old: durable against a crash of the edge, and a power cut loses at most the routine
 * commits of those seconds. That loses no unit: counters are absolute, and a lost commit takes with it both the
 * production it booked and the counter reading it booked from, so the first reading after the restart books those
 * units again, once, from the reading that was kept (in the minute of that reading rather than the one they were
 * made in); the line's last-seen time is that much earlier, so its downtime stop starts that much earlier. Should a
 * routine pass still open or close a stop or touch an order, its commit is synced at once (`syncCommitted`), as FULL
 * would have.
 */
export function engineSink(plant: Plant, db: Database, diagnostics?: AcquisitionManager['diagnostics']): LineSampleSink {
  const logger = plant.logger.child({ module: 'engine' });
  let syncedAt = Number.NEGATIVE_INFINITY;
  return {
    async ingest(samples, options) {
      const ingest = (target: Database) =>
        ingestSamples(target, samples, { nowMs: plant.now(), timeZone: plant.timeZone, userID: null, sourceTimes: true });
      const startedAt = plant.now();
      const relaxed = options?.routine === true && startedAt - syncedAt < ROUTINE_SYNC_MS;
      const result = relaxed ? await withoutCommitSync(db, ingest) : await ingest(db);
      if (!relaxed) syncedAt = startedAt;
      else if (result.stopsOpened.length + result.stopsClosed.length + result.ordersStarted.length + result.ordersFinished.length > 0) {
        syncCommitted(db);
        syncedAt = startedAt;
      }
      for (const event of result.counterEvents) {
        diagnostics?.counterEvents.push(event);
        const { kind, ...details } = event;
        if (kind === 'reset') logger.info(details, COUNTER_EVENT_TEXT[kind]);
        else logger.warn(details, COUNTER_EVENT_TEXT[kind]);
      }
    },
  };
}

/**
 * Records the time the edge was not running (a gap for every line it knew), waits for what must run before the plant
 * is read (the demo plant's own server, so the first connection goes to it), then starts reading the plant.
 */
function startReading(plant: Plant, db: Database, manager: AcquisitionManager, beforeReading: () => Promise<unknown>): () => Promise<void> {
  // Each step is done once: a try after a failure goes on from the step that failed (the downtime is recorded once).
  let restartRecorded = false;
  return async () => {
    if (!restartRecorded) {
      const downtime = await recordEdgeRestart(db, { nowMs: plant.now(), timeZone: plant.timeZone, userID: null });
      restartRecorded = true;
      if (downtime.stopsOpened.length > 0) {
        plant.logger.info(
          { lines: downtime.stopsOpened.map((stop) => stop.lineID) },
          "The edge's downtime is recorded as a stop on each line it knew",
        );
      }
    }
    await beforeReading();
    await manager.start();
  };
}

const starts = new WeakMap<Plant, RetriedStart>();

/**
 * Why the plant is not being read, or null while it is (or before the first-run setup): the acquisition's start has
 * not worked yet (it is tried again until it does), for /api/health and the diagnostics page.
 */
export function acquisitionProblem(plant: Plant): string | null {
  const state = starts.get(plant)?.state();
  if (!state || state.running) return null;
  return state.failures === 0 ? null : (state.cause ?? 'unknown');
}

/**
 * The lines that should be read and are not, while the acquisition runs: a line whose scripts read a tag that has no
 * good value now (its server unreachable or silent, the tag refused or of bad quality). Its state is unknown until
 * the tag is good again (the engine's reason-4 gap). For /api/health, the diagnostics page and the line dashboard.
 */
export function linesNotRead(plant: Plant): number[] {
  const manager = managers.get(plant);
  if (!manager || starts.get(plant)?.state().running !== true) return [];
  return manager.evaluator
    .lineIDs()
    .filter((lineID) => manager.evaluator.tagsOfLine(lineID).some((tagName) => !manager.cache.isGood(tagName)));
}

export interface AcquisitionHandle {
  stop(): Promise<void>;
}

/**
 * Starts the acquisition when the plant gets its database (`configured`: at start-up, or when the first-run setup
 * finishes) and lets `startEdge` stop it before the database closes. Configuration changes reach it through the
 * Plant's `configurationChanged` event and its own periodic check.
 */
export function attachAcquisition(plant: Plant, options: { beforeReading?: () => Promise<unknown> } = {}): AcquisitionHandle {
  const onChange = () => acquisitionOf(plant)?.requestReload();
  plant.on('configurationChanged', onChange);
  plant.on('configured', (db) => {
    let sink: LineSampleSink = { ingest: async () => undefined };
    const manager = new AcquisitionManager({
      db,
      sink: { ingest: (samples, options) => sink.ingest(samples, options) },
      logger: plant.logger.child({ module: 'acquisition' }),
      now: plant.now,
      pkiDir: join(plant.settings.dataDir, 'pki'),
    });
    sink = engineSink(plant, db, manager.diagnostics);
    managers.set(plant, manager);
    const logger = plant.logger.child({ module: 'acquisition' });
    starts.set(
      plant,
      startWithRetries(startReading(plant, db, manager, options.beforeReading ?? (() => Promise.resolve())), (error, failures) =>
        logger.error({ err: error, failures }, 'Acquisition failed to start: it is tried again until it starts'),
      ),
    );
  });
  return {
    async stop() {
      plant.off('configurationChanged', onChange);
      await starts.get(plant)?.stop();
      const manager = managers.get(plant);
      managers.delete(plant);
      await manager?.stop();
    },
  };
}
