import { statfsSync, statSync } from 'node:fs';
import { sql } from 'kysely';
import { VERSION } from '../../config';
import type { Database } from '../../db/database';
import { translate, type Language } from '../../http/messages';
import type { Plant } from '../../plant';
import { acquisitionProblem, linesNotRead } from '../../acquisition/index';
import { failingJobs } from '../../jobs/job-health';
import { syncFailures } from '../sync/sync.service';

/**
 * The disk the edge keeps its data on, for GET /api/health and the diagnostics page. A full disk stops every write
 * (stops, orders, indexes, the log), so the warning comes well before: below 10 % or 1 GiB free, whichever is more.
 */
export const LOW_SPACE_RATIO = 0.1;
export const LOW_SPACE_BYTES = 1024 ** 3;

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export type StorageWarning = 'lowDiskSpace' | 'diskFull';

/** Warnings of a disk with this much space: nothing, low space, or (under 1 MiB: nothing fits) full. */
export function storageWarnings(space: DiskSpace): StorageWarning[] {
  if (space.freeBytes < 1024 ** 2) return ['diskFull'];
  const low = space.freeBytes < LOW_SPACE_BYTES || space.freeBytes < space.totalBytes * LOW_SPACE_RATIO;
  return low ? ['lowDiskSpace'] : [];
}

/** Free and total bytes of the file system holding `folder` (free as the service user can use it). */
export function diskSpace(folder: string): DiskSpace {
  const stats = statfsSync(folder);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/** What the database takes on disk: its file and its write-ahead log. Null before setup. */
async function databaseBytes(db: Database | null): Promise<number | null> {
  if (!db) return null;
  const files = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = files.rows.find((row) => row.name === 'main')?.file;
  if (!file) return null;
  const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  return size(file) + size(`${file}-wal`);
}

const WARNING_MESSAGES = { lowDiskSpace: 'disk.lowSpace', diskFull: 'disk.full' } as const;

/** The storage part of the health answer and of the diagnostics: sizes in bytes, warnings in the caller's language. */
export async function storageStatus(plant: Plant, language: Language) {
  const space = diskSpace(plant.settings.dataDir);
  const warnings = storageWarnings(space).map((code) => ({
    code,
    message: translate(WARNING_MESSAGES[code], language, { free: formatBytes(space.freeBytes), total: formatBytes(space.totalBytes) }),
  }));
  return { ...space, databaseBytes: await databaseBytes(plant.db), warnings };
}

export type PlantWarningCode = StorageWarning | 'acquisitionDown' | 'linesNotRead' | 'jobFailing' | 'syncFailing';

/**
 * Everything that keeps the edge from doing its work, each with its reason: the disk short, the plant not being read
 * (the acquisition not started, or lines whose signals have no good value), a scheduled job failing, the sync failing.
 * Shown by /api/health and on the diagnostics page.
 */
export async function plantWarnings(plant: Plant, language: Language) {
  const storage = await storageStatus(plant, language);
  const warnings: { code: PlantWarningCode; message: string }[] = [...storage.warnings];
  if (acquisitionProblem(plant) !== null)
    warnings.push({ code: 'acquisitionDown', message: translate('health.acquisitionDown', language) });
  const lines = linesNotRead(plant);
  if (lines.length > 0)
    warnings.push({ code: 'linesNotRead', message: translate('health.linesNotRead', language, { lines: lines.join(', ') }) });
  const jobs = failingJobs(plant);
  if (jobs.length > 0) warnings.push({ code: 'jobFailing', message: translate('health.jobFailing', language, { jobs: jobs.join(', ') }) });
  const failures = syncFailures(plant);
  if (failures > 0) warnings.push({ code: 'syncFailing', message: translate('health.syncFailing', language, { failures }) });
  return { storage, warnings };
}

/**
 * GET /api/health: public, for monitoring; no path, no setting, nothing a stranger could use. 'degraded', with a
 * reason each (plantWarnings), so a plant's monitoring or a watchdog can act; 'ok' again once every reason is gone.
 */
export async function health(plant: Plant, language: Language) {
  const { storage, warnings } = await plantWarnings(plant, language);
  const { warnings: _disk, ...sizes } = storage;
  return {
    status: warnings.length ? ('degraded' as const) : ('ok' as const),
    version: VERSION,
    setupPending: plant.db === null,
    storage: sizes,
    warnings,
  };
}

/** The diagnostics page's storage panel: the disk, and every other reason the edge is degraded beside its own. */
export async function storageWithWarnings(plant: Plant, language: Language) {
  const { storage, warnings } = await plantWarnings(plant, language);
  return { ...storage, warnings };
}

function formatBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${gib.toFixed(1)} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;
}
