import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { shiftOf } from '../../domain/calendar';
import { summarizeStops, type SummaryStop } from '../../domain/stop-summary';
import { REASON, recognitionFields } from '../../domain/stops';
import type { SessionUser } from '../../http/session';
import { type EngineClock, applyLineEvents } from '../engine';
import {
  addLine,
  addOrder,
  addProduct,
  addReason,
  at,
  HOUR,
  MINUTE,
  openTestPlant,
  type TestPlant,
} from '../../../../test/support/test-plant';
import { stopSummary } from './stop-summary.service';
import { loadReasonBranch, loadReasonTree } from './stops.repository';
import { deleteStop, recognizeStops, splitStop, updateStop } from './stops.service';

const TZ = 'Europe/Madrid';
const T0 = at('2026-05-04T08:00:00+02:00');
const NOW = T0 + 10 * HOUR;
const clock: EngineClock = { nowMs: NOW, timeZone: TZ };
const supervisor: SessionUser = { userID: 'sup', roleID: 2, firstName: 'S', lastName: 'V' };
let plant: TestPlant;
let db: Database;

beforeEach(async () => {
  plant = await openTestPlant();
  db = plant.db;
  await addLine(db, { lineID: 1, manualStops: true });
  await addLine(db, { lineID: 2 });
  await addReason(db, { reasonID: 20, parentID: 7, reason: 'Almuerzo', discountOEE: true, color: '#123456' });
  await addReason(db, { reasonID: 30, parentID: 8, reason: 'Mecánica', isCategory: true, color: '#aa0000' });
  await addReason(db, { reasonID: 31, parentID: 30, reason: 'Rotura de cinta', pareto: true });
  await addReason(db, { reasonID: 32, parentID: 30, reason: 'Sólo línea 2', enabledForLine: [2] });
});
afterEach(async () => {
  await plant.close();
});

const manual = (startMs: number, endMs: number | null, extra: { reasonID?: number; lineID?: number } = {}) =>
  applyLineEvents(db, [{ type: 'manualStop', lineID: extra.lineID ?? 1, startMs, endMs, reasonID: extra.reasonID ?? null }], {
    nowMs: NOW,
    timeZone: TZ,
    userID: 'sup',
  });
const stopsOf = (lineID = 1) => db.selectFrom('stops').selectAll().where('lineID', '=', lineID).orderBy('startDate').execute();

describe('manual stops', () => {
  it('records a stop entered by hand, recognized at once when a reason is given, and refreshes its shift index', async () => {
    const result = await manual(T0, T0 + 30 * MINUTE, { reasonID: 31 });
    expect(result.manualStops[0]).toMatchObject({
      reasonID: 31,
      recognized: 1,
      path: 'No planificadas / Mecánica / Rotura de cinta',
      color: '#aa0000',
      rootID: 8,
      updatedBy: 'sup',
    });
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const index = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('lineID', '=', 1)
      .where('shiftStart', '=', tm.startMs)
      .executeTakeFirstOrThrow();
    expect(index).toMatchObject({ stopTime: 30 * MINUTE, failureCount: 1 });
  });

  it('refuses a stop that overlaps another stop of the line (409) and accepts one that only touches it', async () => {
    await manual(T0, T0 + 30 * MINUTE);
    await expect(manual(T0 + 29 * MINUTE, T0 + 40 * MINUTE)).rejects.toMatchObject({
      status: 409,
      messageKey: 'stops.overlap',
      params: { start: '2026-05-04 08:00:00', end: '2026-05-04 08:30:00' },
    });
    await expect(manual(T0 - 10 * MINUTE, T0 + HOUR)).rejects.toMatchObject({ status: 409 });
    await manual(T0 + 30 * MINUTE, T0 + 40 * MINUTE);
    await manual(T0 - 10 * MINUTE, T0);
    expect((await stopsOf()).map((s) => [s.startDate, s.endDate])).toEqual([
      [T0 - 10 * MINUTE, T0],
      [T0, T0 + 30 * MINUTE],
      [T0 + 30 * MINUTE, T0 + 40 * MINUTE],
    ]);
  });

  it('refuses an open stop while another is open, and any stop overlapping the stop in progress', async () => {
    await manual(T0, null);
    await expect(manual(T0 + HOUR, null)).rejects.toMatchObject({ status: 409 });
    await expect(manual(T0 + HOUR, T0 + 2 * HOUR)).rejects.toMatchObject({ status: 409 });
    await manual(T0 - HOUR, T0 - 30 * MINUTE);
  });

  it('refuses times in the future, an end before the start, and lines without the manual stops manager', async () => {
    await expect(manual(NOW + MINUTE, null)).rejects.toMatchObject({ status: 400, messageKey: 'stops.inFuture' });
    await expect(manual(T0, NOW + MINUTE)).rejects.toMatchObject({ status: 400, messageKey: 'stops.inFuture' });
    await expect(manual(T0, T0 - 1)).rejects.toMatchObject({ status: 400, messageKey: 'stops.endBeforeStart' });
    await expect(manual(T0, T0 + MINUTE, { lineID: 2 })).rejects.toMatchObject({ status: 409, messageKey: 'stops.manualDisabled' });
    expect(await stopsOf()).toHaveLength(0);
  });

  it('edits the times of a manual stop under the same overlap rule, and deletes a closed one', async () => {
    const [first] = (await manual(T0, T0 + 10 * MINUTE)).manualStops;
    const [second] = (await manual(T0 + 20 * MINUTE, T0 + 30 * MINUTE)).manualStops;
    await expect(updateStop(db, second!.stopID, { startMs: T0 + 5 * MINUTE }, clock, supervisor)).rejects.toMatchObject({ status: 409 });
    const moved = await updateStop(db, second!.stopID, { startMs: T0 + 10 * MINUTE, observation: 'cinta' }, clock, supervisor);
    expect(moved).toMatchObject({ startDate: T0 + 10 * MINUTE, observation: 'cinta', updatedBy: 'sup' });
    await deleteStop(db, first!.stopID, clock, supervisor);
    expect((await stopsOf()).map((s) => s.stopID)).toEqual([second!.stopID]);
    const [open] = (await manual(T0 + HOUR, null)).manualStops;
    await expect(deleteStop(db, open!.stopID, clock, supervisor)).rejects.toMatchObject({
      status: 409,
      messageKey: 'stops.openNotDeletable',
    });
  });
});

describe('recognition', () => {
  it('takes reason, root, path, inherited colour, pareto and discountOEE from the reason tree, and recomputes the indexes', async () => {
    const [stop] = (await manual(T0, T0 + 30 * MINUTE)).manualStops;
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const [recognized] = await recognizeStops(db, { stopIDs: [stop!.stopID], reasonID: 20, observation: 'comedor' }, supervisor, clock);
    expect(recognized).toMatchObject({
      reasonID: 20,
      reason: 'Almuerzo',
      rootID: 7,
      root: 'Planificadas',
      path: 'Planificadas / Almuerzo',
      color: '#123456',
      pareto: 0,
      discountOEE: 1,
      recognized: 1,
      observation: 'comedor',
      updatedBy: 'sup',
    });
    const index = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('lineID', '=', 1)
      .where('shiftStart', '=', tm.startMs)
      .executeTakeFirstOrThrow();
    expect(index).toMatchObject({ discountTime: 30 * MINUTE, stopTime: 0, failureCount: 0 });
  });

  it('recognizes from a reason’s branch of the tree as from the whole tree', async () => {
    const { tree } = await loadReasonTree(db);
    for (const reasonID of [REASON.MICROSTOP, REASON.OPC_DISCONNECTED, 20, 31]) {
      const branch = await loadReasonBranch(db, reasonID);
      expect(recognitionFields(reasonID, branch)).toEqual(recognitionFields(reasonID, tree));
    }
    expect([...(await loadReasonBranch(db, 31)).keys()].sort((a, b) => a - b)).toEqual([1, 8, 30, 31]);
    expect((await loadReasonBranch(db, 999)).size).toBe(0);
  });

  it('refuses a category and a reason not enabled for the stop’s line, leaving the stop as it was', async () => {
    const [stop] = (await manual(T0, T0 + 30 * MINUTE)).manualStops;
    await expect(recognizeStops(db, { stopIDs: [stop!.stopID], reasonID: 30 }, supervisor, clock)).rejects.toMatchObject({
      status: 400,
      messageKey: 'stops.reasonIsCategory',
    });
    await expect(recognizeStops(db, { stopIDs: [stop!.stopID], reasonID: 32 }, supervisor, clock)).rejects.toMatchObject({
      status: 400,
      messageKey: 'stops.reasonNotForLine',
    });
    await expect(recognizeStops(db, { stopIDs: [stop!.stopID], reasonID: 999 }, supervisor, clock)).rejects.toMatchObject({
      status: 400,
      messageKey: 'stops.reasonNotFound',
    });
    expect((await stopsOf())[0]).toMatchObject({ recognized: 0, reasonID: null, updatedBy: 'sup' });
  });
});

describe('split', () => {
  const start = T0 + 20_000;
  const end = start + 60 * MINUTE;
  let stopID: number;
  beforeEach(async () => {
    stopID = (await manual(start, end, { reasonID: 31 })).manualStops[0]!.stopID;
  });
  const split = (newStartMs: number | null, newEndMs: number | null, id = stopID) =>
    splitStop(db, { stopID: id, newStartMs, newEndMs }, supervisor, clock);
  const pieces = async () =>
    (await stopsOf()).map((s) => ({ id: s.stopID, start: s.startDate, end: s.endDate, reasonID: s.reasonID, split: s.split }));

  it('cuts the head: the original keeps the head with its recognition, the selected rest is a new unrecognized stop', async () => {
    await split(start + 10 * MINUTE, null);
    expect(await pieces()).toEqual([
      { id: stopID, start, end: start + 10 * MINUTE, reasonID: 31, split: 1 },
      { id: expect.any(Number), start: start + 10 * MINUTE, end, reasonID: null, split: 1 },
    ]);
  });

  it('cuts the tail only: the selected head is new, the original keeps the tail', async () => {
    await split(null, start + 15 * MINUTE);
    const [head, tail] = await pieces();
    expect(head).toMatchObject({ start, end: start + 15 * MINUTE, reasonID: null });
    expect(tail).toMatchObject({ id: stopID, start: start + 15 * MINUTE, end, reasonID: 31 });
  });

  it('cuts both ends: three pieces, the new tail keeps the original recognition', async () => {
    await split(start + 10 * MINUTE, start + 20 * MINUTE);
    expect((await pieces()).map((p) => [p.id === stopID, p.start, p.end, p.reasonID])).toEqual([
      [true, start, start + 10 * MINUTE, 31],
      [false, start + 10 * MINUTE, start + 20 * MINUTE, null],
      [false, start + 20 * MINUTE, end, 31],
    ]);
  });

  it('accepts every limit: new start at the start truncated to the minute, new end at the stop’s end', async () => {
    const truncated = Math.floor(start / MINUTE) * MINUTE;
    await split(truncated, start + 5 * MINUTE);
    expect((await pieces()).map((p) => [p.start, p.end])).toEqual([
      [start, start + 5 * MINUTE],
      [start + 5 * MINUTE, end],
    ]);
    const [, rest] = await pieces();
    await split(start + 30 * MINUTE, end, rest!.id);
    expect((await pieces()).map((p) => [p.start, p.end])).toEqual([
      [start, start + 5 * MINUTE],
      [start + 5 * MINUTE, start + 30 * MINUTE],
      [start + 30 * MINUTE, end],
    ]);
  });

  it('refuses a start before the truncated minute or at the end, an end beyond the stop or not after the start, and a cut that divides nothing', async () => {
    const before = await pieces();
    const truncated = Math.floor(start / MINUTE) * MINUTE;
    await expect(split(truncated - 1, null)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidStart' });
    await expect(split(end, null)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidStart' });
    await expect(split(null, end + 1)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidEnd' });
    await expect(split(start + 10 * MINUTE, start + 10 * MINUTE)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidEnd' });
    await expect(split(start + 10 * MINUTE, start + 5 * MINUTE)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidStart' });
    await expect(split(null, end)).rejects.toMatchObject({ status: 400, messageKey: 'split.nothingToSplit' });
    await expect(split(null, null)).rejects.toMatchObject({ status: 400, messageKey: 'split.nothingToSplit' });
    expect(await pieces()).toEqual(before);
  });

  it('splits a stop in progress only at its start: the open part becomes the new stop, its end cannot be set', async () => {
    const [open] = (await manual(T0 + 2 * HOUR, null)).manualStops;
    await expect(split(null, T0 + 3 * HOUR, open!.stopID)).rejects.toMatchObject({ status: 400, messageKey: 'split.invalidEnd' });
    await split(T0 + 3 * HOUR, null, open!.stopID);
    const rows = (await stopsOf()).filter((s) => s.startDate >= T0 + 2 * HOUR);
    expect(rows.map((s) => [s.stopID === open!.stopID, s.startDate, s.endDate])).toEqual([
      [true, T0 + 2 * HOUR, T0 + 3 * HOUR],
      [false, T0 + 3 * HOUR, null],
    ]);
  });

  it('limits the cuts of a stop with a maintenance call to start plus its declaring time', async () => {
    await db.updateTable('stops').set({ declaringTime: 10 }).where('stopID', '=', stopID).execute();
    await db.insertInto('maintenance_calls').values({ resourceLineID: 1, stopID, status: 2, callDate: start }).execute();
    await expect(split(start + 11 * MINUTE, null)).rejects.toMatchObject({ messageKey: 'split.invalidStart' });
    await expect(split(null, start + 11 * MINUTE)).rejects.toMatchObject({ messageKey: 'split.invalidEnd' });
    await split(start + 5 * MINUTE, start + 10 * MINUTE);
    expect(await pieces()).toHaveLength(3);
  });

  it('writes every piece through the chokepoint (audit action split) and recomputes the shift index, the event still one failure', async () => {
    await split(start + 10 * MINUTE, null);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'userID'])
      .where('entity', '=', 'stops')
      .where('action', '=', 'split')
      .execute();
    expect(audit).toEqual([
      { action: 'split', userID: 'sup' },
      { action: 'split', userID: 'sup' },
    ]);
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const index = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('lineID', '=', 1)
      .where('shiftStart', '=', tm.startMs)
      .executeTakeFirstOrThrow();
    // A split relabels one event: it stays one failure (domain stopTimeTotals).
    expect(index.failureCount).toBe(1);
  });
});

describe('stop summary', () => {
  it('equals the domain summary of every stop clipped to the range, with edges, open stops and filters', async () => {
    await addLine(db, { lineID: 3 });
    await addProduct(db, 'P1');
    await addOrder(db, '300-0', 3, { productCode: 'P1' });
    await db
      .updateTable('orders')
      .set({ status: 2, startDate: T0 - 5 * HOUR, endDate: T0 + 3 * HOUR })
      .execute();
    const { tree } = await loadReasonTree(db);
    const reasons = [null, 20, 31, REASON.MICROSTOP];
    let cursor = T0 - 6 * HOUR;
    for (let i = 0; i < 300; i += 1) {
      const startMs = cursor + ((i * 7919) % 180) * 1000;
      const endMs = i === 299 ? null : startMs + ((i * 104_729) % 900) * 1000;
      const reasonID = reasons[i % reasons.length]!;
      const fields = reasonID === null ? null : recognitionFields(reasonID, tree);
      await db
        .insertInto('stops')
        .values({
          lineID: 3,
          startDate: startMs,
          endDate: endMs,
          order: startMs < T0 + 3 * HOUR ? '300-0' : null,
          reasonID,
          rootID: fields?.rootID ?? null,
          path: fields?.path ?? null,
          reason: fields?.reason ?? null,
          color: fields?.color ?? null,
          pareto: fields?.pareto ? 1 : 0,
          recognized: fields ? 1 : 0,
        })
        .execute();
      cursor = endMs ?? startMs;
    }
    const all = await db.selectFrom('stops').selectAll().where('lineID', '=', 3).execute();
    const asSummaryStops = (rows: typeof all): SummaryStop[] =>
      rows.map((s) => ({ startMs: s.startDate, endMs: s.endDate, path: s.path, reason: s.reason, color: s.color, pareto: s.pareto === 1 }));
    const now = cursor + HOUR;
    for (const [fromMs, toMs] of [
      [T0 - 2 * HOUR + 17_000, T0 + 4 * HOUR + 3_000],
      [T0 - 7 * HOUR, now + HOUR],
      [T0, T0 + 1],
    ] as const) {
      for (const level of [1, 2, 'all'] as const) {
        const expected = summarizeStops(asSummaryStops(all), { fromMs, toMs, nowMs: now, level });
        const actual = await stopSummary(db, { lineID: 3, fromMs, toMs, level }, now);
        expect(actual.byPath).toEqual(
          expected.byPath.map((row) => ({
            path: row.path,
            duration: Math.round(row.durationMinutes * 100) / 100,
            stopCount: row.stopCount,
            percent: row.share,
          })),
        );
        expect(actual.totalMinutes).toBe(Math.round(expected.totalMinutes * 100) / 100);
      }
    }
    const fromMs = T0 - 2 * HOUR;
    const toMs = T0 + 6 * HOUR;
    const byRoot = await stopSummary(db, { lineID: 3, fromMs, toMs, level: 'all', rootID: 8 }, now);
    expect(byRoot.byPath.map((row) => row.path)).toEqual(['No planificadas / Mecánica / Rotura de cinta']);
    const expectedProduct = summarizeStops(asSummaryStops(all.filter((s) => s.order === '300-0')), { fromMs, toMs, nowMs: now, level: 1 });
    const byProduct = await stopSummary(db, { lineID: 3, fromMs, toMs, level: 1, productCode: 'P1' }, now);
    expect(byProduct.byPath.map((row) => row.stopCount)).toEqual(expectedProduct.byPath.map((row) => row.stopCount));
    const sector = await stopSummary(db, { sectorID: 1, fromMs, toMs, level: 1 }, now);
    expect(sector.totalMinutes).toBe((await stopSummary(db, { lineID: 3, fromMs, toMs, level: 1 }, now)).totalMinutes);
  });
});
