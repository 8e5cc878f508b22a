import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, addOrder, addProduct, at, HOUR, MINUTE } from '../../../../test/support/test-plant';
import { ENGINE_TZ, expectError, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { refreshOpenIndexes } from '../engine';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1, managesOrders: true });
  await addLine(e.db, { lineID: 2, managesOrders: true });
  // The product's nominal speed is 8/min on line 1, which runs 10/min: throughput 1.25; line 2 runs at its 10/min.
  await addProduct(e.db, 'P1', { 1: 8, 2: 10 });
  await addOrder(e.db, '100-0', 1, { productCode: 'P1', desiredProductionQuantity: 2000 });
  await addOrder(e.db, '200-0', 2, { productCode: 'P1', desiredProductionQuantity: 2000 });
  await e.events([
    { type: 'orderStarted', lineID: 1, atMs: T0, order: '100-0' },
    { type: 'orderStarted', lineID: 2, atMs: T0, order: '200-0' },
    { type: 'lineState', lineID: 1, atMs: T0, running: true },
    { type: 'lineState', lineID: 2, atMs: T0, running: true },
    { type: 'counters', lineID: 1, atMs: T0, units: 0, discards: 0 },
    { type: 'counters', lineID: 2, atMs: T0, units: 0, discards: 0 },
  ]);
  e.clock.now = T0 + HOUR;
  await e.events([
    { type: 'counters', lineID: 1, atMs: e.clock.now - MINUTE, units: 590, discards: 0 },
    { type: 'counters', lineID: 2, atMs: e.clock.now - MINUTE, units: 590, discards: 0 },
  ]);
  await refreshOpenIndexes(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
});
afterEach(async () => {
  await e.close();
});

describe('GET /api/diagnostics/above-nominal-speed', () => {
  it('lists the orders and shifts above nominal speed with their line, figures and product, and nothing at or under it', async () => {
    const result = await e.t.call('GET', '/api/diagnostics/above-nominal-speed', { token: e.tokens[ROLE.ADMINISTRATOR] });
    expect(result.status, result.text).toBe(200);
    expect(result.body.orders).toHaveLength(1);
    expect(result.body.orders[0]).toMatchObject({
      lineID: 1,
      order: '100-0',
      nominalSpeed: 8,
      productCode: 'P1',
      startDate: '2026-05-04T08:00:00.000+02:00',
    });
    expect(result.body.orders[0].throughput).toBeGreaterThan(1);
    expect(result.body.orders[0].oee).toBeGreaterThan(1);
    expect(result.body.shifts).toHaveLength(1);
    expect(result.body.shifts[0]).toMatchObject({
      lineID: 1,
      shift: 'TM',
      shiftStart: '2026-05-04T06:00:00.000+02:00',
      productCodes: ['P1'],
    });
    expect(result.body.shifts[0].throughput).toBeGreaterThan(1);
  });

  it('is for administrators only', async () => {
    expectError(await e.t.call('GET', '/api/diagnostics/above-nominal-speed', { token: e.tokens[ROLE.SUPERVISOR] }), 403);
    expectError(
      await e.t.call('GET', '/api/diagnostics/above-nominal-speed', { token: e.tokens[ROLE.ADMINISTRATOR], query: { take: '0' } }),
      400,
    );
  });
});
