import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, HOUR, MINUTE, seenSince } from '../../../../test/support/test-plant';
import { ENGINE_TZ, expectError, type EngineEdge } from '../../../../test/support/engine-edge';
import { recalculateAllShiftIndexes, refreshOpenIndexes } from '../engine';
import { OVERVIEW_T0, startOverviewPlant } from '../../../../test/support/overview-plant';
import { beaconOf } from './line-overview.service';

const T0 = OVERVIEW_T0;
let e: EngineEdge;

beforeEach(async () => {
  e = await startOverviewPlant();
});
afterEach(async () => {
  await e.close();
});

const status = (lineID: number) =>
  e.t.call('GET', '/api/resources/status/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: String(lineID) } });

describe('beacon', () => {
  it('is amber while a maintenance call is not finished, else green running, red stopped, white unknown', () => {
    expect(beaconOf(1, false)).toBe('green');
    expect(beaconOf(0, false)).toBe('red');
    expect(beaconOf(null, false)).toBe('white');
    expect(beaconOf(undefined, false)).toBe('white');
    expect(beaconOf(1, true)).toBe('amber');
    expect(beaconOf(null, true)).toBe('amber');
  });
});

describe('GET /api/resources/status/get', () => {
  it('answers the line overview: description, target of the running product, order progress and indicators, the stop in progress', async () => {
    const result = await status(1);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      lineID: 1,
      description: 'Envasadora 1',
      targetOEE: 85,
      targetSummary: 4000,
      beacon: 'red',
      running: false,
      callData: null,
      stopData: { startDate: '2026-05-04T08:30:00.000+02:00', duration: 90, recognized: false, reason: null },
      orderData: {
        order: '100-0',
        productionQuantity: 300,
        discardQuantity: 30,
        desiredProductionQuantity: 2000,
        progress: 0.15,
        utilization: 0.25,
        acceptance: 0.9,
      },
      shiftData: { code: 'TM', start: '2026-05-04T06:00:00.000+02:00', utilization: 0.25 },
    });
  });

  it('shows green for a running line, white for a line never seen or unknown, amber during a maintenance call until it is finished', async () => {
    expect((await status(2)).body.beacon).toBe('green');
    expect((await status(3)).body).toMatchObject({ beacon: 'white', running: null, orderData: null, stopData: null });
    await e.events([{ type: 'lineState', lineID: 2, atMs: e.clock.now, running: null }]);
    expect((await status(2)).body.beacon).toBe('white');
    await e.db
      .insertInto('maintenance_calls')
      .values({ resourceLineID: 2, status: 1, callDate: e.clock.now - 12 * MINUTE, callReason: 'Motor' })
      .execute();
    const amber = await status(2);
    expect(amber.body).toMatchObject({ beacon: 'amber', callData: { status: 1, callReason: 'Motor', minutes: 12, overLimit: true } });
    await e.db.updateTable('maintenance_calls').set({ status: 2 }).execute();
    expect((await status(2)).body.beacon).toBe('white');
  });

  it('answers 404 for an unknown line, 400 without a line, 401 without a session', async () => {
    expectError(await status(42), 404);
    expectError(await e.t.call('GET', '/api/resources/status/get', { token: e.tokens[ROLE.OPERATOR] }), 400);
    expectError(await e.t.call('GET', '/api/resources/status/get', { query: { lineID: '1' } }), 401);
  });
});

describe('GET /api/indicators/get', () => {
  it('answers the shift, each shift of the plant day, the day, the Ready order and prevOrderEndDate', async () => {
    const result = await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.CONSULTANT], query: { lineID: '1' } });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      lineID: 1,
      indicadorPorTurno: false,
      order: {
        order: '100-0',
        startDate: '2026-05-04T08:00:00.000+02:00',
        utilization: 0.25,
        throughput: 1,
        acceptance: 0.9,
        mtbf: 30,
        mttr: 90,
        aboveNominalSpeed: false,
      },
      shift: { code: 'TM', utilization: 0.25, aboveNominalSpeed: false },
      day: { code: 'TO', start: '2026-05-04T06:00:00.000+02:00', end: '2026-05-05T06:00:00.000+02:00', utilization: 0.25 },
      prevOrderEndDate: null,
    });
    expect(result.body.order.oee).toBeCloseTo(0.25 * 0.9, 12);
    // No mixed 'values': the gauges show the shift's figure under its caption and the order's under the order's.
    expect(result.body).not.toHaveProperty('values');
    expect(result.body.perShift.map((s: { code: string; utilization: number | null }) => [s.code, s.utilization])).toEqual([
      ['TM', 0.25],
      ['TT', null],
      ['TN', null],
    ]);
  });

  it('answers the units the shift made with no order running, beside its figures (issue 25: never dropped)', async () => {
    const shiftOf = async () =>
      (await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '1' } })).body.shift;
    expect(await shiftOf()).toMatchObject({ unstaffedQuantity: 0, unstaffedDiscards: 0 });
    // Order 100-0 ends at 09:00; the line then counts 40 units and 4 discards with no order until 09:10.
    await e.events([
      { type: 'orderFinished', lineID: 1, atMs: OVERVIEW_T0 + HOUR, order: '100-0' },
      { type: 'lineState', lineID: 1, atMs: OVERVIEW_T0 + HOUR, running: true },
      { type: 'counters', lineID: 1, atMs: OVERVIEW_T0 + HOUR, units: 300, discards: 30 },
      { type: 'counters', lineID: 1, atMs: OVERVIEW_T0 + 70 * MINUTE, units: 340, discards: 34 },
    ]);
    const shift = await shiftOf();
    expect(shift).toMatchObject({ unstaffedQuantity: 40, unstaffedDiscards: 4 });
    // The same as the shift's stored index once it is refreshed.
    await refreshOpenIndexes(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
    const stored = await e.db
      .selectFrom('shift_indexes')
      .select(['unstaffedQuantity', 'unstaffedDiscards'])
      .where('lineID', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ unstaffedQuantity: 40, unstaffedDiscards: 4 });
  });

  it('shows the shift’s values on a line with indicators per shift, and a past shift with shiftStart', async () => {
    await e.db.updateTable('lines').set({ enableIndicadorPorTurno: 1 }).where('lineID', '=', 2).execute();
    const perShift = await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '2' } });
    // Without the order manager the line is staffed from when it was first seen (08:00) to now, with one 30-minute stop.
    expect(perShift.body).toMatchObject({
      indicadorPorTurno: true,
      order: null,
      shift: { utilization: 0.75, mtbf: 90, mttr: 30, throughput: null, oee: null },
    });
    const yesterday = await e.t.call('GET', '/api/indicators/get', {
      token: e.tokens[ROLE.OPERATOR],
      query: { lineID: '2', shiftStart: '2026-05-03T15:00:00' },
    });
    expect(yesterday.body.shift).toMatchObject({ code: 'TT', plantDate: '2026-05-03', utilization: null });
  });

  it('answers firstDataDate, the instant the line is known from, whatever shift is asked; null for a line never seen', async () => {
    const indicators = (lineID: number, shiftStart?: string) =>
      e.t.call('GET', '/api/indicators/get', {
        token: e.tokens[ROLE.OPERATOR],
        query: { lineID: String(lineID), ...(shiftStart ? { shiftStart } : {}) },
      });
    expect((await indicators(1)).body.firstDataDate).toBe('2026-05-04T08:00:00.000+02:00');
    expect((await indicators(2, '2026-05-03T15:00:00')).body.firstDataDate).toBe('2026-05-04T08:00:00.000+02:00');
    expect((await indicators(3)).body).toMatchObject({ firstDataDate: null, shift: { code: 'TM', utilization: null } });
  });

  it('answers knownUntilDate on a line without a beacon: the end of its latest stop entered by hand, now while one is open; null with a beacon', async () => {
    await addLine(e.db, { lineID: 5, manualStops: true, description: 'Etiquetadora manual' });
    const indicators = async (lineID: number) =>
      (await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: String(lineID) } })).body;
    const post = (values: Record<string, unknown>) =>
      e.t.call('POST', '/api/stops/post', { token: e.tokens[ROLE.OPERATOR], form: { values } });
    // Never seen: nothing known.
    expect(await indicators(5)).toMatchObject({ firstDataDate: null, knownUntilDate: null });
    expect((await post({ lineID: 5, startDate: '2026-05-04T08:10:00', endDate: '2026-05-04T08:40:00' })).status).toBe(200);
    // 08:40 → 10:00 (now) nobody said whether the line ran: the explorer draws it as no data, not 'En marcha'.
    expect(await indicators(5)).toMatchObject({
      firstDataDate: '2026-05-04T08:10:00.000+02:00',
      knownUntilDate: '2026-05-04T08:40:00.000+02:00',
    });
    expect((await post({ lineID: 5, startDate: '2026-05-04T09:30:00' })).status).toBe(200);
    expect((await indicators(5)).knownUntilDate).toBe('2026-05-04T10:00:00.000+02:00');
    // Lines read by a beacon are known up to now (their gaps are stops of their own).
    await addLine(e.db, { lineID: 6, beacon: 'Line6.Running' });
    await e.events([
      { type: 'lineState', lineID: 6, atMs: T0, running: true },
      { type: 'lineState', lineID: 6, atMs: T0 + 10 * MINUTE, running: false },
      { type: 'lineState', lineID: 6, atMs: T0 + 20 * MINUTE, running: true },
    ]);
    expect(await indicators(6)).toMatchObject({ firstDataDate: '2026-05-04T08:00:00.000+02:00', knownUntilDate: null });
  });

  it('counts a line read by hand only up to the end of its latest stop: the time after it is unknown, never run time (issue 25)', async () => {
    await addLine(e.db, { lineID: 5, manualStops: true, description: 'Etiquetadora manual' });
    const shiftOf = async () =>
      (await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '5' } })).body.shift;
    const stored = () =>
      e.db.selectFrom('shift_indexes').select(['utilization', 'staffedTime', 'stopTime']).where('lineID', '=', 5).executeTakeFirstOrThrow();
    const recalculated = async () => {
      await recalculateAllShiftIndexes(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ }, null);
      return stored();
    };
    const post = (values: Record<string, unknown>) =>
      e.t.call('POST', '/api/stops/post', { token: e.tokens[ROLE.OPERATOR], form: { values } });
    // 08:10–08:40 stopped; 08:40 → 10:00 (now) unknown: 30 min known, all of it stopped.
    expect((await post({ lineID: 5, startDate: '2026-05-04T08:10:00', endDate: '2026-05-04T08:40:00' })).status).toBe(200);
    expect(await shiftOf()).toMatchObject({ utilization: 0 });
    expect(await stored()).toEqual({ utilization: 0, staffedTime: 30 * MINUTE, stopTime: 30 * MINUTE });
    // A stop entered from 09:30, still open: 08:40–09:30 ran, known up to now. 110 min, 60 of them stopped.
    const open = await post({ lineID: 5, startDate: '2026-05-04T09:30:00' });
    expect(open.status).toBe(200);
    expect((await shiftOf()).utilization).toBeCloseTo(50 / 110, 12);
    expect(await stored()).toMatchObject({ staffedTime: 110 * MINUTE, stopTime: 60 * MINUTE });
    // It ended at 09:40: known up to 09:40, 90 min, 40 stopped; the stored index is a full recalculation's.
    const put = await e.t.call('PUT', '/api/stops/put', {
      token: e.tokens[ROLE.SUPERVISOR],
      form: { key: JSON.stringify(open.body.stopID), values: JSON.stringify({ endDate: '2026-05-04T09:40:00' }) },
    });
    expect(put.status, put.text).toBe(200);
    expect((await shiftOf()).utilization).toBeCloseTo(50 / 90, 12);
    const afterEdit = await stored();
    expect(afterEdit).toMatchObject({ staffedTime: 90 * MINUTE, stopTime: 40 * MINUTE });
    expect(await recalculated()).toEqual(afterEdit);
    // Deleting the latest stop: known up to 08:40 again.
    const removed = await e.t.call('DELETE', '/api/stops/delete', {
      token: e.tokens[ROLE.SUPERVISOR],
      form: { key: JSON.stringify(open.body.stopID) },
    });
    expect(removed.status, removed.text).toBe(204);
    expect(await stored()).toEqual({ utilization: 0, staffedTime: 30 * MINUTE, stopTime: 30 * MINUTE });
    expect(await recalculated()).toEqual(await stored());
  });
});

describe('GET /api/indicators/sector', () => {
  it('rolls the sector up from the sum of its lines’ inputs, not the average of their percentages', async () => {
    await seenSince(e.db, 2, T0 - 2 * HOUR);
    const result = await e.t.call('GET', '/api/indicators/sector', { token: e.tokens[ROLE.CONSULTANT], query: { sectorID: '1' } });
    expect(result.status, result.text).toBe(200);
    expect(
      result.body.lines.map((line: { lineID: number; shiftData: { utilization: number } }) => [line.lineID, line.shiftData.utilization]),
    ).toEqual([
      [1, 0.25],
      [2, 0.875],
    ]);
    // Line 1 is staffed 2 h (its order), line 2 since it was first seen (06:00, 4 h): (0.5 h + 3.5 h) / 6 h, not (0.25 + 0.875) / 2.
    expect(result.body.utilization).toBeCloseTo(4 / 6, 12);
    expect(result.body.shift).toMatchObject({ code: 'TM' });
    // Line 2 has no nominal speed: the OEE and throughput are line 1's alone, and say so (1 of 2 lines), never null.
    expect(result.body).toMatchObject({ coveredLines: 1, lineCount: 2, throughput: 1 });
    expect(result.body.oee).toBeCloseTo(0.25 * 0.9, 12);
    const lines = await e.t.call('GET', '/api/indicators/sector', { token: e.tokens[ROLE.SUPERVISOR], query: { lines: '3,2' } });
    expect(lines.body.lines.map((line: { lineID: number }) => line.lineID)).toEqual([2, 3]);
    expectError(await e.t.call('GET', '/api/indicators/sector', { token: e.tokens[ROLE.SUPERVISOR], query: { lines: '1;2' } }), 400);
    expectError(await e.t.call('GET', '/api/indicators/sector', { token: e.tokens[ROLE.OPERATOR], query: { sectorID: '1' } }), 403);
  });

  it('covers a line that did not run (nothing to measure against a speed): the sum of all, then divided', async () => {
    // Line 3 was never seen: no runtime, so no speed is needed; the roll-up covers both lines and equals line 1's.
    const result = await e.t.call('GET', '/api/indicators/sector', { token: e.tokens[ROLE.CONSULTANT], query: { lines: '1,3' } });
    expect(result.body).toMatchObject({ coveredLines: 2, lineCount: 2, throughput: 1 });
    expect(result.body.oee).toBeCloseTo(0.25 * 0.9, 12);
  });
});

describe('above nominal speed', () => {
  it('keeps an OEE over 100 % and flags the shift and the order where it is shown (dashboard, overview card)', async () => {
    // Line 1 made 300 units in 30 min of runtime: at a nominal 8/min its throughput is 300 / 240 = 1.25.
    await e.db.updateTable('product_speeds').set({ speed: 8 }).where('code', '=', 'P1').where('lineID', '=', 1).execute();
    await e.db.updateTable('orders').set({ desiredProductionSpeed: 8 }).where('order', '=', '100-0').execute();
    e.clock.now += MINUTE;
    const result = await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '1' } });
    expect(result.body.shift.throughput).toBeCloseTo(1.25, 12);
    expect(result.body.shift).toMatchObject({ aboveNominalSpeed: true });
    const card = await status(1);
    expect(card.body.shiftData).toMatchObject({ aboveNominalSpeed: true });
    // Line 2 (no speed, throughput unknown) is never flagged.
    expect((await status(2)).body.shiftData).toMatchObject({ throughput: null, aboveNominalSpeed: false });
  });
});
