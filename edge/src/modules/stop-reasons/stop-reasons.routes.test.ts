import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi({ lines: [1, 2] });
const { call, tokens } = api;

const db = api.db;
const storedReasons = () => db().selectFrom('stop_reasons').selectAll().orderBy('reasonID').execute();
const outboxFor = (reasonID: number) =>
  db()
    .selectFrom('outbox')
    .select(['operation', 'payload'])
    .where('entity', '=', 'stop_reasons')
    .where('entityKey', '=', JSON.stringify({ reasonID }))
    .orderBy('seq')
    .execute();

const insertReason = (values: Record<string, unknown>): Promise<{ reasonID: number } & Record<string, unknown>> =>
  api.insert('/api/stopreasons', values);

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(storedReasons);

describe('stop reasons: access', () => {
  it('every role reads the reasons (operators recognize stops with them); no token is 401', async () => {
    for (const token of Object.values(tokens)) {
      const list = await call('GET', '/api/stopreasons/get', { token, query: { filter: ['parentID', '=', 1] } });
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: { reasonID: number }) => r.reasonID).sort()).toEqual([2, 7, 8]);
    }
    expect((await call('GET', '/api/stopreasons')).status).toBe(401);
  });

  it('only the supervisor writes: administrator, operator and consultant get 403 and nothing changes', async () => {
    for (const token of [tokens.admin, tokens.operator, tokens.consultant]) {
      const post = await refusedWrite('POST', '/api/stopreasons', { token, form: { values: { parentID: 8, reason: 'X' } } });
      expect(post.status).toBe(403);
      expect((await refusedWrite('PUT', '/api/stopreasons', { token, form: { key: 8, values: { color: '#000000' } } })).status).toBe(403);
      expect((await refusedWrite('DELETE', '/api/stopreasons', { token, form: { key: 8 } })).status).toBe(403);
      expect(
        (await refusedWrite('PUT', '/api/stopreasons/lines', { token, json: { reasonID: 8, lineID: 1, enabled: false } })).status,
      ).toBe(403);
    }
  });
});

describe('stop reasons: grid calls', () => {
  it('insert answers the stored row, stamped, with systemStop false and every line enabled', async () => {
    const category = await insertReason({ parentID: 8, reason: 'Mecánicas', isCategory: true, color: '#112233' });
    expect(category).toMatchObject({
      parentID: 8,
      reason: 'Mecánicas',
      isCategory: true,
      systemStop: false,
      pareto: false,
      discountOEE: false,
      enabledForLine: [],
      color: '#112233',
      updatedBy: 'tsuper',
    });
    expect(typeof category.updateDate).toBe('string');
    const reason = await insertReason({
      parentID: category.reasonID,
      reason: 'Rotura de cinta',
      detail: 'Cinta principal',
      pareto: true,
      discountOEE: true,
    });
    expect(reason).toMatchObject({
      parentID: category.reasonID,
      isCategory: false,
      pareto: true,
      discountOEE: true,
      detail: 'Cinta principal',
    });
  });

  it('update changes the given fields and answers the stored row; delete removes a leaf', async () => {
    const reason = await insertReason({ parentID: 8, reason: 'Falta de material' });
    const updated = await call('PUT', '/api/stopreasons/put', {
      token: tokens.supervisor,
      json: { key: reason.reasonID, values: { reason: 'Falta de insumos', color: '#aabbcc', enabledForLine: [1] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      reasonID: reason.reasonID,
      reason: 'Falta de insumos',
      color: '#aabbcc',
      enabledForLine: [1],
      parentID: 8,
    });
    const deleted = await call('DELETE', '/api/stopreasons/delete', { token: tokens.supervisor, form: { key: reason.reasonID } });
    expect(deleted.status).toBe(204);
    expect(
      await db().selectFrom('stop_reasons').select('reasonID').where('reasonID', '=', reason.reasonID).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lists with filter on parentID, sort, take and requireTotalCount', async () => {
    for (const name of ['Zeta', 'Alfa', 'Beta']) await insertReason({ parentID: 7, reason: name });
    const page = await call('GET', '/api/stopreasons', {
      token: tokens.operator,
      query: {
        filter: [['parentID', '=', 7], 'and', ['isCategory', '=', false]],
        sort: [{ selector: 'reason', desc: true }],
        take: 2,
        requireTotalCount: true,
      },
    });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(3);
    expect(page.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Zeta', 'Beta']);
  });

  it('every insert, update and delete writes its outbox row in the same transaction', async () => {
    const reason = await insertReason({ parentID: 8, reason: 'Sincronizada' });
    await call('PUT', '/api/stopreasons', { token: tokens.supervisor, json: { key: reason.reasonID, values: { pareto: true } } });
    await call('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: reason.reasonID } });
    const rows = await outboxFor(reason.reasonID);
    expect(rows.map((r) => r.operation)).toEqual(['upsert', 'upsert', 'delete']);
    expect(JSON.parse(rows[1]!.payload!)).toMatchObject({ reasonID: reason.reasonID, pareto: 1, updatedBy: 'tsuper' });
  });
});

describe('stop reasons: validation (SPEC.md section 5)', () => {
  it("a reason without a category is refused with 'Debe seleccionar una categoría.' (English: 'You must select a category.')", async () => {
    expectError(
      await refusedWrite('POST', '/api/stopreasons', { token: tokens.supervisor, json: { values: { reason: 'Sin padre' } } }),
      400,
      'Debe seleccionar una categoría.',
      'parentID',
    );
    const english = await refusedWrite('POST', '/api/stopreasons', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { reason: 'Sin padre', parentID: null } },
    });
    expectError(english, 400, 'You must select a category.', 'parentID');
  });

  it('the parent must exist and be a category, not a plain reason', async () => {
    expectError(
      await refusedWrite('POST', '/api/stopreasons', { token: tokens.supervisor, json: { values: { reason: 'Hijo', parentID: 3 } } }),
      400,
      'La categoría seleccionada no existe o no es una categoría.',
      'parentID',
    );
    expectError(
      await refusedWrite('POST', '/api/stopreasons', { token: tokens.supervisor, json: { values: { reason: 'Hijo', parentID: 999 } } }),
      400,
      'La categoría seleccionada no existe o no es una categoría.',
      'parentID',
    );
  });

  it('reason is required and at most 80 characters; detail at most 255', async () => {
    expectError(
      await refusedWrite('POST', '/api/stopreasons', { token: tokens.supervisor, json: { values: { parentID: 8, reason: '  ' } } }),
      400,
      'El campo motivo es obligatorio.',
      'reason',
    );
    expectError(
      await refusedWrite('POST', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { values: { parentID: 8, reason: 'x'.repeat(81) } },
      }),
      400,
      'El campo motivo admite como máximo 80 caracteres.',
      'reason',
    );
    expect(
      (await call('POST', '/api/stopreasons', { token: tokens.supervisor, json: { values: { parentID: 8, reason: 'y'.repeat(80) } } }))
        .status,
    ).toBe(200);
    const english = await refusedWrite('POST', '/api/stopreasons', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { parentID: 8, reason: 'R', detail: 'd'.repeat(256) } },
    });
    expectError(english, 400, 'The detail field accepts at most 255 characters.', 'detail');
  });

  it('the colour must be #rrggbb', async () => {
    expectError(
      await refusedWrite('POST', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { values: { parentID: 8, reason: 'R', color: 'red' } },
      }),
      400,
      'El color debe tener el formato #rrggbb.',
      'color',
    );
  });

  it('systemStop can never be set through the API', async () => {
    expectError(
      await refusedWrite('POST', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { values: { parentID: 8, reason: 'R', systemStop: true } },
      }),
      400,
      'El campo parada de sistema no se puede modificar en este registro.',
      'systemStop',
    );
    const reason = await insertReason({ parentID: 8, reason: 'Común' });
    expectError(
      await refusedWrite('PUT', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { key: reason.reasonID, values: { systemStop: true } },
      }),
      400,
      'El campo parada de sistema no se puede modificar en este registro.',
      'systemStop',
    );
  });

  it('isCategory is set on insert and cannot be edited afterwards', async () => {
    const reason = await insertReason({ parentID: 8, reason: 'Hoja' });
    const answer = await refusedWrite('PUT', '/api/stopreasons', {
      token: tokens.supervisor,
      json: { key: reason.reasonID, values: { isCategory: true } },
    });
    expectError(answer, 400, 'No se puede cambiar si el registro es categoría o motivo una vez creado.', 'isCategory');
  });

  it('a category cannot be moved inside itself or below itself', async () => {
    const outer = await insertReason({ parentID: 8, reason: 'Externa', isCategory: true });
    const inner = await insertReason({ parentID: outer.reasonID, reason: 'Interna', isCategory: true });
    expectError(
      await refusedWrite('PUT', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { key: outer.reasonID, values: { parentID: inner.reasonID } },
      }),
      400,
      'Un motivo no puede quedar dentro de sí mismo.',
      'parentID',
    );
    expectError(
      await refusedWrite('PUT', '/api/stopreasons', {
        token: tokens.supervisor,
        json: { key: outer.reasonID, values: { parentID: outer.reasonID } },
      }),
      400,
      'Un motivo no puede quedar dentro de sí mismo.',
      'parentID',
    );
  });

  it('the key reasonID cannot be changed', async () => {
    const answer = await refusedWrite('PUT', '/api/stopreasons', {
      token: tokens.supervisor,
      json: { key: 8, values: { reasonID: 99, color: '#000000' } },
    });
    expectError(answer, 400, 'El campo motivo no se puede modificar.', 'reasonID');
  });
});

describe('stop reasons: system stops and deletes', () => {
  it('on a system stop only colour and pareto can be edited (data.systemStop)', async () => {
    const ok = await call('PUT', '/api/stopreasons', {
      token: tokens.supervisor,
      json: { key: 3, values: { color: '#010203', pareto: false } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ reasonID: 3, color: '#010203', pareto: false, reason: 'Microparada', systemStop: true });
    const renamed = await refusedWrite('PUT', '/api/stopreasons', {
      token: tokens.supervisor,
      json: { key: 3, values: { reason: 'Otra cosa' } },
    });
    expectError(renamed, 400, 'En las paradas de sistema solo se puede modificar el color y pareto.', 'reason');
    const english = await refusedWrite('PUT', '/api/stopreasons', {
      token: tokens.supervisor,
      language: 'en',
      json: { key: 7, values: { discountOEE: true } },
    });
    expectError(english, 400, 'On system stops only the colour and pareto can be changed.', 'discountOEE');
    // The root has no parent; its colour can still be edited.
    expect(
      (await call('PUT', '/api/stopreasons', { token: tokens.supervisor, json: { key: 1, values: { color: '#ffffff' } } })).status,
    ).toBe(200);
  });

  it('a system stop can never be deleted (data.systemDelete)', async () => {
    for (const reasonID of [1, 2, 3, 8]) {
      expectError(
        await refusedWrite('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: reasonID } }),
        409,
        'Las paradas de sistema no se pueden eliminar.',
      );
    }
  });

  it('a category with children cannot be deleted (409); once empty it can', async () => {
    const category = await insertReason({ parentID: 7, reason: 'Con hijos', isCategory: true });
    const child = await insertReason({ parentID: category.reasonID, reason: 'Hijo' });
    expectError(
      await refusedWrite('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: category.reasonID } }),
      409,
      'No se puede eliminar una categoría que contiene motivos.',
    );
    expect((await call('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: child.reasonID } })).status).toBe(204);
    expect((await call('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: category.reasonID } })).status).toBe(204);
  });

  it('a reason used by stops is kept (409 data.inUse); its equipment links go with a deleted reason', async () => {
    const used = await insertReason({ parentID: 8, reason: 'Usada' });
    await db()
      .insertInto('stops')
      .values({ lineID: 1, reasonID: used.reasonID, startDate: 1_000, endDate: 2_000 } as never)
      .execute();
    expectError(
      await refusedWrite('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: used.reasonID } }),
      409,
      'No se puede eliminar: el registro está siendo utilizado por otros datos.',
    );

    const linked = await insertReason({ parentID: 8, reason: 'Vinculada' });
    const equipment = await db()
      .insertInto('equipments')
      .values({ name: 'Llenadora', description: 'Llenadora 1', tag: null, lineID: 1 })
      .returning('equipmentID')
      .executeTakeFirstOrThrow();
    await db().insertInto('equipment_stop_reasons').values({ equipmentID: equipment.equipmentID, reasonID: linked.reasonID }).execute();
    expect((await call('DELETE', '/api/stopreasons', { token: tokens.supervisor, json: { key: linked.reasonID } })).status).toBe(204);
    expect(await db().selectFrom('equipment_stop_reasons').selectAll().where('reasonID', '=', linked.reasonID).execute()).toEqual([]);
  });
});

describe('stop reasons: root lookup', () => {
  it('lists the top categories (children of reason 1) as value/text, for every role', async () => {
    const answer = await call('GET', '/api/stopreasons/rootlookup', { token: tokens.operator });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { value: 8, text: 'No planificadas' },
      { value: 7, text: 'Planificadas' },
      { value: 2, text: 'Sistema' },
    ]);
  });

  it("includeOptionForAll=true puts {value: 0, text: 'Todos'} first ('All' in English)", async () => {
    const spanish = await call('GET', '/api/stopreasons/rootlookup', { token: tokens.consultant, query: { includeOptionForAll: 'true' } });
    expect(spanish.body[0]).toEqual({ value: 0, text: 'Todos' });
    expect(spanish.body).toHaveLength(4);
    const english = await call('GET', '/api/stopreasons/rootlookup', {
      token: tokens.consultant,
      language: 'en',
      query: { includeOptionForAll: 'true' },
    });
    expect(english.body[0]).toEqual({ value: 0, text: 'All' });
    const without = await call('GET', '/api/stopreasons/rootlookup', { token: tokens.consultant, query: { includeOptionForAll: 'false' } });
    expect(without.body).toHaveLength(3);
  });
});

describe('stop reasons: show/hide per line (PUT /api/stopreasons/lines)', () => {
  it('hides and shows a reason per line: [] is every line, [0] no line; each change is synced', async () => {
    const reason = await insertReason({ parentID: 8, reason: 'Por línea' });
    const set = async (lineID: number, enabled: boolean) => {
      const answer = await call('PUT', '/api/stopreasons/lines', {
        token: tokens.supervisor,
        json: { reasonID: reason.reasonID, lineID, enabled },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.enabledForLine as number[];
    };
    expect(await set(2, false)).toEqual([1]);
    expect(await set(1, false)).toEqual([0]);
    expect(await set(2, true)).toEqual([2]);
    expect(await set(1, true)).toEqual([]);
    const form = await call('PUT', '/api/stopreasons/lines', {
      token: tokens.supervisor,
      form: { reasonID: String(reason.reasonID), lineID: '1', enabled: 'false' },
    });
    expect(form.body).toMatchObject({ enabledForLine: [2], updatedBy: 'tsuper' });
    expect((await outboxFor(reason.reasonID)).length).toBe(6);
  });

  it('refuses system stops, unknown lines and unknown reasons, changing nothing', async () => {
    expectError(
      await refusedWrite('PUT', '/api/stopreasons/lines', { token: tokens.supervisor, json: { reasonID: 3, lineID: 1, enabled: false } }),
      400,
      'En las paradas de sistema solo se puede modificar el color y pareto.',
      'enabledForLine',
    );
    expect(
      (
        await refusedWrite('PUT', '/api/stopreasons/lines', {
          token: tokens.supervisor,
          json: { reasonID: 8000, lineID: 1, enabled: false },
        })
      ).status,
    ).toBe(404);
    const reason = await insertReason({ parentID: 8, reason: 'Línea inexistente' });
    const unknownLine = await refusedWrite('PUT', '/api/stopreasons/lines', {
      token: tokens.supervisor,
      json: { reasonID: reason.reasonID, lineID: 42, enabled: false },
    });
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.error.fields.lineID).toBeDefined();
    expectError(
      await refusedWrite('PUT', '/api/stopreasons/lines', { token: tokens.supervisor, json: { reasonID: reason.reasonID, lineID: 1 } }),
      400,
      'El campo habilitado es obligatorio.',
      'enabled',
    );
  });
});
