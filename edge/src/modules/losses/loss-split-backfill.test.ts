import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlant } from '../../demo/demo-plant';
import { listLineSettings, recalculateAllShiftIndexes } from '../engine';
import { openTestPlant, type TestPlant } from '../../../../test/support/test-plant';
import { backfillLossSplitBatch, backfillLossSplits, fittedSplit } from './loss-split-backfill';
import { linesWaterfall } from './losses.service';

/**
 * The back-fill of the shift indexes' loss split: the demo plant's week (made by the engine: every kind of loss), its
 * closed shift indexes then stripped of their split, as an index closed before edge migration 0026 has it; the
 * back-fill gives each the split the shift close gives it, leaves every other figure as it was, queues the rows for
 * the central copy, and a second run finds nothing to do.
 */

const TZ = 'Europe/Madrid';
const NOW = Date.parse('2026-05-06T10:17:42+02:00');
const clock = { nowMs: NOW, timeZone: TZ };
/** Small batches, so the week's rows take several. */
const BATCH = 20;
const SPLIT = ['breakdownTime', 'setupTime', 'smallStopTime', 'notLineLossTime'] as const;

let plant: TestPlant;

const closedRows = () =>
  plant.db.selectFrom('shift_indexes').selectAll().where('closed', '=', 1).orderBy('lineID').orderBy('shiftStart').execute();

beforeAll(async () => {
  plant = await openTestPlant();
  await seedDemoPlant(plant.db, clock);
  await recalculateAllShiftIndexes(plant.db, clock, null);
}, 180_000);
afterAll(async () => {
  await plant?.close();
});

describe('the back-fill of the shift indexes’ loss split', () => {
  it('fits a computed split to the row’s counted stop time: a surplus out of the kinds in proportion, a shortfall a breakdown', () => {
    expect(fittedSplit({ breakdown: 600, setup: 300, smallStop: 100, notLineLoss: 0 }, 1_000)).toEqual({
      breakdown: 600,
      setup: 300,
      smallStop: 100,
      notLineLoss: 0,
    });
    const less = fittedSplit({ breakdown: 600, setup: 300, smallStop: 100, notLineLoss: 0 }, 500);
    expect(less).toEqual({ breakdown: 300, setup: 150, smallStop: 50, notLineLoss: 0 });
    expect(fittedSplit({ breakdown: 0, setup: 300, smallStop: 0, notLineLoss: 0 }, 1_000)).toEqual({
      breakdown: 700,
      setup: 300,
      smallStop: 0,
      notLineLoss: 0,
    });
  });

  it('gives every closed shift index written without the split the one the shift close gives it, in batches, once', async () => {
    const computed = await closedRows();
    expect(computed.length).toBeGreaterThan(3 * BATCH);
    const lines = await listLineSettings(plant.db);
    const week = await linesWaterfall(plant.db, lines, NOW - 7 * 86_400_000, NOW, NOW);
    // Every closed row as an index closed before migration 0026 has it; one whose stored stop time no stop explains.
    await plant.db
      .updateTable('shift_indexes')
      .set({ breakdownTime: null, setupTime: null, smallStopTime: null, notLineLossTime: null })
      .where('closed', '=', 1)
      .execute();
    const odd = computed.find((row) => row.setupTime! > 0 && row.adjustedDiscountTime === 0)!;
    expect(odd).toBeDefined();
    await plant.db
      .updateTable('shift_indexes')
      .set({ stopTime: odd.stopTime + 60_000 })
      .where('lineID', '=', odd.lineID)
      .where('shiftStart', '=', odd.shiftStart)
      .execute();
    const outboxBefore = await plant.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const auditBefore = await plant.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const first = await backfillLossSplitBatch(plant.db, NOW, undefined, BATCH);
    expect(first.filled).toBe(BATCH);
    expect(await backfillLossSplits(plant.db, () => NOW, { batch: BATCH })).toBe(computed.length - BATCH);

    const filled = await closedRows();
    expect(filled.length).toBe(computed.length);
    for (const [index, row] of filled.entries()) {
      const before = computed[index]!;
      const label = `line ${row.lineID} shift ${new Date(row.shiftStart).toISOString()}`;
      if (row.lineID === odd.lineID && row.shiftStart === odd.shiftStart) {
        expect(row, label).toMatchObject({
          stopTime: odd.stopTime + 60_000,
          breakdownTime: odd.breakdownTime! + 60_000,
          setupTime: odd.setupTime,
        });
        continue;
      }
      // The split the shift close wrote, and every other figure untouched (calculatedAt included).
      expect(row, label).toEqual(before);
      expect(
        SPLIT.reduce((sum, column) => sum + row[column]!, 0),
        label,
      ).toBe(row.stopTime - row.adjustedDiscountTime);
    }
    // Queued for the central copy, one outbox row each, and no audit row: no person changed a figure.
    const outboxAfter = await plant.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(outboxAfter.n) - Number(outboxBefore.n)).toBe(computed.length);
    const auditAfter = await plant.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    // Done once: nothing is left to fill.
    expect(await backfillLossSplits(plant.db, () => NOW)).toBe(0);

    // The week's waterfall is as it was, but for the minute no stop explains, now a breakdown as stored.
    await plant.db
      .updateTable('shift_indexes')
      .set({ stopTime: odd.stopTime, breakdownTime: odd.breakdownTime })
      .where('lineID', '=', odd.lineID)
      .where('shiftStart', '=', odd.shiftStart)
      .execute();
    expect(await linesWaterfall(plant.db, lines, NOW - 7 * 86_400_000, NOW, NOW)).toEqual(week);
  }, 120_000);
});
