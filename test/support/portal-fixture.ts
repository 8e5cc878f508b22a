import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine, type Settings } from '../../edge/src/config';
import type { Database } from '../../edge/src/db/database';
import type { UiFiles } from '../../edge/src/http/ui-files';
import { plantNameOf, readOutboxBatch } from '../../sync/edge-outbox';
import { applyBatch } from '../../sync/central/apply-batch';
import { startPortal, type RunningPortal } from '../../portal/portal-server';
import { editHistory, FIXTURE_TZ, openEdgeDatabase, runProduction, writeConfiguration } from './sync/edge-fixture';
import { startTestPostgres, type TestPostgres } from './sync/postgres';

export const MADRID_TZ = 'Europe/Madrid';
/** 21:00 in Madrid (CET) the evening before its clocks go forward (2026-03-29); 14 hours of production cross it. */
export const MADRID_START = Date.parse('2026-03-28T20:00:00Z');

export interface FedPortal {
  postgres: TestPostgres;
  portal: RunningPortal;
  edges: Record<'ba' | 'madrid', { db: Database; timeZone: string }>;
  /** Sends an edge's whole outbox to the central database, as its sync agent would. */
  replicate(plantId: 'ba' | 'madrid'): Promise<void>;
  close(): Promise<void>;
}

/** The settings of `oee-edge central serve` on a free port of 127.0.0.1 over `url`, with more `env` (DIRECTORY_…). */
export function portalSettings(url: string, env: NodeJS.ProcessEnv = {}): Settings {
  const parsed = parseCommandLine(['central', 'serve', '--port', '0', '--host', '127.0.0.1', '--log-level', 'silent'], {
    ...env,
    SYNC_DATABASE_URL: url,
  });
  if (parsed.kind !== 'run') throw new Error('settings');
  return parsed.settings;
}

/**
 * The central portal on a real PostgreSQL fed by two edges: Buenos Aires (20 hours from 2026-03-02, then edited) and
 * Madrid across the night its clocks go forward (14 hours). `ui` serves a built app beside the API; `hours`, fewer
 * hours on each edge, for tests that need some data rather than a day of it.
 */
export async function startFedPortal(options: { ui?: UiFiles; hours?: number } = {}): Promise<FedPortal> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-portal-'));
  const postgres = await startTestPostgres();
  const ba = await openEdgeDatabase(join(dir, 'ba.db'));
  await writeConfiguration(ba);
  await editHistory(ba, await runProduction(ba, { hours: options.hours ?? 20 }));
  const madrid = await openEdgeDatabase(join(dir, 'madrid.db'));
  await writeConfiguration(madrid, MADRID_START);
  await runProduction(madrid, { hours: options.hours ?? 14, fromMs: MADRID_START, timeZone: MADRID_TZ, seed: 3 });
  const edges = { ba: { db: ba, timeZone: FIXTURE_TZ }, madrid: { db: madrid, timeZone: MADRID_TZ } };
  const portal = await startPortal({ settings: portalSettings(postgres.url), stdout: false, ui: options.ui });
  const replicate = async (plantId: 'ba' | 'madrid') => {
    const rows = await readOutboxBatch(edges[plantId].db, 0, 1_000_000);
    await applyBatch(portal.db, { plantId, timeZone: edges[plantId].timeZone, name: await plantNameOf(edges[plantId].db) }, rows);
  };
  await replicate('ba');
  await replicate('madrid');
  return {
    postgres,
    portal,
    edges,
    replicate,
    async close() {
      await portal.close();
      for (const edge of Object.values(edges)) await edge.db.destroy();
      await postgres.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
