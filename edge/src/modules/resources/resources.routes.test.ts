import { describe, expect, it } from 'vitest';
import type { TestEdge } from '../../../../test/support/test-edge';
import {
  expectAdministratorOnly,
  expectEveryRole,
  expectFieldError,
  insert,
  onSharedEdge,
  type RoleTokens,
} from '../../../../test/support/module-fixtures';

let t: TestEdge;
let tokens: RoleTokens;
let sectorA: number;
let sectorB: number;
onSharedEdge(async (edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
  sectorA = (await insert(t, '/api/sectors', { sectorName: 'A Envasado' })).sectorID;
  sectorB = (await insert(t, '/api/sectors', { sectorName: 'B Molienda' })).sectorID;
  await insert(t, '/api/sectors', { sectorName: 'C Vacío' });
  const server = await db()
    .insertInto('opc_servers')
    .values({ name: 'PLC', description: null, hostName: 'opc.tcp://plc:4840', serverType: 'UA', apiKeyHash: null })
    .returning('opcServerID')
    .executeTakeFirstOrThrow();
  for (const tagName of ['Line1.Running', 'Line1.Units', 'Line1.Discards']) {
    await db()
      .insertInto('opc_tags')
      .values({ tagName, tagType: 'Int32', opcServerID: server.opcServerID, tagValue: `ns=2;s=${tagName}` })
      .execute();
  }
});

const db = () => t.edge.plant.db!;
const storedLine = (lineID: number) => db().selectFrom('lines').selectAll().where('lineID', '=', lineID).executeTakeFirst();
const post = (values: Record<string, unknown>, language?: 'en') =>
  t.call('POST', '/api/Resources/PostResources', { token: t.adminToken, form: { values }, language });

describe('resources (production lines)', () => {
  it('round trip under the named spellings: insert answers the stored row, update, list, delete', async () => {
    const inserted = await post({
      lineID: 7,
      sectorID: sectorA,
      description: 'Envasadora 7',
      calculationBaliza: '// @oee edited=1 tags=["Line1.Running"]\nLine1.Running != 0',
      calculationUnits: 'Line1.Units',
      fixedThroughput: true,
      enableStopsManager: 'true',
      enableIndicadorPorTurno: 1,
      startupRejectMinutes: 15,
    });
    expect(inserted.status, inserted.text).toBe(200);
    expect(inserted.body).toEqual({
      lineID: 7,
      sectorID: sectorA,
      description: 'Envasadora 7',
      calculationBaliza: '// @oee edited=1 tags=["Line1.Running"]\nLine1.Running != 0',
      calculationUnits: 'Line1.Units',
      calculationDiscards: null,
      fixedThroughput: 1,
      enableStopsManager: true,
      enableOrderManager: false,
      enableProductionManager: false,
      enableCalculationRelative: false,
      enableIndicadorPorTurno: true,
      startupRejectMinutes: 15,
      updatedBy: 'admin',
      updateDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
    });

    // The start-up window (issue 29) is 1 to 1,440 whole minutes or blank: anything else is refused and changes nothing.
    for (const bad of [0, 1_441, 2.5, 'diez']) {
      const refused = await t.call('PUT', '/api/Resources/PutResources', {
        token: t.adminToken,
        form: { key: 7, values: { startupRejectMinutes: bad } },
      });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.error.fields.startupRejectMinutes, String(bad)).toEqual(expect.any(String));
    }
    expect(
      (await db().selectFrom('lines').select('startupRejectMinutes').where('lineID', '=', 7).executeTakeFirst())?.startupRejectMinutes,
    ).toBe(15);

    const updated = await t.call('PUT', '/api/Resources/PutResources', {
      token: t.adminToken,
      form: {
        key: 7,
        values: { description: 'Envasadora siete', fixedThroughput: null, calculationDiscards: 'Line1.Discards', startupRejectMinutes: '' },
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      lineID: 7,
      description: 'Envasadora siete',
      startupRejectMinutes: null,
      fixedThroughput: null,
      calculationDiscards: 'Line1.Discards',
      enableStopsManager: true,
    });

    await post({ lineID: 3, sectorID: sectorB, description: 'Molino 3' });
    await post({ lineID: 12, sectorID: sectorA, description: 'Envasadora 12' });
    const list = await t.call('GET', '/api/Resources/Get', {
      token: t.adminToken,
      query: {
        filter: ['sectorID', '=', sectorA],
        sort: [{ selector: 'lineID', desc: true }],
        skip: 0,
        take: 1,
        requireTotalCount: 'true',
      },
    });
    expect(list.body.totalCount).toBe(2);
    expect(list.body.data.map((l: { lineID: number }) => l.lineID)).toEqual([12]);

    const outbox = await db().selectFrom('outbox').select('operation').where('entity', '=', 'lines').execute();
    expect(outbox.length).toBe(4);

    const removed = await t.call('DELETE', '/api/Resources/DeleteResources', { token: t.adminToken, form: { key: 12 } });
    expect(removed.status).toBe(204);
    expect(await storedLine(12)).toBeUndefined();
  });

  it("lineID is required, whole and 1 to 99: 'Defina una línea de 1 a 99.'", async () => {
    for (const lineID of [undefined, 0, 100, 2.5]) {
      expectFieldError(await post({ lineID, sectorID: sectorA, description: 'X' }), 'lineID', 'Defina una línea de 1 a 99.');
    }
    expectFieldError(await post({ lineID: 100, sectorID: sectorA, description: 'X' }, 'en'), 'lineID', 'Define a line from 1 to 99.');
    expect(await storedLine(100)).toBeUndefined();
  });

  it('the line number is not generated and cannot change after insert', async () => {
    const duplicate = await post({ lineID: 3, sectorID: sectorA, description: 'Otra' });
    expect(duplicate.status).toBe(409);
    const moved = await t.call('PUT', '/api/Resources', {
      token: t.adminToken,
      json: { key: 3, values: { lineID: 4, description: 'Movida' } },
    });
    expectFieldError(moved, 'lineID', 'El campo línea no se puede modificar.');
    expect(await storedLine(4)).toBeUndefined();
    expect((await storedLine(3))?.description).toBe('Molino 3');
  });

  it('sectorID is required and must exist; description is required, at most 40 characters', async () => {
    const before = await db().selectFrom('lines').selectAll().execute();
    expectFieldError(await post({ lineID: 20, description: 'X' }), 'sectorID', 'El campo sector es obligatorio.');
    expectFieldError(
      await post({ lineID: 20, sectorID: 9999, description: 'X' }),
      'sectorID',
      'El campo sector hace referencia a un registro que no existe.',
    );
    expectFieldError(
      await post({ lineID: 20, sectorID: sectorA, description: ' ' }),
      'description',
      'El campo descripción es obligatorio.',
    );
    expectFieldError(
      await post({ lineID: 20, sectorID: sectorA, description: 'x'.repeat(41) }),
      'description',
      'El campo descripción admite como máximo 40 caracteres.',
    );
    expectFieldError(
      await post({ lineID: 20, sectorID: sectorA, description: 'x'.repeat(41) }, 'en'),
      'description',
      'The description field accepts at most 40 characters.',
    );
    const update = await t.call('PUT', '/api/Resources', { token: t.adminToken, form: { key: 3, values: { description: '' } } });
    expectFieldError(update, 'description', 'El campo descripción es obligatorio.');
    expect(await db().selectFrom('lines').selectAll().execute()).toEqual(before);
  });

  it('a script that does not compile, has the wrong kind or names an unknown tag is refused with its position, in the request language', async () => {
    const before = await storedLine(7);
    const cases = [
      { field: 'calculationBaliza', script: 'Line1.Running >', detail: "Falta un valor después de '>' en la línea 1, columna 15" },
      {
        field: 'calculationUnits',
        script: 'Line1.Units > 0',
        detail: 'El script debe dar un número, no un booleano en la línea 1, columna 13',
      },
      {
        field: 'calculationDiscards',
        script: '// @oee edited=1 tags=[]\nLine1.Discardz',
        detail: "Tag desconocido 'Line1.Discardz' en la línea 2, columna 1",
      },
    ];
    for (const { field, script, detail } of cases) {
      const result = await t.call('PUT', '/api/Resources', { token: t.adminToken, form: { key: 7, values: { [field]: script } } });
      expectFieldError(
        result,
        field,
        `El script ${field === 'calculationBaliza' ? 'baliza' : field === 'calculationUnits' ? 'unidades' : 'descartes'} no es válido: ${detail}`,
      );
    }
    expect(await storedLine(7)).toEqual(before);
    const english = await post({ lineID: 21, sectorID: sectorA, description: 'X', calculationBaliza: '1 +' }, 'en');
    expect(english.body.error.fields.calculationBaliza).toBe("The beacon script is not valid: Missing value after '+' at line 1, column 3");
  });

  it('an unchanged script is not judged again, and a blank one means none', async () => {
    // A tag that disappeared since the script was saved does not block editing the rest of the line.
    await db().updateTable('lines').set({ calculationUnits: 'Gone.Tag' }).where('lineID', '=', 7).execute();
    const edited = await t.call('PUT', '/api/Resources', { token: t.adminToken, form: { key: 7, values: { description: 'Renombrada' } } });
    expect(edited.status, edited.text).toBe(200);
    const cleared = await t.call('PUT', '/api/Resources', { token: t.adminToken, form: { key: 7, values: { calculationUnits: '  ' } } });
    expect(cleared.body.calculationUnits).toBeNull();
  });

  it('a line still used by a terminal or a stop cannot be deleted (409) and stays', async () => {
    await insert(t, '/api/terminals', { lineID: 3, ipAddress: '10.0.0.3' });
    const refused = await t.call('DELETE', '/api/Resources/DeleteResources', { token: t.adminToken, form: { key: 3 } });
    expect(refused.status).toBe(409);
    await db()
      .insertInto('stops')
      .values({
        lineID: 7,
        startDate: 1,
        endDate: 2,
        order: null,
        op: null,
        equipmentName: null,
        reason: null,
        reasonID: null,
        root: null,
        path: null,
        observation: null,
        maintenanceReason: null,
        declaringTime: null,
        waitingTime: null,
        maintenanceTime: null,
        color: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    expect((await t.call('DELETE', '/api/Resources', { token: t.adminToken, form: { key: 7 } })).status).toBe(409);
    expect(await storedLine(3)).toBeDefined();
    expect(await storedLine(7)).toBeDefined();
  });

  it('tree: sectors with their lines, to every role', async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/resources/tree');
    const tree = await t.call('GET', '/api/resources/tree', { token: tokens[3] });
    expect(tree.body).toEqual([
      { sectorID: sectorA, sectorName: 'A Envasado', lines: [{ lineID: 7, description: 'Renombrada' }] },
      { sectorID: sectorB, sectorName: 'B Molienda', lines: [{ lineID: 3, description: 'Molino 3' }] },
      { sectorID: expect.any(Number), sectorName: 'C Vacío', lines: [] },
    ]);
  });

  it('LookupResources: { value, text, sectorID }, optionally of one sector, to every role', async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/Resources/LookupResources');
    const all = await t.call('GET', '/api/Resources/LookupResources', { token: tokens[4] });
    expect(all.body).toEqual([
      { value: 3, text: 'Molino 3', sectorID: sectorB },
      { value: 7, text: 'Renombrada', sectorID: sectorA },
    ]);
    const ofSector = await t.call('GET', '/api/resources/lookupresources', { token: tokens[2], query: { sectorID: String(sectorB) } });
    expect(ofSector.body).toEqual([{ value: 3, text: 'Molino 3', sectorID: sectorB }]);
  });

  it('GetById and isIndicadorPorTurno answer every role; 404 for an unknown line, 400 for a bad number', async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/Resources/GetById/7');
    const line = await t.call('GET', '/api/Resources/GetById/7', { token: tokens[3] });
    expect(line.body).toEqual({
      lineID: 7,
      description: 'Renombrada',
      sectorID: sectorA,
      sectorName: 'A Envasado',
      fixedThroughput: null,
      enableStopsManager: true,
      enableOrderManager: false,
      enableProductionManager: false,
      enableCalculationRelative: false,
      enableIndicadorPorTurno: true,
    });
    expect((await t.call('GET', '/api/Resources/GetById/55', { token: tokens[3] })).status).toBe(404);
    expect((await t.call('GET', '/api/Resources/GetById/abc', { token: tokens[3] })).status).toBe(400);

    await expectEveryRole(t, tokens, 'GET', '/api/resources/isIndicadorPorTurno?lineID=7');
    expect((await t.call('GET', '/api/resources/isIndicadorPorTurno', { token: tokens[4], query: { lineID: '7' } })).body).toBe(true);
    expect((await t.call('GET', '/api/resources/isIndicadorPorTurno', { token: tokens[4], query: { lineID: '3' } })).body).toBe(false);
    expect((await t.call('GET', '/api/resources/isIndicadorPorTurno', { token: tokens[4], query: { lineID: '55' } })).status).toBe(404);
    const missing = await t.call('GET', '/api/resources/isIndicadorPorTurno', { token: tokens[4] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.lineID).toBe('El campo línea es obligatorio.');
  });

  it('the grid is the administrator’s (403 for other roles, 401 without a token)', async () => {
    await expectAdministratorOnly(t, tokens, 'GET', '/api/Resources/Get');
    await expectAdministratorOnly(t, tokens, 'POST', '/api/Resources/PostResources', {
      form: { values: { lineID: 30, sectorID: sectorA, description: 'X' } },
    });
    await expectAdministratorOnly(t, tokens, 'PUT', '/api/Resources/PutResources', { form: { key: 3, values: { description: 'X' } } });
    await expectAdministratorOnly(t, tokens, 'DELETE', '/api/Resources/DeleteResources', { form: { key: 3 } });
    expect(await storedLine(30)).toBeUndefined();
    expect((await storedLine(3))?.description).toBe('Molino 3');
  });
});
