import type { Database } from '../../db/database';
import { hasBeaconScript } from '../../domain/script';
import type { Language } from '../../http/messages';
import { engineParameters, type EngineClock } from '../engine';
import { stopToApi } from '../stops/stops.service';
import { equipmentNames, pendingStops, stopsManagerLines } from './stops-manager.repository';

/** The stops manager lists at most this many stops at once (the latest); the total says how many match. */
export const PENDING_STOPS_LIMIT = 500;

/**
 * The lines the stops managers run on; `beacon` false marks those whose stops are entered by hand. Each carries the
 * names of its equipment (and of equipment tied to no line), which a stop can be assigned to: operators assign them
 * without reading the supervisor's equipment configuration.
 */
export async function linesOfStopsManagers(db: Database) {
  const [lines, equipment] = await Promise.all([stopsManagerLines(db), equipmentNames(db)]);
  return lines.map(({ calculationBaliza, ...line }) => ({
    ...line,
    beacon: hasBeaconScript(calculationBaliza),
    equipment: equipment.filter((item) => item.lineID === null || item.lineID === line.lineID).map((item) => item.name),
  }));
}

export interface PendingStopsFilter {
  sectorID?: number;
  lineID?: number;
  /** Minutes. */
  minDuration?: number;
  maxDuration?: number;
  microstops: 'all' | 'only' | 'exclude';
}

/**
 * The unrecognized stops of every line with the stops managers on, for bulk recognition: a microstop is a stop
 * shorter than microStopTime (seconds), so 'only' and 'exclude' narrow the length range by it.
 */
export async function listPendingStops(db: Database, filter: PendingStopsFilter, clock: EngineClock, language: Language) {
  const { microStopSeconds } = await engineParameters(db);
  const microMs = microStopSeconds * 1000;
  let minMs = filter.minDuration === undefined ? undefined : filter.minDuration * 60_000;
  let maxMs = filter.maxDuration === undefined ? undefined : filter.maxDuration * 60_000;
  if (filter.microstops === 'only') maxMs = Math.min(maxMs ?? microMs, microMs);
  if (filter.microstops === 'exclude') minMs = Math.max(minMs ?? microMs, microMs);
  const { rows, total } = await pendingStops(db, {
    sectorID: filter.sectorID,
    lineID: filter.lineID,
    minDurationMs: minMs,
    maxDurationMs: maxMs,
    nowMs: clock.nowMs,
    limit: PENDING_STOPS_LIMIT,
  });
  return { microStopTime: microStopSeconds, totalCount: total, data: rows.map((row) => stopToApi(row, clock, language)) };
}
