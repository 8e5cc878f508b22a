import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../domain/roles';
import { addLine, addProduct, at, HOUR, MINUTE, trailCounts } from '../../../../test/support/test-plant';
import { expectError, signatureOf, snapshot, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1, managesOrders: true });
  await addProduct(e.db, 'P1', { 1: 10 });
});
afterEach(async () => {
  await e.close();
});

const as = (role: RoleId) => e.tokens[role];

async function createOrder(order: string, role: RoleId = ROLE.SUPERVISOR) {
  return e.t.call('POST', '/api/orders/post', {
    token: as(role),
    form: { values: { order, lineID: 1, productCode: 'P1', lot: 'L-1', desiredProductionQuantity: 1200 } },
  });
}

/** Order 100-0 runs 08:00–10:00 with a 20-minute stop and 1,000 units (50 discarded). */
async function endedOrder() {
  await createOrder('100-0');
  await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '100-0' } });
  await e.events([
    { type: 'lineState', lineID: 1, atMs: T0, running: true },
    { type: 'counters', lineID: 1, atMs: T0, units: 0, discards: 0 },
    { type: 'lineState', lineID: 1, atMs: T0 + 30 * MINUTE, running: false },
    { type: 'lineState', lineID: 1, atMs: T0 + 50 * MINUTE, running: true },
    { type: 'counters', lineID: 1, atMs: T0 + 119 * MINUTE, units: 1000, discards: 50 },
  ]);
  e.clock.now = T0 + 2 * HOUR;
  return e.t.call('POST', '/api/orders/finish', { token: as(ROLE.OPERATOR), json: { lineID: 1 } });
}

describe('orders: create, start, finish', () => {
  it('creates an order (Created), starts it (Ready) and finishes it (Finalized) with its final index', async () => {
    const created = await createOrder('100-0');
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ order: '100-0', op: '100', version: 0, status: 0, productName: 'Producto P1', startDate: null });
    const finished = await endedOrder();
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body).toMatchObject({
      order: '100-0',
      status: 2,
      startDate: '2026-05-04T08:00:00.000+02:00',
      endDate: '2026-05-04T10:00:00.000+02:00',
      shiftStart: '2026-05-04T06:00:00.000+02:00',
      staffedTime: 120,
      stopTime: 20,
      runtime: 100,
      productionQuantity: 1000,
      discardQuantity: 50,
      nominalSpeed: 10,
      throughput: 1,
      acceptance: 0.95,
      utilization: 100 / 120,
      mtbf: 100,
      mttr: 20,
    });
    expect(finished.body.oee).toBeCloseTo((100 / 120) * 0.95, 12);
  });

  it('starting an order finalizes the line’s Ready one at the same instant (one Ready order per line)', async () => {
    await createOrder('100-0');
    await createOrder('101-0');
    await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '100-0' } });
    e.clock.now = T0 + HOUR;
    const second = await e.t.call('POST', '/api/orders/start', { token: as(ROLE.SUPERVISOR), json: { order: '101-0' } });
    expect(second.body).toMatchObject({ status: 1, startDate: '2026-05-04T09:00:00.000+02:00' });
    const ready = await e.t.call('GET', '/api/orders', { token: as(ROLE.OPERATOR), query: { lineID: '1', status: '1' } });
    expect(ready.body.data.map((o: { order: string }) => o.order)).toEqual(['101-0']);
    const first = await e.t.call('GET', '/api/orders', { token: as(ROLE.OPERATOR), query: { orderID: '100-0' } });
    expect(first.body.data[0]).toMatchObject({ status: 2, endDate: '2026-05-04T09:00:00.000+02:00', staffedTime: 60 });
  });

  it('refuses a bad order key (400), a finalized order (409), a finish with nothing running (409) and the consultant (403)', async () => {
    expectError(await createOrder('no-dash'), 400, 'La orden debe tener el formato número-RP (por ejemplo 4512-0).');
    expectError(await createOrder('200-0', ROLE.OPERATOR), 403);
    expectError(
      await e.t.call('POST', '/api/orders/finish', { token: as(ROLE.OPERATOR), json: { lineID: 1 } }),
      409,
      'La línea 1 no tiene una orden en curso.',
    );
    await endedOrder();
    expectError(
      await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '100-0' } }),
      409,
      'La orden 100-0 ya fue finalizada.',
    );
    expectError(await e.t.call('POST', '/api/orders/start', { token: as(ROLE.CONSULTANT), json: { order: '100-0' } }), 403);
    expectError(await createOrder('100-0'), 409);
  });
});

describe('GET /api/oeeindex/get and PUT /api/oeeindex/put', () => {
  it('pages the order-index grid with total count, newest first, times in minutes and ratios 0..1', async () => {
    await endedOrder();
    await createOrder('101-0');
    const page = await e.t.call('GET', '/api/oeeindex/get', {
      token: as(ROLE.CONSULTANT),
      query: { filter: JSON.stringify([['lineID', '=', 1]]), take: '1', requireTotalCount: 'true' },
    });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    expect(page.body.data).toHaveLength(1);
    const ready = await e.t.call('GET', '/api/oeeindex/get', {
      token: as(ROLE.OPERATOR),
      query: { filter: JSON.stringify([['status', '=', 2]]) },
    });
    expect(ready.body.data[0]).toMatchObject({ order: '100-0', utilization: 100 / 120, validation: false });
  });

  it('pages orders with equal sort values (not started: no start date) in key order, so no page repeats or skips a row', async () => {
    for (const order of ['105-0', '101-0', '104-0', '102-0', '103-0']) expect((await createOrder(order)).status).toBe(200);
    const page = async (skip: number) =>
      (
        await e.t.call('GET', '/api/oeeindex/get', {
          token: as(ROLE.CONSULTANT),
          query: { sort: JSON.stringify([{ selector: 'startDate', desc: true }]), skip: String(skip), take: '2' },
        })
      ).body.data.map((row: { order: string }) => row.order);
    expect([...(await page(0)), ...(await page(2)), ...(await page(4))]).toEqual(['101-0', '102-0', '103-0', '104-0', '105-0']);
  });

  it('lets a supervisor change an order’s plan; a new product speed recomputes its index', async () => {
    await endedOrder();
    await addProduct(e.db, 'P2', { 1: 20 });
    const result = await e.t.call('PUT', '/api/oeeindex/put', {
      token: as(ROLE.SUPERVISOR),
      form: { key: '100-0', values: { productCode: 'P2', lot: 'L-9' } },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ productCode: 'P2', productName: 'Producto P2', lot: 'L-9', nominalSpeed: 20, throughput: 0.5 });
    expectError(
      await e.t.call('PUT', '/api/oeeindex/put', { token: as(ROLE.OPERATOR), form: { key: '100-0', values: { lot: 'x' } } }),
      403,
    );
    expectError(
      await e.t.call('PUT', '/api/oeeindex/put', { token: as(ROLE.SUPERVISOR), form: { key: '100-0', values: { status: 1 } } }),
      400,
    );
  });
});

describe('PUT /api/oeeindex/adjust', () => {
  const adjust = (order: string, minutes: unknown, signer: RoleId, session: RoleId = ROLE.SUPERVISOR, password?: string) => {
    const { username, password: pass } = signatureOf(e, signer, password);
    return e.t.call('PUT', '/api/oeeindex/adjust', {
      token: as(session),
      json: { order, discountTime: minutes, user: username, password: pass },
    });
  };

  it('adjusts an ended order’s discount time in minutes (200): out of planned and stop time alike, the runtime stays', async () => {
    const ended = (await endedOrder()).body;
    const result = await adjust('100-0', 12.5, ROLE.SUPERVISOR);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      order: '100-0',
      adjustedDiscountTime: 12.5,
      staffedTimeCorrect: 107.5,
      stopTime: 20,
      runtime: 100,
      utilization: 100 / 107.5,
      updatedBy: 'tsuper',
    });
    expect(result.body.oee).toBeCloseTo(ended.oee * (120 / 107.5), 12);
    expect(result.body).toMatchObject({ throughput: ended.throughput, acceptance: ended.acceptance, mtbf: ended.mtbf, mttr: ended.mttr });
    const shift = await e.t.call('GET', '/api/history/get', {
      token: as(ROLE.SUPERVISOR),
      query: { lineId: '1', shiftStart: '2026-05-04T06:00:00' },
    });
    expect(shift.body).toMatchObject({ adjustedDiscountTime: 12.5, runtime: 100 });
    // All of the stop time may be adjusted: the order then ran all of its planned time.
    expect((await adjust('100-0', 20, ROLE.SUPERVISOR)).body).toMatchObject({
      adjustedDiscountTime: 20,
      staffedTimeCorrect: 100,
      runtime: 100,
      utilization: 1,
    });
  });

  it('answers the adjustment the indicators used beside the typed one: capped at the stop time when a stop stops counting later', async () => {
    await endedOrder();
    expect((await adjust('100-0', 15, ROLE.SUPERVISOR)).body).toMatchObject({
      adjustedDiscountTime: 15,
      effectiveAdjustedDiscountTime: 15,
      staffedTimeCorrect: 105,
    });
    // The 20-minute stop is recognized later with a reason that discounts it: no stop time counts, so nothing is left to adjust.
    await e.db.updateTable('stops').set({ discountOEE: 1, recognized: 1 }).where('lineID', '=', 1).execute();
    const { username, password } = signatureOf(e, ROLE.ADMINISTRATOR);
    const rebuilt = await e.t.call('GET', '/api/OeeIndex/RecalculateAllOrders', {
      token: as(ROLE.ADMINISTRATOR),
      query: { user: username, password },
    });
    expect(rebuilt.status, rebuilt.text).toBe(200);
    const row = await e.t.call('GET', '/api/oeeindex/get', {
      token: as(ROLE.CONSULTANT),
      query: { filter: JSON.stringify(['order', '=', '100-0']) },
    });
    expect(row.body.data[0]).toMatchObject({
      adjustedDiscountTime: 15,
      effectiveAdjustedDiscountTime: 0,
      stopTime: 0,
      discountTime: 20,
      staffedTimeCorrect: 100,
    });
  });

  it('refuses more minutes than the order’s stop time not discounted (400, ES and EN), changing nothing', async () => {
    await endedOrder();
    const tables = ['orders', 'order_indexes', 'shift_indexes'] as const;
    const before = await Promise.all(tables.map((table) => snapshot(e.db, table)));
    const refused = await adjust('100-0', 100, ROLE.SUPERVISOR);
    expectError(refused, 400, 'No se puede ajustar 100 min: la orden 100-0 tiene 20 min de paradas no descontadas.');
    expect(refused.body.error).toMatchObject({
      code: 'validation',
      fields: { discountTime: 'No se puede ajustar 100 min: la orden 100-0 tiene 20 min de paradas no descontadas.' },
    });
    const { username, password } = signatureOf(e, ROLE.SUPERVISOR);
    const english = await e.t.call('PUT', '/api/oeeindex/adjust', {
      token: as(ROLE.SUPERVISOR),
      language: 'en',
      json: { order: '100-0', discountTime: 20.01, user: username, password },
    });
    expectError(english, 400, 'Cannot adjust 20.01 min: order 100-0 has 20 min of stops not discounted.');
    expect(await Promise.all(tables.map((table) => snapshot(e.db, table)))).toEqual(before);
  });

  it('refuses an order that has not ended (409), a signer who is not a supervisor (403), a wrong password (401), changing nothing', async () => {
    await createOrder('100-0');
    await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '100-0' } });
    const before = await snapshot(e.db, 'orders');
    expectError(await adjust('100-0', 5, ROLE.SUPERVISOR), 409, 'Solo se puede ajustar una orden finalizada.');
    expectError(await adjust('100-0', 5, ROLE.OPERATOR), 403, 'El firmante no tiene permiso para esta acción.');
    expectError(await adjust('100-0', 5, ROLE.SUPERVISOR, ROLE.OPERATOR), 403);
    expectError(await adjust('100-0', 5, ROLE.SUPERVISOR, ROLE.SUPERVISOR, 'wrong'), 401, 'Firma no válida');
    expectError(await adjust('100-0', -1, ROLE.SUPERVISOR), 400);
    expectError(await adjust('nope-0', 5, ROLE.SUPERVISOR), 404);
    expect(await snapshot(e.db, 'orders')).toEqual(before);
  });
});

describe('order validation', () => {
  it('validates and unvalidates an order signed by an operator or a supervisor, on both paths', async () => {
    await createOrder('100-0');
    const validated = await e.t.call('PUT', '/api/oeeindex/validate', {
      token: as(ROLE.OPERATOR),
      json: { order: '100-0', validation: true, user: 'toper', password: 'toper' },
    });
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body).toMatchObject({ order: '100-0', validation: true, updatedBy: 'toper' });
    const unvalidated = await e.t.call('PUT', '/api/orders/validation', {
      token: as(ROLE.SUPERVISOR),
      json: { order: '100-0', flag: false, userID: 'tsuper', password: 'tsuper' },
    });
    expect(unvalidated.body.validation).toBe(false);
    const first = await e.t.call('GET', '/api/orders', {
      token: as(ROLE.OPERATOR),
      query: { filter: JSON.stringify([['orderID', '=', '100-0']]) },
    });
    expect(first.body.data[0].validation).toBe(false);
  });

  it('refuses a wrong password (401) and a consultant (403), changing nothing', async () => {
    await createOrder('100-0');
    const before = await snapshot(e.db, 'orders');
    expectError(
      await e.t.call('PUT', '/api/oeeindex/validate', {
        token: as(ROLE.OPERATOR),
        json: { order: '100-0', validation: true, user: 'toper', password: 'bad' },
      }),
      401,
      'Firma no válida',
    );
    expectError(
      await e.t.call('PUT', '/api/oeeindex/validate', {
        token: as(ROLE.OPERATOR),
        json: { order: '100-0', validation: true, user: 'tconsul', password: 'tconsul' },
      }),
      403,
    );
    expectError(
      await e.t.call('PUT', '/api/oeeindex/validate', {
        token: as(ROLE.CONSULTANT),
        json: { order: '100-0', validation: true, user: 'toper', password: 'toper' },
      }),
      403,
    );
    expect(await snapshot(e.db, 'orders')).toEqual(before);
  });
});

describe('GET /api/OeeIndex/RecalculateAllOrders(History)', () => {
  const recalculate = (path: string, session: RoleId, signer: RoleId, password?: string) =>
    e.t.call('GET', `/api/OeeIndex/${path}`, {
      token: as(session),
      query: { user: e.users[signer], password: password ?? signatureOf(e, signer).password },
    });

  it('rebuilds every index and answers how many; running it again changes nothing and writes no outbox or audit rows', async () => {
    await endedOrder();
    await e.db.deleteFrom('order_indexes').execute();
    const orders = await recalculate('RecalculateAllOrders', ROLE.ADMINISTRATOR, ROLE.ADMINISTRATOR);
    expect(orders.status, orders.text).toBe(200);
    expect(orders.body).toEqual({ count: 1, changed: 1 });
    const history = await recalculate('RecalculateAllOrdersHistory', ROLE.ADMINISTRATOR, ROLE.ADMINISTRATOR);
    expect(history.body.count).toBe(1);
    const rows = { orders: await snapshot(e.db, 'order_indexes'), shifts: await snapshot(e.db, 'shift_indexes') };
    const trail = await trailCounts(e.db);
    expect((await recalculate('RecalculateAllOrders', ROLE.ADMINISTRATOR, ROLE.ADMINISTRATOR)).body).toEqual({ count: 1, changed: 0 });
    expect((await recalculate('recalculateallordershistory', ROLE.ADMINISTRATOR, ROLE.ADMINISTRATOR)).body).toEqual({
      count: 1,
      changed: 0,
    });
    expect(await trailCounts(e.db)).toEqual(trail);
    expect({ orders: await snapshot(e.db, 'order_indexes'), shifts: await snapshot(e.db, 'shift_indexes') }).toEqual(rows);
  });

  it('is the administrator’s, signed: other roles 403, a wrong password 401 Firma no válida', async () => {
    await endedOrder();
    const before = await snapshot(e.db, 'order_indexes');
    expectError(await recalculate('RecalculateAllOrders', ROLE.SUPERVISOR, ROLE.SUPERVISOR), 403);
    expectError(await recalculate('RecalculateAllOrders', ROLE.ADMINISTRATOR, ROLE.SUPERVISOR), 403);
    expectError(await recalculate('RecalculateAllOrdersHistory', ROLE.ADMINISTRATOR, ROLE.ADMINISTRATOR, 'wrong'), 401, 'Firma no válida');
    expectError(await e.t.call('GET', '/api/OeeIndex/RecalculateAllOrders', { token: as(ROLE.ADMINISTRATOR) }), 400);
    expect(await snapshot(e.db, 'order_indexes')).toEqual(before);
  });
});

describe('the order manager: from a preload order, edit before start, delete of an order never run, refusals', () => {
  const preload = { cliente: 'Cooperativa Norte', producto: 'P1', cosecha: 2025, cantidad: 12.5, bolsa: 'Big bag', pesoBolsa: 25 };
  const addPreload = async (id: number, values: Record<string, unknown> = {}) => {
    const created = await e.t.call('POST', '/api/preContract', {
      token: as(ROLE.SUPERVISOR),
      json: { values: { id, op: String(4700 + id), ...preload, ...values } },
    });
    expect(created.status, created.text).toBe(200);
  };
  const preloadRow = (id: number) => e.db.selectFrom('preload_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fromPreload = (body: Record<string, unknown>, role: RoleId = ROLE.SUPERVISOR, language?: 'en') =>
    e.t.call('POST', '/api/orders/fromPreload', { token: as(role), language, json: { lineID: 1, ...body } });
  /** What a refused call must leave as it was: orders, preload orders, outbox and audit rows. */
  const state = async () => ({
    orders: await snapshot(e.db, 'orders'),
    preload: await e.db.selectFrom('preload_orders').selectAll().orderBy('id').execute(),
  });

  it('creates an order from a preload order (op, product, quantity; the product’s nominal speed) and marks the preload order used, in one transaction', async () => {
    // P1 is packed in bags: the preload's 12.5 t in bags of 25 kg are 500 bags.
    await e.db.updateTable('products').set({ unit: 'bolsas' }).where('code', '=', 'P1').execute();
    await addPreload(1);
    const created = await fromPreload({ id: 1, version: 2, lot: 'L-7' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      order: '4701-2',
      op: '4701',
      version: 2,
      lineID: 1,
      lot: 'L-7',
      productCode: 'P1',
      productName: 'Producto P1',
      desiredProductionQuantity: 500,
      desiredProductionSpeed: 10,
      status: 0,
      createdBy: 'tsuper',
    });
    expect(await preloadRow(1)).toMatchObject({ utilizado: 1, updatedBy: 'tsuper' });
    // Counted in kilograms: the tonnes converted.
    await e.db.updateTable('products').set({ unit: 'kg' }).where('code', '=', 'P1').execute();
    await addPreload(5, { cantidad: 8 });
    expect((await fromPreload({ id: 5 })).body).toMatchObject({ order: '4705-0', desiredProductionQuantity: 8_000 });
    // A quantity and a speed given replace the preload's quantity and the nominal speed.
    await addPreload(2);
    expect((await fromPreload({ id: 2, desiredProductionQuantity: 900, desiredProductionSpeed: 8 })).body).toMatchObject({
      order: '4702-0',
      desiredProductionQuantity: 900,
      desiredProductionSpeed: 8,
    });
  });

  it('never takes the preload’s tonnes as units: a product counted in units asks for the quantity, changing nothing', async () => {
    // The case: 8 t became an order of 8 units. P1 is counted in 'u', which has no weight.
    await addPreload(1, { cantidad: 8 });
    const before = await state();
    const refused = await fromPreload({ id: 1 });
    expectError(refused, 400, 'Indique la cantidad de la orden en u: los datos del producto P1 no permiten convertir 8 t.');
    expect(refused.body.error.fields).toEqual({
      desiredProductionQuantity: 'Indique la cantidad de la orden en u: los datos del producto P1 no permiten convertir 8 t.',
    });
    expectError(
      await fromPreload({ id: 1 }, ROLE.SUPERVISOR, 'en'),
      400,
      'Enter the order’s quantity in u: the data of product P1 cannot convert 8 t.',
    );
    expect(await state()).toEqual(before);
    // A product with no unit says SPEC's default unit text.
    await e.db.updateTable('products').set({ unit: null }).where('code', '=', 'P1').execute();
    expectError(
      await fromPreload({ id: 1 }),
      400,
      'Indique la cantidad de la orden en kilos/piezas: los datos del producto P1 no permiten convertir 8 t.',
    );
    expect((await fromPreload({ id: 1, desiredProductionQuantity: 32_000 })).body).toMatchObject({
      order: '4701-0',
      desiredProductionQuantity: 32_000,
    });
  });

  it('refuses a used, a deleted and an unknown preload order, a duplicate order, a product without speed on the line and an operator, changing nothing', async () => {
    await addPreload(1);
    await addPreload(2);
    await addPreload(3, { producto: 'P9' });
    await addLine(e.db, { lineID: 2, managesOrders: true });
    await addProduct(e.db, 'P2', { 2: 10 });
    await addPreload(4, { producto: 'P2' });
    expect((await fromPreload({ id: 1, desiredProductionQuantity: 100 })).status).toBe(200);
    expect((await e.t.call('DELETE', '/api/preContract', { token: as(ROLE.SUPERVISOR), json: { key: 2 } })).status).toBe(204);
    const before = await state();
    expectError(await fromPreload({ id: 1 }), 409, 'La orden de precarga 1 (OP 4701) ya fue utilizada.');
    expectError(await fromPreload({ id: 1 }, ROLE.SUPERVISOR, 'en'), 409, 'Preload order 1 (OP 4701) has already been used.');
    expectError(await fromPreload({ id: 2 }), 409, 'La orden de precarga fue eliminada y no se puede modificar.');
    expectError(await fromPreload({ id: 99 }), 404, 'La orden de precarga 99 no existe.');
    expectError(await fromPreload({ id: 3 }), 400, 'El producto P9 no existe.');
    expectError(
      await fromPreload({ id: 4, desiredProductionQuantity: 100 }),
      400,
      'El producto P2 no tiene velocidad configurada en la línea 1.',
    );
    expectError(await fromPreload({ id: 3 }, ROLE.OPERATOR), 403, 'No tiene permiso para esta acción.');
    expectError(await fromPreload({ id: 'x' }), 400);
    // The order 4701-0 exists: a second preload order with the same OP cannot make it again, and stays unused.
    await e.db.updateTable('preload_orders').set({ op: '4701' }).where('id', '=', 3).execute();
    const duplicate = await state();
    expectError(await fromPreload({ id: 3, desiredProductionQuantity: 100 }), 409, 'Ya existe la orden 4701-0.');
    expect(await state()).toEqual(duplicate);
    await e.db.updateTable('preload_orders').set({ op: '4703' }).where('id', '=', 3).execute();
    expect((await state()).orders).toEqual(before.orders);
  });

  it('refuses a duplicate order number by hand with its own message (ES and EN), and a line without the order manager', async () => {
    expect((await createOrder('300-0')).status).toBe(200);
    const before = await snapshot(e.db, 'orders');
    expectError(await createOrder('300-0'), 409, 'Ya existe la orden 300-0.');
    const english = await e.t.call('POST', '/api/orders', {
      token: as(ROLE.SUPERVISOR),
      language: 'en',
      json: { values: { op: '300', version: 0, lineID: 1 } },
    });
    expectError(english, 409, 'Order 300-0 already exists.');
    expect(english.body.error.fields).toEqual({ order: 'Order 300-0 already exists.' });
    await addLine(e.db, { lineID: 2 });
    expectError(
      await e.t.call('POST', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { values: { order: '301-0', lineID: 2 } } }),
      409,
      'La línea 2 no tiene habilitado el gestor de órdenes.',
    );
    expectError(
      await e.t.call('POST', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { values: { order: '301-0', lineID: 9 } } }),
      400,
      'La línea 9 no existe.',
    );
    expect(await snapshot(e.db, 'orders')).toEqual(before);
    // By hand, the desired speed defaults to the product's nominal speed on the line.
    expect(
      (
        await e.t.call('POST', '/api/orders', {
          token: as(ROLE.SUPERVISOR),
          json: { values: { op: '302', version: 1, lineID: 1, productCode: 'P1' } },
        })
      ).body,
    ).toMatchObject({ order: '302-1', desiredProductionSpeed: 10 });
  });

  it('edits lot and quantity of an order not started (PUT /api/orders); refuses once it started, another line, other fields, an operator', async () => {
    await createOrder('400-0');
    const edited = await e.t.call('PUT', '/api/orders', {
      token: as(ROLE.SUPERVISOR),
      form: { key: '400-0', values: { lot: 'L-2', desiredProductionQuantity: 1500, lineID: 1 } },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      order: '400-0',
      lot: 'L-2',
      desiredProductionQuantity: 1500,
      productCode: 'P1',
      updatedBy: 'tsuper',
    });
    const before = await snapshot(e.db, 'orders');
    expectError(
      await e.t.call('PUT', '/api/orders/put', { token: as(ROLE.SUPERVISOR), json: { key: '400-0', values: { productCode: 'P2' } } }),
      400,
      'El campo producto no existe.',
    );
    expectError(
      await e.t.call('PUT', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: '400-0', values: { lot: 'x', lineID: 2 } } }),
      409,
      'La orden 400-0 pertenece a la línea 1.',
    );
    expectError(
      await e.t.call('PUT', '/api/orders', {
        token: as(ROLE.SUPERVISOR),
        json: { key: '400-0', values: { desiredProductionQuantity: -1 } },
      }),
      400,
    );
    expectError(await e.t.call('PUT', '/api/orders', { token: as(ROLE.OPERATOR), json: { key: '400-0', values: { lot: 'x' } } }), 403);
    expectError(await e.t.call('PUT', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: 'nope-0', values: { lot: 'x' } } }), 404);
    expect(await snapshot(e.db, 'orders')).toEqual(before);
    await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '400-0' } });
    const started = await snapshot(e.db, 'orders');
    expectError(
      await e.t.call('PUT', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: '400-0', values: { lot: 'L-3' } } }),
      409,
      'La orden 400-0 ya se inició: su lote y su cantidad ya no se pueden modificar.',
    );
    expect(await snapshot(e.db, 'orders')).toEqual(started);
  });

  it('deletes an order that never ran (audit and outbox rows kept); refuses one that started, finished or not, and an operator', async () => {
    await createOrder('500-0');
    await createOrder('501-0');
    const trail = await trailCounts(e.db);
    const deleted = await e.t.call('DELETE', '/api/orders/delete', { token: as(ROLE.SUPERVISOR), form: { key: '500-0' } });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await e.db.selectFrom('orders').select('order').where('order', '=', '500-0').execute()).toEqual([]);
    expect(await trailCounts(e.db)).toEqual({ outbox: trail.outbox + 1, audit: trail.audit + 1 });
    const audit = await e.db.selectFrom('audit_log').selectAll().orderBy('auditID', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'orders', action: 'delete', userID: 'tsuper' });

    expectError(await e.t.call('DELETE', '/api/orders', { token: as(ROLE.OPERATOR), json: { key: '501-0' } }), 403);
    await e.t.call('POST', '/api/orders/start', { token: as(ROLE.OPERATOR), json: { order: '501-0' } });
    const running = await snapshot(e.db, 'orders');
    expectError(
      await e.t.call('DELETE', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: '501-0' } }),
      409,
      'La orden 501-0 ya se inició: solo se puede eliminar una orden creada que nunca se inició.',
    );
    expectError(
      await e.t.call('DELETE', '/api/orders', { token: as(ROLE.SUPERVISOR), language: 'en', json: { key: '501-0' } }),
      409,
      'Order 501-0 has already started: only a created order that never started can be deleted.',
    );
    expect(await snapshot(e.db, 'orders')).toEqual(running);
    await e.t.call('POST', '/api/orders/finish', { token: as(ROLE.OPERATOR), json: { lineID: 1 } });
    const finished = await snapshot(e.db, 'orders');
    expectError(await e.t.call('DELETE', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: '501-0' } }), 409);
    expectError(await e.t.call('DELETE', '/api/orders', { token: as(ROLE.SUPERVISOR), json: { key: 'nope-0' } }), 404);
    expect(await snapshot(e.db, 'orders')).toEqual(finished);
  });
});
