import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { CalendarPattern, WorkCalendar } from '../../domain/work-calendar';
import {
  addLine,
  addOrder,
  addProduct,
  at,
  HOUR,
  MINUTE,
  openTestPlant,
  seenSince,
  type TestPlant,
} from '../../../../test/support/test-plant';
import { savePlantCalendar } from '../calendar/calendar.service';
import { lineCalendars } from '../calendar/line-calendars';
import { closeDueShifts, recalculateAllOrders, recalculateAllShiftIndexes, refreshOpenIndexes, type EngineClock } from './indexes.service';
import { fillShiftIndexProductionDays } from './production-day-fill';

/**
 * The engine follows the plant's work calendar (issue 29): shift indexes are the calendar's shifts, only scheduled
 * time is planned (breaks discounted), stops are clipped to the schedule and what is made outside it is booked as
 * unscheduled production.
 */

const TZ = 'Europe/Madrid';
const ctx = { userID: null, now: at('2026-01-01T00:00:00Z') };

/** Two 12-hour shifts from 07:00, Monday to Friday, a 30-minute break at 12:00 in the day shift. */
const TWO_TWELVES: CalendarPattern = {
  shifts: [
    { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
    { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: null },
  ],
  breaks: [{ shiftCode: 'D', start: '12:00', minutes: 30 }],
  weekdays: [1, 2, 3, 4, 5],
};

/** The default calendar's three 8-hour shifts, from 06:00, Monday to Friday. */
const THREE_EIGHTS: CalendarPattern = {
  shifts: [
    { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00', end: null },
    { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00', end: null },
    { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '22:00', end: null },
  ],
  breaks: [],
  weekdays: [1, 2, 3, 4, 5],
};

const CALENDAR: WorkCalendar = {
  versions: [{ effectiveFrom: '2026-01-01', pattern: TWO_TWELVES }],
  exceptions: [
    // Thursday 14 May: a holiday. Saturday 9 May: the day shift is worked (an extra shift).
    { date: '2026-05-14', kind: 'holiday' },
    { date: '2026-05-09', kind: 'extraShift', shiftCode: 'D' },
  ],
};

let plant: TestPlant;
let db: Database;

beforeEach(async () => {
  plant = await openTestPlant();
  db = plant.db;
});
afterEach(async () => {
  await plant.close();
});

const clockAt = (nowMs: number): EngineClock => ({ nowMs, timeZone: TZ });

async function stop(lineID: number, startMs: number, endMs: number | null, options: { discountOEE?: boolean } = {}) {
  await db
    .insertInto('stops')
    .values({ lineID, startDate: startMs, endDate: endMs, discountOEE: options.discountOEE ? 1 : 0, recognized: 0 })
    .execute();
}

async function produce(lineID: number, minuteStart: number, order: string | null, units: number, discards = 0) {
  await db.insertInto('production_minutes').values({ lineID, minuteStart, order, units, discards }).execute();
}

const shiftRows = (lineID: number) =>
  db.selectFrom('shift_indexes').selectAll().where('lineID', '=', lineID).orderBy('shiftStart').execute();
const shiftRow = async (lineID: number, iso: string) =>
  (await shiftRows(lineID)).find((row) => row.shiftStart === at(iso)) ?? expect.fail(`no shift index of line ${lineID} at ${iso}`);

describe('the engine on a calendar of two 12-hour shifts from 07:00, Monday to Friday', () => {
  beforeEach(async () => {
    await savePlantCalendar(db, CALENDAR, ctx);
    await addLine(db, { lineID: 1 });
    await seenSince(db, 1, at('2026-05-04T07:00:00+02:00'));
  });

  it("stores the calendar's shifts (codes, starts, lengths) and plans only scheduled time, the break discounted", async () => {
    await closeDueShifts(db, clockAt(at('2026-05-06T07:00:00+02:00')));
    const rows = await shiftRows(1);
    expect(rows.map((row) => [row.shiftCode, new Date(row.shiftStart).toISOString(), (row.shiftEnd - row.shiftStart) / HOUR])).toEqual([
      ['D', '2026-05-04T05:00:00.000Z', 12],
      ['N', '2026-05-04T17:00:00.000Z', 12],
      ['D', '2026-05-05T05:00:00.000Z', 12],
      ['N', '2026-05-05T17:00:00.000Z', 12],
    ]);
    expect(rows[0]).toMatchObject({ staffedTime: 12 * HOUR, discountTime: 30 * MINUTE, staffedTimeCorrect: 11.5 * HOUR, closed: 1 });
    expect(rows[1]).toMatchObject({ staffedTime: 12 * HOUR, discountTime: 0, runtime: 12 * HOUR, unscheduledRuntime: 0 });
  });

  it('counts a stop across the break only outside it, never discounting the break twice', async () => {
    await stop(1, at('2026-05-04T11:50:00+02:00'), at('2026-05-04T12:40:00+02:00'));
    await stop(1, at('2026-05-04T12:10:00+02:00') + 20 * MINUTE + 30 * MINUTE, at('2026-05-04T13:30:00+02:00'), { discountOEE: true });
    await closeDueShifts(db, clockAt(at('2026-05-05T07:00:00+02:00')));
    expect(await shiftRow(1, '2026-05-04T07:00:00+02:00')).toMatchObject({
      staffedTime: 12 * HOUR,
      // The break's 30 minutes and the discounted stop's 30 minutes (13:00–13:30, after the other stop ended).
      discountTime: 60 * MINUTE,
      stopTime: 20 * MINUTE,
      failureTime: 20 * MINUTE,
      failureCount: 1,
      runtime: 12 * HOUR - 80 * MINUTE,
    });
  });

  it('clips a stop running into the weekend at the schedule for OEE, and keeps the stop whole in the stop list', async () => {
    // Friday's night shift runs to Saturday 07:00; the weekend after is not worked.
    await stop(1, at('2026-05-16T06:00:00+02:00'), at('2026-05-16T09:00:00+02:00'));
    // A stop from Sunday night into Monday's day shift is a failure of Monday, from 07:00.
    await stop(1, at('2026-05-17T23:00:00+02:00'), at('2026-05-18T08:00:00+02:00'));
    await closeDueShifts(db, clockAt(at('2026-05-18T19:00:00+02:00')));
    expect(await shiftRow(1, '2026-05-15T19:00:00+02:00')).toMatchObject({
      staffedTime: 12 * HOUR,
      stopTime: HOUR,
      failureCount: 1,
      discountShift: 0,
    });
    expect(await shiftRow(1, '2026-05-16T07:00:00+02:00')).toMatchObject({
      staffedTime: 0,
      stopTime: 0,
      failureCount: 0,
      discountShift: 12 * HOUR,
      // Known and not stopped outside the schedule: 07:00–09:00 was the stop, the other 10 hours it ran.
      unscheduledRuntime: 10 * HOUR,
    });
    expect(await shiftRow(1, '2026-05-17T19:00:00+02:00')).toMatchObject({ staffedTime: 0, stopTime: 0, failureCount: 0 });
    expect(await shiftRow(1, '2026-05-18T07:00:00+02:00')).toMatchObject({
      staffedTime: 12 * HOUR,
      stopTime: HOUR,
      failureTime: HOUR,
      failureCount: 1,
    });
    const stops = await db.selectFrom('stops').select(['startDate', 'endDate']).orderBy('startDate').execute();
    expect(stops).toEqual([
      { startDate: at('2026-05-16T06:00:00+02:00'), endDate: at('2026-05-16T09:00:00+02:00') },
      { startDate: at('2026-05-17T23:00:00+02:00'), endDate: at('2026-05-18T08:00:00+02:00') },
    ]);
  });

  it('plans the extra Saturday shift (with its break) and nothing of the Saturday night', async () => {
    await closeDueShifts(db, clockAt(at('2026-05-10T07:00:00+02:00')));
    expect(await shiftRow(1, '2026-05-09T07:00:00+02:00')).toMatchObject({ staffedTime: 12 * HOUR, discountTime: 30 * MINUTE });
    expect(await shiftRow(1, '2026-05-09T19:00:00+02:00')).toMatchObject({ staffedTime: 0, discountShift: 12 * HOUR });
  });

  it('books production on a holiday as unscheduled, never lost: on the shift, on the order and in its quantities', async () => {
    await addLine(db, { lineID: 2, managesOrders: true });
    await addProduct(db, 'P1', { 2: 10 }, 0.9);
    await addOrder(db, 'H-1', 2, { productCode: 'P1' });
    await db
      .updateTable('orders')
      .set({ status: 2, startDate: at('2026-05-14T09:00:00+02:00'), endDate: at('2026-05-14T11:00:00+02:00') })
      .where('order', '=', 'H-1')
      .execute();
    for (let m = 0; m < 10; m += 1) {
      await produce(1, at('2026-05-14T10:00:00+02:00') + m * MINUTE, null, 10, m === 0 ? 2 : 0);
      await produce(2, at('2026-05-14T10:00:00+02:00') + m * MINUTE, 'H-1', 5);
    }
    await stop(1, at('2026-05-14T15:00:00+02:00'), at('2026-05-14T16:00:00+02:00'));
    await closeDueShifts(db, clockAt(at('2026-05-15T07:00:00+02:00')));
    await recalculateAllOrders(db, clockAt(at('2026-05-15T07:00:00+02:00')), null);
    expect(await shiftRow(1, '2026-05-14T07:00:00+02:00')).toMatchObject({
      staffedTime: 0,
      productionQuantity: 0,
      unscheduledQuantity: 100,
      unscheduledDiscards: 2,
      unscheduledRuntime: 11 * HOUR,
      oee: null,
    });
    expect(await shiftRow(2, '2026-05-14T07:00:00+02:00')).toMatchObject({ productionQuantity: 0, unscheduledQuantity: 50 });
    const order = await db.selectFrom('order_indexes').selectAll().where('order', '=', 'H-1').executeTakeFirstOrThrow();
    expect(order).toMatchObject({ staffedTime: 0, productionQuantity: 0, unscheduledQuantity: 50, unscheduledRuntime: 2 * HOUR });
    const quantities = await db.selectFrom('orders').select(['productionQuantity']).where('order', '=', 'H-1').executeTakeFirstOrThrow();
    expect(quantities.productionQuantity).toBe(50);
  });

  it('applies a calendar change from its date; what was stored before keeps its shifts until a recalculation of its days', async () => {
    await closeDueShifts(db, clockAt(at('2026-05-19T07:00:00+02:00')));
    const before = await shiftRow(1, '2026-05-18T07:00:00+02:00');
    expect(before.shiftCode).toBe('D');
    // From 20 May the plant works three 8-hour shifts; 19 May's night shift ends where 20 May starts, at 06:00.
    await savePlantCalendar(
      db,
      { ...CALENDAR, versions: [...CALENDAR.versions, { effectiveFrom: '2026-05-20', pattern: THREE_EIGHTS }] },
      ctx,
    );
    await closeDueShifts(db, clockAt(at('2026-05-21T06:00:00+02:00')));
    const after = (await shiftRows(1)).filter((row) => row.shiftStart >= at('2026-05-19T07:00:00+02:00'));
    expect(after.map((row) => [row.shiftCode, (row.shiftEnd - row.shiftStart) / HOUR])).toEqual([
      ['D', 12],
      ['N', 11],
      ['TM', 8],
      ['TT', 8],
      ['TN', 8],
    ]);
    // A version in force from 18 May instead: the stored 18 May stays as computed until it is recalculated.
    await savePlantCalendar(
      db,
      { ...CALENDAR, versions: [...CALENDAR.versions, { effectiveFrom: '2026-05-18', pattern: THREE_EIGHTS }] },
      ctx,
    );
    await closeDueShifts(db, clockAt(at('2026-05-21T07:00:00+02:00')));
    expect(await shiftRow(1, '2026-05-18T07:00:00+02:00')).toEqual(before);
    const result = await recalculateAllShiftIndexes(db, clockAt(at('2026-05-21T07:00:00+02:00')), 'admin', {
      from: '2026-05-18',
      to: '2026-05-18',
    });
    expect(result.count).toBe(3);
    const recalculated = (await shiftRows(1)).filter(
      (row) => row.shiftStart >= at('2026-05-18T00:00:00+02:00') && row.shiftStart < at('2026-05-19T06:00:00+02:00'),
    );
    expect(recalculated.map((row) => [row.shiftCode, new Date(row.shiftStart).toISOString()])).toEqual([
      ['TM', '2026-05-18T04:00:00.000Z'],
      ['TT', '2026-05-18T12:00:00.000Z'],
      ['TN', '2026-05-18T20:00:00.000Z'],
    ]);
  });

  it("a change that moves the current shift leaves one open shift index, of the new bounds: the old bounds' row goes, the shifts tile time again", async () => {
    // Tuesday 19 May, 10:00: the night shift is closed (19:00–07:00) and the day shift open since 07:00.
    for (let m = 0; m < 60; m += 1) await produce(1, at('2026-05-19T06:00:00+02:00') + m * MINUTE, null, 1);
    for (let m = 0; m < 60; m += 1) await produce(1, at('2026-05-19T08:00:00+02:00') + m * MINUTE, null, 2);
    await closeDueShifts(db, clockAt(at('2026-05-19T10:00:00+02:00')));
    await refreshOpenIndexes(db, clockAt(at('2026-05-19T10:00:00+02:00')));
    const openRows = async () =>
      (await shiftRows(1)).filter((row) => row.closed === 0).map((row) => [row.shiftCode, new Date(row.shiftStart).toISOString()]);
    expect(await openRows()).toEqual([['D', '2026-05-19T05:00:00.000Z']]);
    // From today on, three 8-hour shifts: the current shift is TM since 06:00, and last night's ends at 06:00.
    await savePlantCalendar(
      db,
      { ...CALENDAR, versions: [...CALENDAR.versions, { effectiveFrom: '2026-05-19', pattern: THREE_EIGHTS }] },
      ctx,
    );
    await refreshOpenIndexes(db, clockAt(at('2026-05-19T10:01:00+02:00')));
    expect(await openRows()).toEqual([['TM', '2026-05-19T04:00:00.000Z']]);
    const rows = (await shiftRows(1)).filter((row) => row.shiftStart >= at('2026-05-18T19:00:00+02:00'));
    expect(
      rows.map((row) => [row.shiftCode, new Date(row.shiftStart).toISOString(), new Date(row.shiftEnd).toISOString(), row.closed]),
    ).toEqual([
      ['N', '2026-05-18T17:00:00.000Z', '2026-05-19T04:00:00.000Z', 1],
      ['TM', '2026-05-19T04:00:00.000Z', '2026-05-19T12:00:00.000Z', 0],
    ]);
    // Every unit made counted once: the hour from 06:00 now belongs to TM.
    expect(rows.map((row) => row.productionQuantity + row.unscheduledQuantity)).toEqual([0, 180]);
    // Nothing more to do on the next pass, and the shift close goes on from there.
    await refreshOpenIndexes(db, clockAt(at('2026-05-19T10:02:00+02:00')));
    expect(await openRows()).toEqual([['TM', '2026-05-19T04:00:00.000Z']]);
    await closeDueShifts(db, clockAt(at('2026-05-19T14:00:30+02:00')));
    await refreshOpenIndexes(db, clockAt(at('2026-05-19T14:00:30+02:00')));
    expect(await openRows()).toEqual([['TT', '2026-05-19T12:00:00.000Z']]);
  });

  it("stores each shift's production day with it; rows of before edge migration 0029 are given the day of the calendar in force, once", async () => {
    await closeDueShifts(db, clockAt(at('2026-05-06T07:00:00+02:00')));
    const days = (await shiftRows(1)).map((row) => [row.shiftCode, row.productionDay]);
    // The night shift from 19:00 belongs to the day it starts on (the day starts at 07:00).
    expect(days).toEqual([
      ['D', '2026-05-04'],
      ['N', '2026-05-04'],
      ['D', '2026-05-05'],
      ['N', '2026-05-05'],
    ]);
    // As an upgraded database has them: no stored day.
    await db.updateTable('shift_indexes').set({ productionDay: null }).execute();
    expect(await fillShiftIndexProductionDays(db, TZ)).toBe(4);
    expect((await shiftRows(1)).map((row) => [row.shiftCode, row.productionDay])).toEqual(days);
    expect(await fillShiftIndexProductionDays(db, TZ)).toBe(0);
  });

  it('reads the calendars once and again only after one is written', async () => {
    const first = await lineCalendars(db);
    expect(await lineCalendars(db)).toBe(first);
    expect(await db.transaction().execute((trx) => lineCalendars(trx))).toBe(first);
    await savePlantCalendar(db, { ...CALENDAR, exceptions: [] }, ctx);
    const second = await lineCalendars(db);
    expect(second).not.toBe(first);
    expect(second.of(1).exceptions).toEqual([]);
  });
});

describe('the engine on a calendar of two 12-hour shifts from 07:00 every day, across DST in Europe/Madrid', () => {
  beforeEach(async () => {
    await savePlantCalendar(
      db,
      { versions: [{ effectiveFrom: '2026-01-01', pattern: { ...TWO_TWELVES, weekdays: [1, 2, 3, 4, 5, 6, 7] } }], exceptions: [] },
      ctx,
    );
    await addLine(db, { lineID: 1 });
  });

  it('gives the night shift into the spring change 11 hours, all planned', async () => {
    await seenSince(db, 1, at('2026-03-28T07:00:00+01:00'));
    await closeDueShifts(db, clockAt(at('2026-03-29T19:00:00+02:00')));
    expect(await shiftRow(1, '2026-03-28T19:00:00+01:00')).toMatchObject({
      shiftCode: 'N',
      shiftEnd: at('2026-03-29T07:00:00+02:00'),
      staffedTime: 11 * HOUR,
      discountShift: 0,
    });
  });

  it('gives the night shift into the autumn change 13 hours, all planned', async () => {
    await seenSince(db, 1, at('2026-10-24T07:00:00+02:00'));
    await closeDueShifts(db, clockAt(at('2026-10-25T19:00:00+01:00')));
    await refreshOpenIndexes(db, clockAt(at('2026-10-25T19:00:00+01:00')));
    expect(await shiftRow(1, '2026-10-24T19:00:00+02:00')).toMatchObject({
      shiftCode: 'N',
      shiftEnd: at('2026-10-25T07:00:00+01:00'),
      staffedTime: 13 * HOUR,
      discountShift: 0,
    });
  });
});
