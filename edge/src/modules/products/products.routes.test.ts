import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi({ lines: [1, 2] });
const { call, tokens } = api;

const db = api.db;
const snapshot = async () => ({
  products: await db().selectFrom('products').selectAll().orderBy('code').execute(),
  speeds: await db().selectFrom('product_speeds').selectAll().orderBy('code').orderBy('lineID').execute(),
});

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(snapshot);

const yerba = { code: 'YM-500', name: 'Yerba mate 500 g', wrappersPerPackage: 10, unitsPerWrapper: 1, unit: 'kg', performance: 0.95 };

const addProduct = (values: Record<string, unknown>) => api.insert('/api/products', values);

describe('products', () => {
  it('round trip: insert answers the stored row, update, list with filter/sort/take/count, delete; each change is synced', async () => {
    const created = await call('POST', '/api/products/post', {
      token: tokens.supervisor,
      form: { values: { ...yerba, wrappersPerPackage: '10' } },
    });
    expect(created.body).toEqual(yerba);
    const updated = await call('PUT', '/api/products/put', {
      token: tokens.supervisor,
      json: { key: 'YM-500', values: { name: 'Yerba mate 0,5 kg', unit: '' } },
    });
    expect(updated.body).toEqual({ ...yerba, name: 'Yerba mate 0,5 kg', unit: null });
    await addProduct({ code: 'AZ-1000', name: 'Azúcar 1 kg', wrappersPerPackage: 12, unitsPerWrapper: 1 });
    const list = await call('GET', '/api/products', {
      token: tokens.admin,
      query: { filter: ['name', 'contains', 'mate'], sort: [{ selector: 'name' }], take: 5, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ code: 'YM-500' }] });
    expect((await call('DELETE', '/api/products/delete', { token: tokens.supervisor, form: { key: 'AZ-1000' } })).status).toBe(204);

    const outbox = await db()
      .selectFrom('outbox')
      .select(['entityKey', 'operation'])
      .where('entity', '=', 'products')
      .orderBy('seq')
      .execute();
    expect(outbox).toEqual([
      { entityKey: JSON.stringify({ code: 'YM-500' }), operation: 'upsert' },
      { entityKey: JSON.stringify({ code: 'YM-500' }), operation: 'upsert' },
      { entityKey: JSON.stringify({ code: 'AZ-1000' }), operation: 'upsert' },
      { entityKey: JSON.stringify({ code: 'AZ-1000' }), operation: 'delete' },
    ]);
  });

  it('the code is given by the user, required, at most 18, unique (409) and not editable after insert', async () => {
    await addProduct({ ...yerba, code: 'FIJO' });
    expectError(
      await refusedWrite('PUT', '/api/products', { token: tokens.supervisor, json: { key: 'FIJO', values: { code: 'OTRO' } } }),
      400,
      'El campo código no se puede modificar.',
      'code',
    );
    expectError(
      await refusedWrite('POST', '/api/products', { token: tokens.supervisor, json: { values: { ...yerba, code: 'FIJO' } } }),
      409,
      'Ya existe un registro con esa clave.',
    );
    expectError(
      await refusedWrite('POST', '/api/products', { token: tokens.supervisor, json: { values: { ...yerba, code: undefined } } }),
      400,
      'El campo código es obligatorio.',
      'code',
    );
    expectError(
      await refusedWrite('POST', '/api/products', { token: tokens.supervisor, json: { values: { ...yerba, code: 'C'.repeat(19) } } }),
      400,
      'El campo código admite como máximo 18 caracteres.',
      'code',
    );
  });

  it('name required max 40; factors required whole numbers 1..2147438647; unit max 10; performance 0..1', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'El campo nombre es obligatorio.'],
      [{ name: 'n'.repeat(41) }, 'name', 'El campo nombre admite como máximo 40 caracteres.'],
      [{ wrappersPerPackage: undefined }, 'wrappersPerPackage', 'El campo envoltorios por paquete es obligatorio.'],
      [{ wrappersPerPackage: 0 }, 'wrappersPerPackage', 'El campo envoltorios por paquete debe ser como mínimo 1.'],
      [{ unitsPerWrapper: 2147438648 }, 'unitsPerWrapper', 'El campo unidades por envoltorio debe ser como máximo 2147438647.'],
      [{ unitsPerWrapper: 1.5 }, 'unitsPerWrapper', 'El campo unidades por envoltorio no es válido.'],
      [{ unit: 'u'.repeat(11) }, 'unit', 'El campo unidad admite como máximo 10 caracteres.'],
      [{ performance: 1.2 }, 'performance', 'El campo rendimiento debe ser como máximo 1.'],
      [{ performance: -0.1 }, 'performance', 'El campo rendimiento debe ser como mínimo 0.'],
    ];
    for (const [change, field, message] of cases) {
      expectError(
        await refusedWrite('POST', '/api/products', { token: tokens.supervisor, json: { values: { ...yerba, code: 'NUEVO', ...change } } }),
        400,
        message,
        field,
      );
    }
    const english = await refusedWrite('POST', '/api/products', {
      token: tokens.supervisor,
      language: 'en',
      json: { values: { ...yerba, code: 'NUEVO', wrappersPerPackage: 0 } },
    });
    expectError(english, 400, 'The wrappers per package field must be at least 1.', 'wrappersPerPackage');
    expect(
      (
        await call('POST', '/api/products', {
          token: tokens.supervisor,
          json: { values: { ...yerba, code: 'MAX', wrappersPerPackage: 2147438647 } },
        })
      ).status,
    ).toBe(200);
  });

  it('lookup, get and getUnitById answer every role; the unit defaults to kilos/piezas', async () => {
    await addProduct({ code: 'SIN-UNIDAD', name: 'Sin unidad', wrappersPerPackage: 1, unitsPerWrapper: 1 });
    await addProduct({ code: 'CAJA', name: 'Cajas', wrappersPerPackage: 1, unitsPerWrapper: 6, unit: 'cajas' });
    for (const token of Object.values(tokens)) {
      const lookup = await call('GET', '/api/products/lookup', { token });
      expect(lookup.body).toContainEqual({ value: 'CAJA', text: 'Cajas' });
      const get = await call('GET', '/api/products/get', { token });
      expect(get.status).toBe(200);
      expect(get.body.data.map((p: { code: string }) => p.code)).toContain('SIN-UNIDAD');
      expect((await call('GET', '/api/products/getUnitById', { token, query: { code: 'CAJA' } })).body).toBe('cajas');
    }
    expect((await call('GET', '/api/products/getUnitById', { token: tokens.operator, query: { code: 'SIN-UNIDAD' } })).body).toBe(
      'kilos/piezas',
    );
    expect((await call('GET', '/api/products/getUnitById', { token: tokens.operator, query: { code: 'NO-EXISTE' } })).body).toBe(
      'kilos/piezas',
    );
    expect((await call('GET', '/api/products/getUnitById', { token: tokens.operator })).body).toBe('kilos/piezas');
    expect((await call('GET', '/api/products/lookup')).status).toBe(401);
  });

  it("lookupByLineAndDate lists the products of the line's orders that overlap the range, with the option for all first", async () => {
    await addProduct({ code: 'L1-A', name: 'Aceite 1 l', wrappersPerPackage: 1, unitsPerWrapper: 1 });
    await addProduct({ code: 'L1-B', name: 'Bolsa 5 kg', wrappersPerPackage: 1, unitsPerWrapper: 1 });
    const day = (h: number) => Date.UTC(2026, 10, 20, h);
    await db()
      .insertInto('orders')
      .values([
        {
          order: '100-0-RP',
          lineID: 1,
          productCode: 'L1-A',
          startDate: day(6),
          endDate: day(9),
          status: 2,
          op: null,
          lot: null,
          productName: null,
          desiredProductionQuantity: null,
          desiredProductionSpeed: null,
          shiftStart: null,
          createdBy: null,
          createDate: null,
          updatedBy: null,
          updateDate: null,
        },
        {
          order: '101-0-RP',
          lineID: 1,
          productCode: 'L1-B',
          startDate: day(9),
          endDate: null,
          status: 1,
          op: null,
          lot: null,
          productName: null,
          desiredProductionQuantity: null,
          desiredProductionSpeed: null,
          shiftStart: null,
          createdBy: null,
          createDate: null,
          updatedBy: null,
          updateDate: null,
        },
        {
          order: '200-0-RP',
          lineID: 2,
          productCode: 'CAJA',
          startDate: day(6),
          endDate: day(20),
          status: 2,
          op: null,
          lot: null,
          productName: null,
          desiredProductionQuantity: null,
          desiredProductionSpeed: null,
          shiftStart: null,
          createdBy: null,
          createDate: null,
          updatedBy: null,
          updateDate: null,
        },
      ])
      .execute();
    const lookup = (startDate: string, endDate: string, extra: Record<string, string> = {}) =>
      call('GET', '/api/products/lookupByLineAndDate', { token: tokens.operator, query: { line: '1', startDate, endDate, ...extra } });

    expect((await lookup('2026-11-20T06:00:00Z', '2026-11-20T08:00:00Z')).body).toEqual([{ value: 'L1-A', text: 'Aceite 1 l' }]);
    expect((await lookup('2026-11-20T08:00:00Z', '2026-11-21T06:00:00Z')).body).toEqual([
      { value: 'L1-A', text: 'Aceite 1 l' },
      { value: 'L1-B', text: 'Bolsa 5 kg' },
    ]);
    const withAll = await lookup('2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', { includeOptionForAll: 'true' });
    expect(withAll.body).toEqual([
      { value: '', text: 'Todos' },
      { value: 'L1-B', text: 'Bolsa 5 kg' },
    ]);
    const bad = await lookup('yesterday', '2026-11-20T11:00:00Z');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.startDate ?? bad.body.error.message).toBeTruthy();
  });

  it('the administrator reads products but gets 403 writing them; operator and consultant cannot write', async () => {
    await addProduct({ ...yerba, code: 'PERM' });
    for (const token of [tokens.admin, tokens.operator, tokens.consultant]) {
      expect((await refusedWrite('POST', '/api/products', { token, json: { values: { ...yerba, code: 'X1' } } })).status).toBe(403);
      expect((await refusedWrite('PUT', '/api/products', { token, json: { key: 'PERM', values: { name: 'X' } } })).status).toBe(403);
      expect((await refusedWrite('DELETE', '/api/products', { token, json: { key: 'PERM' } })).status).toBe(403);
    }
  });
});

describe('product speeds', () => {
  it('round trip with the composite key (code, lineID): insert, update the speed, list by line, delete', async () => {
    await addProduct({ ...yerba, code: 'VEL' });
    const created = await call('POST', '/api/productspeeds', {
      token: tokens.supervisor,
      form: { values: { code: 'VEL', lineID: 1, speed: '120.5' } },
    });
    expect(created.body).toEqual({ code: 'VEL', lineID: 1, speed: 120.5 });
    await call('POST', '/api/productspeeds/post', { token: tokens.supervisor, json: { values: { code: 'VEL', lineID: 2, speed: 80 } } });
    const updated = await call('PUT', '/api/productspeeds/put', {
      token: tokens.supervisor,
      form: { key: { code: 'VEL', lineID: 1 }, values: { speed: 99999.999 } },
    });
    expect(updated.body).toEqual({ code: 'VEL', lineID: 1, speed: 99999.999 });
    const list = await call('GET', '/api/productspeeds/get', {
      token: tokens.admin,
      query: { filter: ['lineID', '=', 2], requireTotalCount: true },
    });
    expect(list.body).toEqual({ data: [{ code: 'VEL', lineID: 2, speed: 80 }], totalCount: 1 });
    expectError(
      await refusedWrite('PUT', '/api/productspeeds', {
        token: tokens.supervisor,
        json: { key: { code: 'VEL', lineID: 1 }, values: { lineID: 2 } },
      }),
      400,
      'El campo línea no se puede modificar.',
      'lineID',
    );
    expectError(
      await refusedWrite('POST', '/api/productspeeds', {
        token: tokens.supervisor,
        json: { values: { code: 'VEL', lineID: 2, speed: 1 } },
      }),
      409,
      'Ya existe un registro con esa clave.',
    );
    // A product with speeds is still used: its delete is refused.
    expectError(
      await refusedWrite('DELETE', '/api/products', { token: tokens.supervisor, json: { key: 'VEL' } }),
      409,
      'No se puede eliminar: el registro está siendo utilizado por otros datos.',
    );
    expect(
      (await call('DELETE', '/api/productspeeds/delete', { token: tokens.supervisor, json: { key: { code: 'VEL', lineID: 2 } } })).status,
    ).toBe(204);
  });

  it('code, lineID and speed are required, both must exist, speed 0..99999.999', async () => {
    await addProduct({ ...yerba, code: 'VAL' });
    const base = { code: 'VAL', lineID: 1, speed: 10 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: '' }, 'code', 'El campo código es obligatorio.'],
      [{ code: 'NADA' }, 'code', 'El campo código hace referencia a un registro que no existe.'],
      [{ lineID: undefined }, 'lineID', 'El campo línea es obligatorio.'],
      [{ lineID: 9 }, 'lineID', 'El campo línea hace referencia a un registro que no existe.'],
      [{ speed: undefined }, 'speed', 'El campo velocidad es obligatorio.'],
      [{ speed: -1 }, 'speed', 'El campo velocidad debe ser como mínimo 0.'],
      [{ speed: 100000 }, 'speed', 'El campo velocidad debe ser como máximo 99999.999.'],
    ];
    for (const [change, field, message] of cases) {
      expectError(
        await refusedWrite('POST', '/api/productspeeds', { token: tokens.supervisor, json: { values: { ...base, ...change } } }),
        400,
        message,
        field,
      );
    }
  });

  it('administrator and supervisor read speeds; only the supervisor writes; operator and consultant get 403', async () => {
    expect((await call('GET', '/api/productspeeds', { token: tokens.admin })).status).toBe(200);
    expect(
      (await refusedWrite('POST', '/api/productspeeds', { token: tokens.admin, json: { values: { code: 'YM-500', lineID: 1, speed: 1 } } }))
        .status,
    ).toBe(403);
    for (const token of [tokens.operator, tokens.consultant]) {
      expect((await call('GET', '/api/productspeeds', { token })).status).toBe(403);
      expect(
        (await refusedWrite('POST', '/api/productspeeds', { token, json: { values: { code: 'YM-500', lineID: 1, speed: 1 } } })).status,
      ).toBe(403);
    }
  });
});
