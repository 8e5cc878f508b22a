import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Settings } from '../config';
import { shiftOf } from '../domain/calendar';
import { RecentLogStore } from '../logger';
import { addLine, HOUR, openTestPlant, type TestPlant } from '../../../test/support/test-plant';
import { applyLineEvents } from '../modules/engine';
import { Plant } from '../plant';
import { attachIndexJobs, type IndexJobs } from './index-jobs';

const TZ = 'Europe/Madrid';
const tm = shiftOf('TM', '2026-05-04', TZ);
let store: TestPlant;
let jobs: IndexJobs | null = null;

beforeEach(async () => {
  store = await openTestPlant();
  await addLine(store.db, { lineID: 1 });
});
afterEach(async () => {
  await jobs?.stop();
  await store.close();
});

function plantAt(nowMs: number): Plant {
  const settings = { timeZone: TZ } as Settings;
  return new Plant(settings, pino({ level: 'silent' }), new RecentLogStore(10), () => nowMs);
}

const indexes = () => store.db.selectFrom('shift_indexes').select(['shiftStart', 'closed', 'staffedTime']).orderBy('shiftStart').execute();

describe('index jobs', () => {
  it('start when the plant is configured: the shifts that ended while the edge was off are closed at once', async () => {
    await applyLineEvents(store.db, [{ type: 'lineState', lineID: 1, atMs: tm.startMs, running: false }], {
      nowMs: tm.startMs,
      timeZone: TZ,
      userID: null,
    });
    const plant = plantAt(tm.endMs + 9 * HOUR);
    jobs = attachIndexJobs(plant);
    plant.attachDatabase(store.db);
    await expect.poll(indexes, { timeout: 5_000 }).toEqual([
      { shiftStart: tm.startMs, closed: 1, staffedTime: 8 * HOUR },
      { shiftStart: tm.endMs, closed: 1, staffedTime: 8 * HOUR },
    ]);
  });

  it('refresh the open shift every oeeCalculationRefresh seconds, and stop cleanly', async () => {
    await store.db.updateTable('parameters').set({ oeeCalculationRefresh: 1 }).execute();
    await applyLineEvents(store.db, [{ type: 'lineState', lineID: 1, atMs: tm.startMs, running: true }], {
      nowMs: tm.startMs,
      timeZone: TZ,
      userID: null,
    });
    const plant = plantAt(tm.startMs + 2 * HOUR);
    jobs = attachIndexJobs(plant);
    plant.attachDatabase(store.db);
    await expect.poll(indexes, { timeout: 5_000, interval: 200 }).toEqual([{ shiftStart: tm.startMs, closed: 0, staffedTime: 2 * HOUR }]);
    await jobs.stop();
    jobs = null;
  });
});
