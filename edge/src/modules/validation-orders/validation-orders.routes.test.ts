import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi({ lines: [1, 2] });
const { call, tokens } = api;

const db = api.db;
const stored = () => db().selectFrom('validation_orders').selectAll().orderBy('orderID').execute();

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(stored);

const addOrder = (orderID: string) => api.insert('/api/validatedOrder', { orderID, lot: `L-${orderID}`, productCode: 'YM-500' });

async function lineOrder(order: string, op: string, version: number, status: 0 | 1 | 2, lineID = 1) {
  await db()
    .insertInto('orders')
    .values({
      order,
      op,
      version,
      lineID,
      status,
      lot: null,
      productCode: null,
      productName: null,
      startDate: null,
      endDate: null,
      desiredProductionQuantity: null,
      desiredProductionSpeed: null,
      shiftStart: null,
      createdBy: null,
      createDate: version,
      updatedBy: null,
      updateDate: null,
    })
    .execute();
}

describe('validation orders', () => {
  it('round trip: insert answers the stored row with its state, update, list with filter/sort/take/count, delete', async () => {
    const created = await call('POST', '/api/validatedOrder/post', {
      token: tokens.supervisor,
      json: { values: { orderID: '1001', lot: 'L-1', productCode: 'YM-500' } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      orderID: '1001',
      lot: 'L-1',
      productCode: 'YM-500',
      state: 'pending',
      createdBy: 'tsuper',
      updatedBy: 'tsuper',
    });
    expect(typeof created.body.createDate).toBe('string');
    const updated = await call('PUT', '/api/validatedOrder/put', {
      token: tokens.supervisor,
      form: { key: '1001', values: { lot: 'L-2' } },
    });
    expect(updated.body).toMatchObject({ orderID: '1001', lot: 'L-2', createdBy: 'tsuper', state: 'pending' });
    await addOrder('1002');
    const list = await call('GET', '/api/validatedOrder', {
      token: tokens.consultant,
      query: { filter: ['lot', 'startswith', 'L-'], sort: [{ selector: 'orderID', desc: true }], take: 1, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 2, data: [{ orderID: '1002' }] });
    expect((await call('DELETE', '/api/validatedOrder/delete', { token: tokens.supervisor, form: { key: '1001' } })).status).toBe(204);
    expect((await stored()).map((row) => row.orderID)).toEqual(['1002']);
  });

  it("derives the state ('Estado') from the latest version of the line order with that id: pending, created, running, finished", async () => {
    for (const id of ['2001', '2002', '2003', '2004']) await addOrder(id);
    await lineOrder('2002-0', '2002', 0, 0);
    await lineOrder('2003-0', '2003', 0, 1);
    await lineOrder('2004-0', '2004', 0, 2, 2);
    await lineOrder('2004-1', '2004', 1, 1, 2); // a reprocess of 2004 is running
    const list = await call('GET', '/api/validatedOrder', { token: tokens.admin, query: { filter: ['orderID', 'startswith', '200'] } });
    expect(list.body.data.map((o: { orderID: string; state: string }) => [o.orderID, o.state])).toEqual([
      ['2001', 'pending'],
      ['2002', 'created'],
      ['2003', 'running'],
      ['2004', 'running'],
    ]);
    const running = await call('GET', '/api/validatedOrder', {
      token: tokens.admin,
      query: { filter: ['state', '=', 'running'], requireTotalCount: true },
    });
    expect(running.body.totalCount).toBe(2);
  });

  it('orderID, lot and productCode are required; orderID cannot be changed when editing; a repeated orderID is 409', async () => {
    await addOrder('3001');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lot: 'L', productCode: 'P' }, 'orderID', 'El campo orden es obligatorio.'],
      [{ orderID: '3002', lot: '', productCode: 'P' }, 'lot', 'El campo lote es obligatorio.'],
      [{ orderID: '3002', lot: 'L' }, 'productCode', 'El campo producto es obligatorio.'],
    ];
    for (const [values, field, message] of cases) {
      expectError(await refusedWrite('POST', '/api/validatedOrder', { token: tokens.supervisor, json: { values } }), 400, message, field);
    }
    const english = await refusedWrite('POST', '/api/validatedOrder', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { orderID: '3002', lot: 'L' } },
    });
    expectError(english, 400, 'The product field is required.', 'productCode');
    expectError(
      await refusedWrite('PUT', '/api/validatedOrder', { token: tokens.supervisor, json: { key: '3001', values: { orderID: '3009' } } }),
      400,
      'El campo orden no se puede modificar.',
      'orderID',
    );
    expectError(
      await refusedWrite('POST', '/api/validatedOrder', {
        token: tokens.supervisor,
        json: { values: { orderID: '3001', lot: 'L', productCode: 'P' } },
      }),
      409,
      'Ya existe un registro con esa clave.',
    );
  });

  it('clear selection deletes the selected orders in one call and says how many', async () => {
    for (const id of ['4001', '4002', '4003']) await addOrder(id);
    const answer = await call('POST', '/api/validatedOrder/deleteMany', {
      token: tokens.supervisor,
      json: { orderIDs: ['4001', '4003', 'no-existe'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: 2 });
    const left = (await stored()).map((row) => row.orderID);
    expect(left).toContain('4002');
    expect(left).not.toContain('4001');
    const form = await call('POST', '/api/validatedOrder/deleteMany', { token: tokens.supervisor, form: { orderIDs: ['4002'] } });
    expect(form.body).toEqual({ deleted: 1 });
    expectError(
      await refusedWrite('POST', '/api/validatedOrder/deleteMany', { token: tokens.supervisor, json: { orderIDs: [] } }),
      400,
      'El campo órdenes es obligatorio.',
      'orderIDs',
    );
  });

  it('supervisor, administrator and consultant view; only the supervisor adds, edits, deletes and clears; operator 403', async () => {
    await addOrder('5001');
    for (const token of [tokens.supervisor, tokens.admin, tokens.consultant])
      expect((await call('GET', '/api/validatedOrder', { token })).status).toBe(200);
    expect((await call('GET', '/api/validatedOrder', { token: tokens.operator })).status).toBe(403);
    for (const token of [tokens.admin, tokens.consultant, tokens.operator]) {
      expect(
        (await refusedWrite('POST', '/api/validatedOrder', { token, json: { values: { orderID: '5002', lot: 'L', productCode: 'P' } } }))
          .status,
      ).toBe(403);
      expect((await refusedWrite('PUT', '/api/validatedOrder', { token, json: { key: '5001', values: { lot: 'X' } } })).status).toBe(403);
      expect((await refusedWrite('DELETE', '/api/validatedOrder', { token, json: { key: '5001' } })).status).toBe(403);
      expect((await refusedWrite('POST', '/api/validatedOrder/deleteMany', { token, json: { orderIDs: ['5001'] } })).status).toBe(403);
    }
    expect((await call('GET', '/api/validatedOrder')).status).toBe(401);
  });
});
