import type { Database } from '../../edge/src/db/database';
import type { LineEvent } from '../../edge/src/modules/engine';
import { addLine, addOrder, addProduct, at, HOUR, MINUTE } from './test-plant';
import { startEngineEdge, type EngineEdge } from './engine-edge';

/** 08:00 on the morning of the plant below (Madrid). */
export const OVERVIEW_T0 = at('2026-05-04T08:00:00+02:00');

/**
 * The plant the overview's and the scoreboard's API tests read (imported by tests only), at 10:00: lines 1 and 2 in
 * sector 1, line 3 in sector 2 (never seen). 08:00 line 1 starts order 100-0 (P1, 2000 wanted) and runs, 300 units
 * and 30 discards by 08:29; 08:30 it stops (still open). Line 2 runs, stopped 09:00–09:30. Line 1's targets: default
 * 80 % / 5000, P1 85 % / 4000.
 */
export async function startOverviewPlant(): Promise<EngineEdge> {
  const e = await startEngineEdge(OVERVIEW_T0);
  await addOverviewPlant(e.db, (events) => e.events(events));
  e.clock.now = OVERVIEW_NOW;
  return e;
}

/** The plant's 10:00, when the tests read it. */
export const OVERVIEW_NOW = OVERVIEW_T0 + 2 * HOUR;

/** The plant above, its lines' events applied through `apply` (the engine's ingestion, at any clock). */
export async function addOverviewPlant(db: Database, apply: (events: LineEvent[]) => Promise<unknown>): Promise<void> {
  await addLine(db, { lineID: 1, managesOrders: true, description: 'Envasadora 1' });
  await addLine(db, { lineID: 2, description: 'Envasadora 2' });
  await addLine(db, { lineID: 3, sectorID: 2, description: 'Paletizadora' });
  await addProduct(db, 'P1', { 1: 10 });
  await addOrder(db, '100-0', 1, { productCode: 'P1', desiredProductionQuantity: 2000 });
  await db
    .insertInto('targets')
    .values([
      { lineID: 1, tag: 'default', targetOEE: 80, targetSummary: 5000 },
      { lineID: 1, tag: 'P1', targetOEE: 85, targetSummary: 4000 },
    ])
    .execute();
  await apply([
    { type: 'orderStarted', lineID: 1, atMs: OVERVIEW_T0, order: '100-0' },
    { type: 'lineState', lineID: 1, atMs: OVERVIEW_T0, running: true },
    { type: 'counters', lineID: 1, atMs: OVERVIEW_T0, units: 0, discards: 0 },
    { type: 'lineState', lineID: 2, atMs: OVERVIEW_T0, running: true },
    { type: 'counters', lineID: 1, atMs: OVERVIEW_T0 + 29 * MINUTE, units: 300, discards: 30 },
    { type: 'lineState', lineID: 1, atMs: OVERVIEW_T0 + 30 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: OVERVIEW_T0 + HOUR, running: false },
    { type: 'lineState', lineID: 2, atMs: OVERVIEW_T0 + 90 * MINUTE, running: true },
  ]);
}
