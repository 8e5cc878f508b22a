import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi({ lines: [1, 2] });
const { call, tokens } = api;

const stored = () => api.db().selectFrom('targets').selectAll().orderBy('targetID').execute();

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(stored);

const addTarget = async (values: Record<string, unknown>): Promise<number> => (await api.insert('/api/targets', values)).targetID;

describe('line targets', () => {
  it('round trip: insert answers the stored row, update, list with filter/sort/take/count, delete', async () => {
    const created = await call('POST', '/api/targets/post', {
      token: tokens.supervisor,
      form: { values: { lineID: '1', tag: 'turno', targetSummary: '1200', targetOEE: '75.5' } },
    });
    expect(created.body).toEqual({ targetID: expect.any(Number), lineID: 1, tag: 'turno', targetSummary: 1200, targetOEE: 75.5 });
    const id = created.body.targetID;
    const updated = await call('PUT', '/api/targets/put', { token: tokens.supervisor, json: { key: id, values: { targetOEE: 80 } } });
    expect(updated.body).toMatchObject({ targetID: id, targetOEE: 80, targetSummary: 1200 });
    await addTarget({ lineID: 2, tag: 'turno', targetOEE: 60 });
    const list = await call('GET', '/api/targets', {
      token: tokens.supervisor,
      query: { filter: ['tag', '=', 'turno'], sort: [{ selector: 'lineID', desc: true }], take: 1, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 2, data: [{ lineID: 2 }] });
    expect((await call('DELETE', '/api/targets/delete', { token: tokens.supervisor, form: { key: id } })).status).toBe(204);
    expect((await stored()).map((row) => row.targetID)).not.toContain(id);
  });

  it('GET /api/targets/get answers { data } of all targets to every role (the dashboard reads them)', async () => {
    const all = await stored();
    for (const token of Object.values(tokens)) {
      const answer = await call('GET', '/api/targets/get', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(all.length);
    }
    expect((await call('GET', '/api/targets/get')).status).toBe(401);
  });

  it('only the supervisor writes: administrator, operator and consultant get 403', async () => {
    const id = await addTarget({ lineID: 1, tag: 'permisos' });
    for (const token of [tokens.admin, tokens.operator, tokens.consultant]) {
      expect((await refusedWrite('POST', '/api/targets', { token, json: { values: { lineID: 1, tag: 'x' } } })).status).toBe(403);
      expect((await refusedWrite('PUT', '/api/targets', { token, json: { key: id, values: { targetOEE: 1 } } })).status).toBe(403);
      expect((await refusedWrite('DELETE', '/api/targets', { token, json: { key: id } })).status).toBe(403);
    }
  });

  it('(lineID, tag) is unique: a second target with the same tag on a line is 409', async () => {
    await addTarget({ lineID: 1, tag: 'unico' });
    expectError(
      await refusedWrite('POST', '/api/targets', { token: tokens.supervisor, json: { values: { lineID: 1, tag: 'unico' } } }),
      409,
      'La línea 1 ya tiene un objetivo con el tag unico.',
      'tag',
    );
    const other = await addTarget({ lineID: 1, tag: 'otro' });
    expectError(
      await refusedWrite('PUT', '/api/targets', { token: tokens.supervisor, json: { key: other, values: { tag: 'unico' } } }),
      409,
      'La línea 1 ya tiene un objetivo con el tag unico.',
      'tag',
    );
  });

  it('lineID and tag are required, the line must exist, targetSummary and targetOEE are numeric', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tag: 'x' }, 'lineID', 'El campo línea es obligatorio.'],
      [{ lineID: 50, tag: 'x' }, 'lineID', 'El campo línea hace referencia a un registro que no existe.'],
      [{ lineID: 1, tag: '' }, 'tag', 'El campo tag es obligatorio.'],
      [{ lineID: 1, tag: 'x', targetSummary: 'mucho' }, 'targetSummary', 'El campo objetivo de producción debe ser numérico.'],
      [{ lineID: 1, tag: 'x', targetOEE: 'alto' }, 'targetOEE', 'El campo objetivo de OEE debe ser numérico.'],
      [{ lineID: 1, tag: 'x', targetOEE: 120 }, 'targetOEE', 'El campo objetivo de OEE debe ser como máximo 100.'],
    ];
    for (const [values, field, message] of cases) {
      expectError(await refusedWrite('POST', '/api/targets', { token: tokens.supervisor, json: { values } }), 400, message, field);
    }
    const english = await refusedWrite('POST', '/api/targets', {
      token: tokens.supervisor,
      language: 'en',
      form: { values: { lineID: 1, tag: 'x', targetOEE: 'alto' } },
    });
    expectError(english, 400, 'The OEE target field must be a number.', 'targetOEE');
  });
});
