import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftOf } from '../../domain/calendar';
import { ROLE } from '../../domain/roles';
import { ENGINE_TZ, expectError, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { addLine, addOrder, addProduct, addReason, HOUR, MINUTE, seenSince } from '../../../../test/support/test-plant';

/**
 * GET /api/losses/waterfall over a real edge: a morning shift of line 1 (order manager, nominal 10 units a minute)
 * with an order from 06:00 to 13:00, a 30-minute changeover (a reason under a category set as setups), a 20-minute
 * unrecognized stop, a 15-minute break that discounts, a microstop, 3,000 units with 60 discards; line 2 in another
 * sector never ran.
 */

const tm = shiftOf('TM', '2026-05-04', ENGINE_TZ);
const iso = (ms: number) => new Date(ms).toISOString();
let e: EngineEdge;

const waterfall = (query: Record<string, string>, token = e.tokens[ROLE.OPERATOR]) =>
  e.t.call('GET', '/api/losses/waterfall', { token, query });
const barsOf = (body: { bars: Array<{ key: string; minutes: number }> }) =>
  Object.fromEntries(body.bars.map((bar) => [bar.key, bar.minutes]));

beforeAll(async () => {
  e = await startEngineEdge(tm.endMs + HOUR);
  await addLine(e.db, { lineID: 1, managesOrders: true });
  await addLine(e.db, { lineID: 2, sectorID: 2 });
  await seenSince(e.db, 2, tm.endMs + 30 * MINUTE);
  await addProduct(e.db, 'P1', { 1: 10 });
  await addOrder(e.db, '100-0', 1, { productCode: 'P1' });
  await addReason(e.db, { reasonID: 20, parentID: 7, reason: 'Cambios', isCategory: true });
  await addReason(e.db, { reasonID: 21, parentID: 20, reason: 'Cambio de formato' });
  await addReason(e.db, { reasonID: 22, parentID: 7, reason: 'Refrigerio', discountOEE: true });
  await e.db
    .updateTable('orders')
    .set({ startDate: tm.startMs, endDate: tm.startMs + 7 * HOUR, status: 2 })
    .where('order', '=', '100-0')
    .execute();
  const stop = (startMs: number, minutes: number, reasonID: number | null, discountOEE: 0 | 1 = 0) =>
    e.db
      .insertInto('stops')
      .values({
        lineID: 1,
        order: '100-0',
        startDate: startMs,
        endDate: startMs + minutes * MINUTE,
        reasonID,
        discountOEE,
        recognized: reasonID === null ? 0 : 1,
      })
      .execute();
  await stop(tm.startMs + HOUR, 30, 21);
  await stop(tm.startMs + 2 * HOUR, 20, null);
  await stop(tm.startMs + 3 * HOUR, 15, 22, 1);
  await stop(tm.startMs + 4 * HOUR, 0.5, 3);
  await e.db
    .insertInto('production_minutes')
    .values({ lineID: 1, minuteStart: tm.startMs + 5 * HOUR, order: '100-0', units: 3_000, discards: 60 })
    .execute();
  // The changeovers are setups: set on their category through the stop-reason grid, as a supervisor does.
  const put = await e.t.call('PUT', '/api/stopreasons', {
    token: e.tokens[ROLE.SUPERVISOR],
    json: { key: 20, values: { lossKind: 'setup' } },
  });
  expect(put.status, put.text).toBe(200);
  expect(put.body.lossKind).toBe('setup');
}, 60_000);
afterAll(async () => {
  await e?.close();
});

describe('GET /api/losses/waterfall', () => {
  it('splits a line’s shift into its losses, adding up to the shift, with the shift index’s own OEE', async () => {
    const answer = await waterfall({ lineID: '1', from: iso(tm.startMs), to: iso(tm.endMs) });
    expect(answer.status, answer.text).toBe(200);
    const shift = await e.t.call('GET', '/api/history/get', {
      token: e.tokens[ROLE.OPERATOR],
      query: { lineId: '1', shiftStart: iso(tm.startMs) },
    });
    expect(answer.body.oee).toBe(shift.body.oee);
    expect(answer.body.teep).toBe(shift.body.oee);
    expect(answer.body).toMatchObject({ calendarMinutes: 480, loadingMinutes: 480, plannedMinutes: 405, lineCount: 1 });
    const bars = barsOf(answer.body);
    expect(bars).toMatchObject({
      notScheduled: 0,
      unstaffed: 60,
      planned: 15,
      adjusted: 0,
      setup: 30,
      breakdown: 20,
      smallStop: 0.5,
      notLineLoss: 0,
      unrated: 0,
    });
    // Runtime 354.5 min; 3,000 units at 10 a minute are 300 min (speed loss 54.5), 2,940 good ones 294 min.
    expect(bars.speed).toBeCloseTo(54.5, 9);
    expect(bars.startupRejects).toBe(0);
    expect(bars.productionRejects).toBeCloseTo(6, 9);
    expect(bars.fullyProductive).toBeCloseTo(294, 9);
    expect(Object.values(bars).reduce((sum, minutes) => sum + minutes, 0)).toBeCloseTo(480, 9);
    expect(answer.body.bars.find((bar: { key: string }) => bar.key === 'setup').share).toBe(30 / 480);
  });

  it('answers an order, a sector and the plant (lines summed; a line that never ran is unstaffed time)', async () => {
    const order = await waterfall({ order: '100-0' }, e.tokens[ROLE.CONSULTANT]);
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({ calendarMinutes: 420, plannedMinutes: 405 });
    expect(barsOf(order.body).unstaffed).toBe(0);
    const sector = await waterfall({ sectorID: '2', from: iso(tm.startMs), to: iso(tm.endMs) });
    expect(sector.body).toMatchObject({ lineCount: 1, calendarMinutes: 480, oee: null });
    expect(barsOf(sector.body).unstaffed).toBe(480);
    const plantWide = await waterfall({ from: iso(tm.startMs), to: iso(tm.endMs) }, e.tokens[ROLE.SUPERVISOR]);
    expect(plantWide.body).toMatchObject({ lineCount: 2, calendarMinutes: 960 });
    const line1 = await waterfall({ lineID: '1', from: iso(tm.startMs), to: iso(tm.endMs) });
    expect(plantWide.body.oee).toBe(line1.body.oee);
  });

  it('ends a range at now: time that has not happened yet is no calendar time', async () => {
    const answer = await waterfall({ lineID: '1', from: iso(tm.startMs), to: iso(tm.endMs + 10 * HOUR) });
    expect(answer.body.calendarMinutes).toBe(540);
    expect(answer.body.to).toBe('2026-05-04T15:00:00.000+02:00');
  });

  it('refuses a bad query with a clear 400, an unknown line or order with 404, no session with 401', async () => {
    expectError(
      await waterfall({ lineID: '1', sectorID: '1', from: iso(tm.startMs), to: iso(tm.endMs) }),
      400,
      'Indique una línea (lineID), un sector (sectorID), ninguno (la planta) o una orden (order), no varios.',
    );
    expectError(await waterfall({ lineID: '1', to: iso(tm.endMs) }), 400, 'Indique el rango: from y to (o una orden).');
    expectError(await waterfall({ lineID: '1', from: 'yesterday', to: iso(tm.endMs) }), 400);
    expectError(await waterfall({ lineID: 'one', from: iso(tm.startMs), to: iso(tm.endMs) }), 400);
    expectError(
      await waterfall({ lineID: '1', from: iso(tm.endMs), to: iso(tm.startMs) }),
      400,
      'El inicio del rango (from) debe ser anterior a su fin (to).',
    );
    expectError(
      await waterfall({ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
      400,
      'El rango admite como máximo 367 días.',
    );
    expectError(await waterfall({ lineID: '9', from: iso(tm.startMs), to: iso(tm.endMs) }), 404);
    expectError(await waterfall({ order: 'nope' }), 404);
    expect((await e.t.call('GET', '/api/losses/waterfall', { query: { lineID: '1' } })).status).toBe(401);
  });

  it('refuses a loss kind a reason cannot be given (planned follows discountOEE)', async () => {
    const refused = await e.t.call('PUT', '/api/stopreasons', {
      token: e.tokens[ROLE.SUPERVISOR],
      json: { key: 21, values: { lossKind: 'planned' } },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(
      (await e.db.selectFrom('stop_reasons').select('lossKind').where('reasonID', '=', 21).executeTakeFirstOrThrow()).lossKind,
    ).toBeNull();
  });

  it('splits the quality loss by the start-up window the line declares: the minutes starting within it after the order’s start', async () => {
    const setWindow = async (minutes: number | '') => {
      const put = await e.t.call('PUT', '/api/Resources/PutResources', {
        token: e.tokens[ROLE.ADMINISTRATOR],
        form: { key: 1, values: { startupRejectMinutes: minutes } },
      });
      expect(put.status, put.text).toBe(200);
    };
    const rejects = async () => {
      const answer = await waterfall({ order: '100-0' });
      expect(answer.status, answer.text).toBe(200);
      const bars = barsOf(answer.body);
      return [bars.startupRejects, bars.productionRejects];
    };
    // The order starts at 06:00 and its 60 discards were made in the minute from 11:00: 6 minutes at 10 a minute.
    expect(await rejects()).toEqual([0, expect.closeTo(6, 9)]);
    await setWindow(301); // up to 11:01: the minute from 11:00 starts inside it
    const [startup, production] = await rejects();
    expect(startup).toBeCloseTo(6, 9);
    expect(production).toBe(0);
    await setWindow(300); // up to 11:00: that minute starts at its end, outside
    expect(await rejects()).toEqual([0, expect.closeTo(6, 9)]);
    await setWindow('');
    expect(await rejects()).toEqual([0, expect.closeTo(6, 9)]);
  });
});
