import type { Database } from '../../db/database';
import { updateRows, type RowChange, type WriteContext } from '../../db/writes';
import { COUNTED_LOSS_KINDS, withoutShare, type CountedStopMs } from '../../domain/losses';
import { effectiveAdjustedMs } from '../../domain/oee';
import { engineParameters, listLineSettings, type LineSettings, lineRangeInputs, loadLineRangeData } from '../engine';
import { startWhenConfigured, type RunnableJob } from '../../jobs/on-configured';
import type { Plant } from '../../plant';
import { loadLossKindOf } from './loss-kinds';

/**
 * The back-fill of the shift indexes' loss split (issue 29). A shift index closed before edge migration 0026 has its
 * counted stop time by loss kind (breakdownTime, setupTime, smallStopTime, notLineLossTime) null: the central copy
 * showed all of it as breakdowns, and the edge's waterfall computed such a shift from its stops. At start-up the edge
 * fills them, in batches of BACKFILL_BATCH rows (one short transaction each, the event loop free between them), until
 * none is left: once, since a filled row is never read again (a start with none left costs one query).
 *
 * Each row's split is computed as the shift close computes it (line-indicators.ts lineRangeInputs with the plant's
 * loss kinds, over the stops as stored now), and fitted to the row's own counted stop time (stopTime − its effective
 * adjustment), so the stored figures are left exactly as they were and the split always adds up to them: when the
 * stops as stored give more counted time than the row holds (a stop changed since, without the row being recomputed),
 * the surplus comes out of the kinds in proportion (domain/losses.ts withoutShare); when they give less, the time no
 * stop explains stays a breakdown, as the central copy showed it. The writes go through the chokepoint as the
 * system's (an outbox row each, so the central copy gets the split; no audit row: no person changed a figure).
 */

export const BACKFILL_BATCH = 200;

/** The split of a row's counted stop time, `computed` fitted to add up to `countedMs` exactly (whole ms). */
export function fittedSplit(computed: Readonly<CountedStopMs>, countedMs: number): CountedStopMs {
  const total = COUNTED_LOSS_KINDS.reduce((sum, kind) => sum + computed[kind], 0);
  if (total > countedMs) return withoutShare(computed, total - countedMs);
  return { ...computed, breakdown: computed.breakdown + (countedMs - total) };
}

const missingSplitQuery = (db: Database, after: { lineID: number; shiftStart: number }, batch: number) =>
  db
    .selectFrom('shift_indexes')
    .selectAll()
    .where('closed', '=', 1)
    .where((eb) =>
      eb.or([
        eb('breakdownTime', 'is', null),
        eb('setupTime', 'is', null),
        eb('smallStopTime', 'is', null),
        eb('notLineLossTime', 'is', null),
      ]),
    )
    .where((eb) =>
      eb.or([eb('lineID', '>', after.lineID), eb.and([eb('lineID', '=', after.lineID), eb('shiftStart', '>', after.shiftStart)])]),
    )
    .orderBy('lineID')
    .orderBy('shiftStart')
    .limit(batch);

/**
 * Fills the split of the closed shift indexes without one that come after `after` in (lineID, shiftStart) order, at most
 * `batch`, in one transaction. Answers how many it filled and the last key it looked at (null: none left).
 */
export async function backfillLossSplitBatch(
  db: Database,
  nowMs: number,
  after = { lineID: Number.MIN_SAFE_INTEGER, shiftStart: Number.MIN_SAFE_INTEGER },
  batch = BACKFILL_BATCH,
): Promise<{ filled: number; last: { lineID: number; shiftStart: number } | null }> {
  return db.transaction().execute(async (trx) => {
    const rows = await missingSplitQuery(trx, after, batch).execute();
    const lastRow = rows.at(-1);
    if (!lastRow) return { filled: 0, last: null };
    const { microStopSeconds } = await engineParameters(trx);
    const kindOf = await loadLossKindOf(trx);
    const lines = new Map<number, LineSettings>(
      (await listLineSettings(trx, { lineIDs: [...new Set(rows.map((row) => row.lineID))] })).map((line) => [line.lineID, line]),
    );
    const changes: RowChange<'shift_indexes'>[] = [];
    for (const row of rows) {
      const line = lines.get(row.lineID);
      let computed: CountedStopMs = { breakdown: 0, setup: 0, smallStop: 0, notLineLoss: 0 };
      if (line) {
        const data = await loadLineRangeData(trx, line, row.shiftStart, row.shiftEnd);
        computed = lineRangeInputs(data, { fromMs: row.shiftStart, toMs: row.shiftEnd }, nowMs, microStopSeconds, kindOf).countedStopMs!;
      }
      const countedMs = row.stopTime - effectiveAdjustedMs({ adjustedDiscountMs: row.adjustedDiscountTime, stopMs: row.stopTime });
      const split = fittedSplit(computed, countedMs);
      changes.push({
        key: { lineID: row.lineID, shiftStart: row.shiftStart },
        values: {
          breakdownTime: split.breakdown,
          setupTime: split.setup,
          smallStopTime: split.smallStop,
          notLineLossTime: split.notLineLoss,
        },
        current: row,
      });
    }
    const ctx: WriteContext = { userID: null, now: nowMs, action: 'loss split' };
    await updateRows(trx, 'shift_indexes', changes, ctx);
    return { filled: changes.length, last: { lineID: lastRow.lineID, shiftStart: lastRow.shiftStart } };
  });
}

/** Fills every missing split, batch after batch (the event loop free between them); answers how many rows it filled. */
export async function backfillLossSplits(
  db: Database,
  now: () => number,
  options: { stopped?: () => boolean; batch?: number } = {},
): Promise<number> {
  let filled = 0;
  let after: { lineID: number; shiftStart: number } | undefined;
  while (!options.stopped?.()) {
    const batch = await backfillLossSplitBatch(db, now(), after, options.batch);
    filled += batch.filled;
    if (!batch.last) break;
    after = batch.last;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return filled;
}

/** Soon after start, not in its first seconds (the acquisition and the jobs start then). */
const START_DELAY_MS = 5_000;

/** Starts the back-fill when the plant gets its database; `stop` ends it (between batches) before the database closes. */
export function attachLossSplitBackfill(plant: Plant): RunnableJob {
  return startWhenConfigured(plant, (db) => {
    const logger = plant.logger.child({ module: 'loss-split-backfill' });
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const run = () => {
      running = running.then(async () => {
        if (stopped) return;
        try {
          const filled = await backfillLossSplits(db, () => plant.now(), { stopped: () => stopped });
          if (filled > 0) logger.info({ filled }, 'Shift indexes given their stop time by loss kind');
        } catch (error) {
          logger.error({ err: error }, 'Back-fill of the shift indexes’ loss split failed');
        }
      });
      return running;
    };
    const first = setTimeout(() => void run(), START_DELAY_MS);
    first.unref();
    return {
      runNow: run,
      async stop() {
        stopped = true;
        clearTimeout(first);
        await running;
      },
    };
  });
}
