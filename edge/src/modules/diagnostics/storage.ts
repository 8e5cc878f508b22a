import { statfsSync, statSync } from 'node:fs';
import { sql } from 'kysely';
import { VERSION } from '../../config';
import type { Database } from '../../db/database';
import { translate, type Language } from '../../http/messages';
import type { Plant } from '../../plant';
import { acquisitionProblem } from '../../acquisition/index';

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

/**
 * GET /api/health: public, for monitoring; no path, no setting, nothing a stranger could use. 'degraded', with a
 * reason each, while the disk is short or the plant is not being read (the acquisition has not started: it is tried
 * again until it does; the cause is in the log), so a plant's monitoring or a watchdog can act.
 */
export async function health(plant: Plant, language: Language) {
  const storage = await storageStatus(plant, language);
  const { warnings: storageWarnings, ...sizes } = storage;
  const warnings: { code: 'lowDiskSpace' | 'diskFull' | 'acquisitionDown'; message: string }[] = [...storageWarnings];
  if (acquisitionProblem(plant) !== null) warnings.push({ code: 'acquisitionDown', message: translate('health.acquisitionDown', language) });
  return { status: warnings.length ? ('degraded' as const) : ('ok' as const), version: VERSION, setupPending: plant.db === null, storage: sizes, warnings };
}

function formatBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${gib.toFixed(1)} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;
}
