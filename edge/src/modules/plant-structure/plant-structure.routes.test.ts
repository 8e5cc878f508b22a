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
onSharedEdge((edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
});

const db = () => t.edge.plant.db!;

describe('buildings and sectors', () => {
  it('round trip: insert answers the stored row, update, list with filter/sort/skip/take/total, delete', async () => {
    const north = await insert(t, '/api/buildings', { buildingName: '  Norte  ' });
    expect(north).toEqual({ buildingId: expect.any(Number), buildingName: 'Norte' });
    const south = await insert(t, '/api/buildings', { buildingName: 'Sur' });

    const renamed = await t.call('PUT', '/api/buildings/put', {
      token: t.adminToken,
      form: { key: south.buildingId, values: { buildingName: 'Sur 2' } },
    });
    expect(renamed.body).toEqual({ buildingId: south.buildingId, buildingName: 'Sur 2' });

    const sector = await insert(t, '/api/sectors', { sectorName: 'Envasado', buildingId: north.buildingId });
    expect(sector).toEqual({ sectorID: expect.any(Number), sectorName: 'Envasado', buildingId: north.buildingId });
    await insert(t, '/api/sectors', { sectorName: 'Molienda', buildingId: south.buildingId });
    await insert(t, '/api/sectors', { sectorName: 'Almacén' });

    const page = await t.call('GET', '/api/sectors/get', {
      token: t.adminToken,
      query: {
        filter: [['buildingId', '<>', null]],
        sort: [{ selector: 'sectorName', desc: true }],
        skip: 1,
        take: 1,
        requireTotalCount: true,
      },
    });
    expect(page.body).toEqual({ data: [expect.objectContaining({ sectorName: 'Envasado' })], totalCount: 2 });
    // Skipped without a page size: the rest of the list (SQLite takes an OFFSET only after a LIMIT).
    const rest = await t.call('GET', '/api/sectors/get', { token: t.adminToken, query: { sort: [{ selector: 'sectorName' }], skip: 1 } });
    expect(rest.body.data.map((row: { sectorName: string }) => row.sectorName)).toEqual(['Envasado', 'Molienda']);

    const outbox = await db()
      .selectFrom('outbox')
      .select(['entity', 'operation'])
      .where('entity', 'in', ['buildings', 'sectors'])
      .execute();
    expect(outbox.length).toBe(6); // synced tables: every write has its outbox row

    const deleted = await t.call('DELETE', '/api/sectors/delete', { token: t.adminToken, form: { key: sector.sectorID } });
    expect(deleted.status).toBe(204);
    expect(await db().selectFrom('sectors').selectAll().where('sectorID', '=', sector.sectorID).executeTakeFirst()).toBeUndefined();
  });

  it('building name and sector name are required (400 on the field, nothing stored)', async () => {
    const before = await db().selectFrom('buildings').selectAll().execute();
    expectFieldError(
      await t.call('POST', '/api/buildings', { token: t.adminToken, form: { values: { buildingName: '  ' } } }),
      'buildingName',
      'El campo nombre del edificio es obligatorio.',
    );
    expectFieldError(
      await t.call('POST', '/api/buildings', { token: t.adminToken, language: 'en', form: { values: {} } }),
      'buildingName',
      'The building name field is required.',
    );
    expect(await db().selectFrom('buildings').selectAll().execute()).toEqual(before);

    const sectors = await db().selectFrom('sectors').selectAll().execute();
    expectFieldError(
      await t.call('POST', '/api/sectors', { token: t.adminToken, form: { values: { sectorName: '' } } }),
      'sectorName',
      'El campo nombre del sector es obligatorio.',
    );
    expectFieldError(
      await t.call('POST', '/api/sectors', { token: t.adminToken, form: { values: { sectorName: 'X', buildingId: 9999 } } }),
      'buildingId',
      'El campo edificio hace referencia a un registro que no existe.',
    );
    const first = sectors[0]!;
    expectFieldError(
      await t.call('PUT', '/api/sectors', { token: t.adminToken, json: { key: first.sectorID, values: { sectorName: '' } } }),
      'sectorName',
      'El campo nombre del sector es obligatorio.',
    );
    expect(await db().selectFrom('sectors').selectAll().execute()).toEqual(sectors);
  });

  it('a building that still has sectors cannot be deleted (409) and stays', async () => {
    const building = await insert(t, '/api/buildings', { buildingName: 'Con sectores' });
    await insert(t, '/api/sectors', { sectorName: 'Dentro', buildingId: building.buildingId });
    const refused = await t.call('DELETE', '/api/buildings', { token: t.adminToken, form: { key: building.buildingId } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('No se puede eliminar: el registro está siendo utilizado por otros datos.');
    expect(
      await db().selectFrom('buildings').select('buildingId').where('buildingId', '=', building.buildingId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('lookups answer { value, text } to every role', async () => {
    await expectEveryRole(t, tokens, 'GET', '/api/buildings/lookup');
    await expectEveryRole(t, tokens, 'GET', '/api/sectors/lookup');
    const buildings = await t.call('GET', '/api/buildings/lookup', { token: tokens[3] });
    expect(buildings.body).toContainEqual({ value: expect.any(Number), text: 'Norte' });
    const sectors = await t.call('GET', '/api/sectors/lookup', { token: tokens[4] });
    expect(sectors.body).toContainEqual(expect.objectContaining({ value: expect.any(Number), text: 'Molienda' }));
    expect((await t.call('GET', '/api/sectors/lookup')).status).toBe(401);
  });

  it('grids are the administrator’s: reads and writes refused to other roles (403) and without a token (401)', async () => {
    for (const path of ['/api/buildings', '/api/sectors']) {
      await expectAdministratorOnly(t, tokens, 'GET', path);
      await expectAdministratorOnly(t, tokens, 'POST', path, { form: { values: { buildingName: 'X', sectorName: 'X' } } });
      await expectAdministratorOnly(t, tokens, 'PUT', path, { form: { key: 1, values: { buildingName: 'X', sectorName: 'X' } } });
      await expectAdministratorOnly(t, tokens, 'DELETE', path, { form: { key: 1 } });
    }
    expect((await db().selectFrom('buildings').select('buildingName').where('buildingName', '=', 'X').execute()).length).toBe(0);
  });
});
