import { beforeAll, describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi({ lines: [1] });
const { call, tokens } = api;
let reasonID: number;
beforeAll(async () => {
  reasonID = (await api.insert('/api/stopreasons', { parentID: 8, reason: 'Atasco' })).reasonID;
});

const db = api.db;
const snapshot = async () => ({
  equipments: await db().selectFrom('equipments').selectAll().orderBy('equipmentID').execute(),
  links: await db().selectFrom('equipment_stop_reasons').selectAll().orderBy('equipmentID').orderBy('reasonID').execute(),
});

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(snapshot);

const llenadora = { name: 'Llenadora', description: 'Llenadora rotativa de 24 picos', tag: 'L1.LLEN', lineID: 1 };

const addEquipment = async (values: Record<string, unknown> = llenadora): Promise<number> =>
  (await api.insert('/api/equipments', values)).equipmentID;

describe('equipment', () => {
  it('round trip: insert answers the stored row, update, list with filter/sort/take/count, delete', async () => {
    const created = await call('POST', '/api/equipments/post', { token: tokens.supervisor, json: { values: llenadora } });
    expect(created.body).toEqual({ equipmentID: expect.any(Number), ...llenadora });
    const id = created.body.equipmentID;
    const updated = await call('PUT', '/api/equipments/put', {
      token: tokens.supervisor,
      form: { key: id, values: { tag: '', description: 'Llenadora nueva' } },
    });
    expect(updated.body).toEqual({ ...llenadora, equipmentID: id, tag: null, description: 'Llenadora nueva' });
    await addEquipment({ name: 'Etiquetadora', description: 'Etiquetadora', lineID: null });
    const list = await call('GET', '/api/equipments', {
      token: tokens.admin,
      query: { filter: ['lineID', '=', 1], sort: [{ selector: 'name', desc: true }], take: 10, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ equipmentID: id }] });
    expect((await call('DELETE', '/api/equipments/delete', { token: tokens.supervisor, form: { key: id } })).status).toBe(204);
    expect(await db().selectFrom('equipments').select('equipmentID').where('equipmentID', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('the administrator reads equipment but gets 403 writing it; operator and consultant get 403; no token 401', async () => {
    const id = await addEquipment();
    expect((await call('GET', '/api/equipments', { token: tokens.admin })).status).toBe(200);
    expect((await call('GET', '/api/equipments/stops', { token: tokens.admin, query: { filter: ['equipmentID', '=', id] } })).status).toBe(
      200,
    );
    expect((await refusedWrite('POST', '/api/equipments', { token: tokens.admin, json: { values: llenadora } })).status).toBe(403);
    expect((await refusedWrite('PUT', '/api/equipments', { token: tokens.admin, json: { key: id, values: { name: 'X' } } })).status).toBe(
      403,
    );
    expect((await refusedWrite('DELETE', '/api/equipments', { token: tokens.admin, json: { key: id } })).status).toBe(403);
    expect(
      (await refusedWrite('POST', '/api/equipments/stops', { token: tokens.admin, json: { values: { equipmentID: id, reasonID } } }))
        .status,
    ).toBe(403);
    for (const token of [tokens.operator, tokens.consultant]) {
      expect((await call('GET', '/api/equipments', { token })).status).toBe(403);
      expect((await call('GET', '/api/equipments/stops', { token })).status).toBe(403);
      expect((await refusedWrite('POST', '/api/equipments', { token, json: { values: llenadora } })).status).toBe(403);
    }
    expect((await call('GET', '/api/equipments')).status).toBe(401);
  });

  it('name (max 40) and description (max 100) are required; tag at most 48; the line must exist', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...llenadora, name: '' }, 'name', 'El campo nombre es obligatorio.'],
      [{ ...llenadora, name: 'n'.repeat(41) }, 'name', 'El campo nombre admite como máximo 40 caracteres.'],
      [{ ...llenadora, description: undefined }, 'description', 'El campo descripción es obligatorio.'],
      [{ ...llenadora, description: 'd'.repeat(101) }, 'description', 'El campo descripción admite como máximo 100 caracteres.'],
      [{ ...llenadora, tag: 't'.repeat(49) }, 'tag', 'El campo tag admite como máximo 48 caracteres.'],
      [{ ...llenadora, lineID: 77 }, 'lineID', 'El campo línea hace referencia a un registro que no existe.'],
    ];
    for (const [values, field, message] of cases) {
      expectError(await refusedWrite('POST', '/api/equipments', { token: tokens.supervisor, json: { values } }), 400, message, field);
    }
    const english = await refusedWrite('POST', '/api/equipments', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { ...llenadora, name: 'n'.repeat(41) } },
    });
    expectError(english, 400, 'The name field accepts at most 40 characters.', 'name');
  });
});

describe('equipment stop reasons (/api/equipments/stops)', () => {
  it('links a reason to equipment, lists the links by equipmentID with the reason text, and unlinks by {equipmentID, reasonID}', async () => {
    const id = await addEquipment();
    const other = await addEquipment({ name: 'Otra', description: 'Otra' });
    const linked = await call('POST', '/api/equipments/stops', {
      token: tokens.supervisor,
      form: { values: { equipmentID: id, reasonID } },
    });
    expect(linked.body).toEqual({ equipmentID: id, reasonID, reason: 'Atasco' });
    await call('POST', '/api/equipments/stops/post', { token: tokens.supervisor, json: { values: { equipmentID: other, reasonID } } });
    const list = await call('GET', '/api/equipments/stops/get', {
      token: tokens.supervisor,
      query: { filter: ['equipmentID', '=', id], requireTotalCount: true },
    });
    expect(list.body).toEqual({ data: [{ equipmentID: id, reasonID, reason: 'Atasco' }], totalCount: 1 });

    const again = await refusedWrite('POST', '/api/equipments/stops', {
      token: tokens.supervisor,
      json: { values: { equipmentID: id, reasonID } },
    });
    expectError(again, 409, 'Ya existe un registro con esa clave.');
    expect(
      (await call('DELETE', '/api/equipments/stops', { token: tokens.supervisor, form: { key: { equipmentID: id, reasonID } } })).status,
    ).toBe(204);
    expect(await db().selectFrom('equipment_stop_reasons').selectAll().where('equipmentID', '=', id).execute()).toEqual([]);
    // Deleting an equipment takes its links with it.
    expect((await call('DELETE', '/api/equipments', { token: tokens.supervisor, form: { key: other } })).status).toBe(204);
    expect(await db().selectFrom('equipment_stop_reasons').selectAll().where('equipmentID', '=', other).execute()).toEqual([]);
  });

  it('only a reason can be linked, not a category; both sides must exist', async () => {
    const id = await addEquipment();
    expectError(
      await refusedWrite('POST', '/api/equipments/stops', { token: tokens.supervisor, json: { values: { equipmentID: id, reasonID: 8 } } }),
      400,
      'Debe seleccionar un motivo de parada, no una categoría.',
      'reasonID',
    );
    expectError(
      await refusedWrite('POST', '/api/equipments/stops', {
        token: tokens.supervisor,
        json: { values: { equipmentID: id, reasonID: 5000 } },
      }),
      400,
      'El campo motivo hace referencia a un registro que no existe.',
      'reasonID',
    );
    expectError(
      await refusedWrite('POST', '/api/equipments/stops', { token: tokens.supervisor, json: { values: { equipmentID: 5000, reasonID } } }),
      400,
      'El campo equipo hace referencia a un registro que no existe.',
      'equipmentID',
    );
    expectError(
      await refusedWrite('POST', '/api/equipments/stops', { token: tokens.supervisor, json: { values: { equipmentID: id } } }),
      400,
      'El campo motivo es obligatorio.',
      'reasonID',
    );
  });

  it('has no update call: a link is a pair with nothing else to edit', async () => {
    expect(
      (await call('PUT', '/api/equipments/stops', { token: tokens.supervisor, json: { key: { equipmentID: 1, reasonID }, values: {} } }))
        .status,
    ).toBe(404);
  });
});
