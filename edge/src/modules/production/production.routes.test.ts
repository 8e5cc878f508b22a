import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, addOrder, addProduct, at, HOUR, MINUTE } from '../../../../test/support/test-plant';
import { expectError, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1, managesOrders: true });
  await addProduct(e.db, 'P1', { 1: 10 });
  await addProduct(e.db, 'P2', { 1: 20 });
  await addOrder(e.db, '100-0', 1, { productCode: 'P1', desiredProductionQuantity: 600 });
  await addOrder(e.db, '101-0', 1, { productCode: 'P2', desiredProductionQuantity: 1000 });
  await e.events([
    { type: 'orderStarted', lineID: 1, atMs: T0, order: '100-0' },
    { type: 'counters', lineID: 1, atMs: T0, units: 1_000, discards: 0 },
    { type: 'counters', lineID: 1, atMs: T0 + 30 * MINUTE, units: 1_300, discards: 12 },
    { type: 'orderStarted', lineID: 1, atMs: T0 + HOUR, order: '101-0' },
    { type: 'counters', lineID: 1, atMs: T0 + 90 * MINUTE, units: 1_900, discards: 24 },
  ]);
  await e.db
    .insertInto('production_lots')
    .values({
      lot: 'L-7',
      lineID: 1,
      order: '101-0',
      productCode: 'P2',
      productName: 'Producto P2',
      packs: 10,
      wrappers: 100,
      units: 600,
      createDate: T0 + 80 * MINUTE,
    })
    .execute();
  e.clock.now = T0 + 2 * HOUR;
});
afterEach(async () => {
  await e.close();
});

describe('GET /api/production/summary', () => {
  it('answers a line’s production between two instants, by product with wrappers and packs, and the lots', async () => {
    const result = await e.t.call('GET', '/api/production/summary', {
      token: e.tokens[ROLE.OPERATOR],
      query: { line: '1', start: '2026-05-04T06:00:00', end: '2026-05-04T14:00:00' },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ lineID: 1, units: 900, discards: 24, goodUnits: 876, start: '2026-05-04T06:00:00.000+02:00' });
    expect(result.body.byProduct).toEqual([
      {
        productCode: 'P2',
        productName: 'Producto P2',
        unit: 'u',
        units: 600,
        discards: 12,
        goodUnits: 588,
        wrappers: 100,
        packs: 10,
        declared: { units: 600, wrappers: 100, packs: 10, lots: 1 },
        difference: { units: 0, wrappers: 0, packs: 0 },
      },
      {
        productCode: 'P1',
        productName: 'Producto P1',
        unit: 'u',
        units: 300,
        discards: 12,
        goodUnits: 288,
        wrappers: 50,
        packs: 5,
        declared: { units: 0, wrappers: 0, packs: 0, lots: 0 },
        difference: { units: -300, wrappers: -50, packs: -5 },
      },
    ]);
    expect(result.body.lots).toEqual([expect.objectContaining({ lot: 'L-7', units: 600, createDate: '2026-05-04T09:20:00.000+02:00' })]);
    const onlyP1 = await e.t.call('GET', '/api/production/summary', {
      token: e.tokens[ROLE.OPERATOR],
      query: { line: '1', start: '2026-05-04T06:00:00', end: '2026-05-04T14:00:00', product: 'P1' },
    });
    expect(onlyP1.body).toMatchObject({ units: 300, lots: [] });
    expectError(
      await e.t.call('GET', '/api/production/summary', {
        token: e.tokens[ROLE.OPERATOR],
        query: { line: '1', start: '2026-05-04T14:00:00', end: '2026-05-04T06:00:00' },
      }),
      400,
      'Por favor complete los datos de filtro',
    );
  });
});

describe('GET /api/production/summary/order', () => {
  it('answers the Ready order’s progress against its desired quantity, or null when none runs', async () => {
    const result = await e.t.call('GET', '/api/production/summary/order', { token: e.tokens[ROLE.CONSULTANT], query: { line: '1' } });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      order: '101-0',
      productCode: 'P2',
      productionQuantity: 600,
      discardQuantity: 12,
      desiredProductionQuantity: 1000,
      progress: 0.6,
      unit: 'u',
      lots: [expect.objectContaining({ lot: 'L-7' })],
    });
    await e.events([{ type: 'orderFinished', lineID: 1, atMs: e.clock.now }]);
    const none = await e.t.call('GET', '/api/production/summary/order', { token: e.tokens[ROLE.CONSULTANT], query: { line: '1' } });
    expect(none.body).toBeNull();
  });
});
