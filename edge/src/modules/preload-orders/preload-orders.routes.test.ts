import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi();
const { call, tokens } = api;

const stored = () => api.db().selectFrom('preload_orders').selectAll().orderBy('id').execute();

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(stored);

const order = {
  id: 1,
  op: 'OP-1',
  cliente: 'Cooperativa Norte',
  producto: 'YM-500',
  cosecha: 2024,
  cantidad: 12.5,
  bolsa: 'Big bag',
  pesoBolsa: 1000.25,
  utilizado: false,
};

const addPreload = (values: Record<string, unknown>) => api.insert('/api/preContract', values);

describe('preload orders', () => {
  it('round trip: insert with the user’s id answers the stored row, update, list with filter/take/count', async () => {
    const created = await call('POST', '/api/preContract/post', { token: tokens.supervisor, json: { values: order } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...order, deleted: false, updatedBy: 'tsuper' });
    const updated = await call('PUT', '/api/preContract/put', {
      token: tokens.supervisor,
      form: { key: 1, values: { utilizado: true, cantidad: '13.5', cliente: '' } },
    });
    expect(updated.body).toMatchObject({ id: 1, utilizado: true, cantidad: 13.5, cliente: null });
    expectError(
      await refusedWrite('PUT', '/api/preContract', { token: tokens.supervisor, json: { key: 1, values: { id: 2 } } }),
      400,
      'El campo id no se puede modificar.',
      'id',
    );
    expectError(
      await refusedWrite('POST', '/api/preContract', { token: tokens.supervisor, json: { values: order } }),
      409,
      'Ya existe un registro con esa clave.',
    );
    const list = await call('GET', '/api/preContract/get', {
      token: tokens.admin,
      query: { filter: ['op', '=', 'OP-1'], take: 10, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ id: 1, op: 'OP-1' }] });
  });

  it('delete is soft: the row stays listed, flagged deleted, sorted last, and can no longer be edited', async () => {
    for (const id of [10, 11, 12]) await addPreload({ ...order, id, op: `OP-${id}` });
    const deleted = await call('DELETE', '/api/preContract/delete', { token: tokens.supervisor, form: { key: 10 } });
    expect(deleted.status).toBe(204);
    const row = (await stored()).find((r) => r.id === 10);
    expect(row).toMatchObject({ deleted: 1, op: 'OP-10', updatedBy: 'tsuper' });

    const list = await call('GET', '/api/preContract', { token: tokens.supervisor, query: { filter: ['id', '>=', 10] } });
    expect(list.body.data.map((r: { id: number; deleted: boolean }) => [r.id, r.deleted])).toEqual([
      [11, false],
      [12, false],
      [10, true],
    ]);
    // Whatever column the user sorts by, the deleted row stays last.
    const byOp = await call('GET', '/api/preContract', {
      token: tokens.supervisor,
      query: { filter: ['id', '>=', 10], sort: [{ selector: 'op', desc: false }] },
    });
    expect(byOp.body.data.map((r: { id: number }) => r.id)).toEqual([11, 12, 10]);
    const byIdDesc = await call('GET', '/api/preContract', {
      token: tokens.supervisor,
      query: { filter: ['id', '>=', 10], sort: [{ selector: 'id', desc: true }] },
    });
    expect(byIdDesc.body.data.map((r: { id: number }) => r.id)).toEqual([12, 11, 10]);
    expectError(
      await refusedWrite('PUT', '/api/preContract', { token: tokens.supervisor, json: { key: 10, values: { op: 'OP-X' } } }),
      409,
      'La orden de precarga fue eliminada y no se puede modificar.',
    );
    expectError(
      await refusedWrite('DELETE', '/api/preContract', { token: tokens.supervisor, json: { key: 10 } }),
      409,
      'La orden de precarga fue eliminada y no se puede modificar.',
    );
    expect((await refusedWrite('DELETE', '/api/preContract', { token: tokens.supervisor, json: { key: 999 } })).status).toBe(404);
  });

  it('each field rule of SPEC.md section 5 answers its own text', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ op: '' }, 'op', 'El campo OP es obligatorio.'],
      [{ op: 'O'.repeat(13) }, 'op', 'El campo OP admite como máximo 12 caracteres.'],
      [{ cliente: 'c'.repeat(51) }, 'cliente', 'Máximo 50 caracteres'],
      [{ producto: undefined }, 'producto', 'El campo producto es requerido'],
      [{ producto: '  ' }, 'producto', 'El campo producto es requerido'],
      [{ producto: 'p'.repeat(19) }, 'producto', 'Máximo 18 caracteres'],
      [{ cosecha: 999 }, 'cosecha', 'El campo cosecha debe ser de 4 digitos'],
      [{ cosecha: 10000 }, 'cosecha', 'El campo cosecha debe ser de 4 digitos'],
      [{ cosecha: 2024.5 }, 'cosecha', 'El campo cosecha debe ser de 4 digitos'],
      [{ cosecha: '24a' }, 'cosecha', 'El campo cosecha debe ser de 4 digitos'],
      [{ cantidad: undefined }, 'cantidad', 'El campo cantidad es requerido'],
      [{ cantidad: 1.25 }, 'cantidad', 'El campo cantidad admite un solo decimal'],
      [{ cantidad: 'mucho' }, 'cantidad', 'El campo cantidad debe ser numérico.'],
      [{ bolsa: 'b'.repeat(51) }, 'bolsa', 'Máximo 50 caracteres'],
      [{ pesoBolsa: null }, 'pesoBolsa', 'El campo peso es requerido'],
      [{ pesoBolsa: 10.125 }, 'pesoBolsa', 'El campo peso admite hasta 2 decimales'],
      [{ id: undefined }, 'id', 'El campo id es obligatorio.'],
    ];
    for (const [change, field, message] of cases) {
      expectError(
        await refusedWrite('POST', '/api/preContract', { token: tokens.supervisor, json: { values: { ...order, id: 50, ...change } } }),
        400,
        message,
        field,
      );
    }
    const english = await refusedWrite('POST', '/api/preContract', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { ...order, id: 50, cosecha: 24, producto: '' } },
    });
    expect(english.body.error.fields).toEqual({
      producto: 'The product field is required',
      cosecha: 'The harvest field must have 4 digits',
    });
    // The boundaries themselves are accepted.
    await addPreload({
      ...order,
      id: 51,
      cosecha: 1000,
      cantidad: 0.1,
      pesoBolsa: 0.01,
      producto: 'p'.repeat(18),
      cliente: 'c'.repeat(50),
    });
  });

  it('supervisor and administrator view; only the supervisor adds, edits and deletes; operator and consultant 403', async () => {
    await addPreload({ ...order, id: 60 });
    expect((await call('GET', '/api/preContract', { token: tokens.admin })).status).toBe(200);
    for (const token of [tokens.operator, tokens.consultant]) expect((await call('GET', '/api/preContract', { token })).status).toBe(403);
    for (const token of [tokens.admin, tokens.operator, tokens.consultant]) {
      expect((await refusedWrite('POST', '/api/preContract', { token, json: { values: { ...order, id: 61 } } })).status).toBe(403);
      expect((await refusedWrite('PUT', '/api/preContract', { token, json: { key: 60, values: { op: 'X' } } })).status).toBe(403);
      expect((await refusedWrite('DELETE', '/api/preContract', { token, json: { key: 60 } })).status).toBe(403);
    }
    expect((await call('GET', '/api/preContract')).status).toBe(401);
  });
});
