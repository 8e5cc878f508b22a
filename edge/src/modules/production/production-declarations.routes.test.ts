import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ROLE, type RoleId } from '../../domain/roles';
import { encodeStoredScript } from '../../domain/script';
import { addLine, addOrder, addProduct, at, MINUTE, trailCounts } from '../../../../test/support/test-plant';
import { refreshOpenIndexes } from '../engine';
import { ENGINE_TZ, expectError, signatureOf, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
const SHIFT_START = at('2026-05-04T06:00:00+02:00');
let e: EngineEdge;
const as = (role: RoleId) => e.tokens[role];
const script = (expression: string) => encodeStoredScript({ expression, edited: true, tags: [] });

/**
 * Line 1 counts its units (a units script) but has no discards signal; line 2 counts nothing (its lots are its
 * production); line 3 does not run the production manager; line 4 counts its discards. Product P1 packs 10 wrappers
 * of 6 units.
 */
beforeEach(async () => {
  e = await startEngineEdge(T0);
  for (const lineID of [1, 2, 3, 4]) await addLine(e.db, { lineID, managesOrders: true });
  await e.db.updateTable('lines').set({ enableProductionManager: 1 }).where('lineID', 'in', [1, 2, 4]).execute();
  await e.db
    .updateTable('lines')
    .set({ calculationUnits: script('Units') })
    .where('lineID', 'in', [1, 4])
    .execute();
  await e.db
    .updateTable('lines')
    .set({ calculationDiscards: script('Discards') })
    .where('lineID', '=', 4)
    .execute();
  await addProduct(e.db, 'P1', { 1: 10, 2: 10, 3: 10, 4: 10 });
  for (const lineID of [1, 2, 3, 4]) await addOrder(e.db, `10${lineID}-0`, lineID, { productCode: 'P1', desiredProductionQuantity: 1000 });
  await addOrder(e.db, '900-0', 1, { productCode: 'P1' });
  await e.db.insertInto('wrapper_types').values({ name: 'Film', description: null, updatedBy: null, updateDate: null }).execute();
  await e.events([
    ...[1, 2, 3, 4].map((lineID) => ({ type: 'orderStarted' as const, lineID, atMs: T0, order: `10${lineID}-0` })),
    { type: 'counters', lineID: 1, atMs: T0, units: 1_000, discards: null },
    { type: 'counters', lineID: 1, atMs: T0 + 30 * MINUTE, units: 1_300, discards: null },
  ]);
  e.clock.now = T0 + 40 * MINUTE;
  // The periodic refresh the edge runs every oeeCalculationRefresh seconds.
  await refreshOpenIndexes(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
});
afterEach(async () => {
  await e.close();
});

const post = (path: string, role: RoleId, values: Record<string, unknown>) =>
  e.t.call('POST', path, { token: as(role), form: { values: JSON.stringify(values) } });
const orderIndex = (order: string) => e.db.selectFrom('order_indexes').selectAll().where('order', '=', order).executeTakeFirstOrThrow();
const shiftIndex = (lineID: number) =>
  e.db.selectFrom('shift_indexes').selectAll().where('lineID', '=', lineID).where('shiftStart', '=', SHIFT_START).executeTakeFirstOrThrow();
const summary = (line: number) =>
  e.t.call('GET', '/api/production/summary', {
    token: as(ROLE.OPERATOR),
    query: { line: String(line), start: '2026-05-04T06:00:00', end: '2026-05-04T14:00:00' },
  });

/** Everything a refused declaration must leave as it was. */
async function state(db: Database) {
  return {
    minutes: await db.selectFrom('production_minutes').selectAll().orderBy('lineID').orderBy('minuteStart').execute(),
    lots: await db.selectFrom('production_lots').selectAll().execute(),
    discards: await db.selectFrom('declared_discards').selectAll().execute(),
    indexes: await db.selectFrom('order_indexes').selectAll().execute(),
    wrapperTypes: await db.selectFrom('wrapper_types').selectAll().execute(),
    trail: await trailCounts(db),
  };
}

describe('production lots', () => {
  it('on a line that counts its units, a lot is a declaration beside the counted production: the summary shows both and the difference', async () => {
    const created = await post('/api/production/lots', ROLE.OPERATOR, {
      lineID: 1,
      lot: 'L-1',
      packs: 2,
      wrappers: 3,
      wrapperType: 'film',
    });
    expect(created.status, created.text).toBe(200);
    // (2 packs × 10 wrappers + 3 wrappers) × 6 units, for the line's Ready order and its product.
    expect(created.body).toMatchObject({
      lot: 'L-1',
      order: '101-0',
      productCode: 'P1',
      packs: 2,
      wrappers: 3,
      units: 138,
      wrapperType: 'film',
      booked: false,
      lineID: 1,
    });
    expect((await orderIndex('101-0')).productionQuantity).toBe(300);
    const answer = await summary(1);
    expect(answer.body).toMatchObject({
      unitsCounted: true,
      discardsCounted: false,
      units: 300,
      declaredUnits: 138,
      differenceUnits: -162,
    });
    expect(answer.body.byProduct).toEqual([
      expect.objectContaining({
        productCode: 'P1',
        unit: 'u',
        units: 300,
        wrappers: 50,
        packs: 5,
        declared: { units: 138, wrappers: 23, packs: 2.3, lots: 1 },
        difference: { units: -162, wrappers: -27, packs: -2.7 },
      }),
    ]);
    const listed = await e.t.call('GET', '/api/production/lots', { token: as(ROLE.CONSULTANT), query: { lineID: '1', order: '101-0' } });
    expect(listed.body.data).toEqual([expect.objectContaining({ lot: 'L-1', units: 138, createdBy: e.users[ROLE.OPERATOR] })]);
    expect(await e.db.selectFrom('audit_log').select('action').where('entity', '=', 'production_lots').execute()).toEqual([
      { action: 'insert' },
    ]);
  });

  it('on a line with no units counter, lots are its production: order and shift indexes count them; an edit books the difference, a delete takes them back', async () => {
    const created = await post('/api/production/lots', ROLE.SUPERVISOR, { lineID: 2, lot: 'L-2', packs: 1, wrappers: 0 });
    expect(created.body).toMatchObject({ units: 60, booked: true });
    expect((await orderIndex('102-0')).productionQuantity).toBe(60);
    expect((await shiftIndex(2)).productionQuantity).toBe(60);
    expect((await summary(2)).body).toMatchObject({ unitsCounted: false, units: 60, declaredUnits: 60, differenceUnits: 0 });

    const changed = await e.t.call('PUT', '/api/production/lots', {
      token: as(ROLE.OPERATOR),
      form: { key: String(created.body.lotID), values: JSON.stringify({ packs: 3 }) },
    });
    expect(changed.body).toMatchObject({ packs: 3, units: 180 });
    expect((await orderIndex('102-0')).productionQuantity).toBe(180);
    expect((await summary(2)).body).toMatchObject({ units: 180, declaredUnits: 180, differenceUnits: 0 });

    const deleted = await e.t.call('DELETE', '/api/production/lots', {
      token: as(ROLE.OPERATOR),
      form: { key: String(created.body.lotID) },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await orderIndex('102-0')).productionQuantity).toBe(0);
    expect((await shiftIndex(2)).productionQuantity).toBe(0);
  });

  it('refuses bad input, other roles, lines without the module and orders not started, and changes nothing', async () => {
    const before = await state(e.db);
    const refused = async (role: RoleId, values: Record<string, unknown>, status: number, message?: string, language?: string) => {
      const result = await e.t.call('POST', '/api/production/lots', {
        token: as(role),
        form: { values: JSON.stringify(values) },
        language: language as 'en' | undefined,
      });
      expectError(result, status, message);
    };
    const lot = { lineID: 1, lot: 'L-9', packs: 1, wrappers: 0 };
    await refused(ROLE.OPERATOR, { ...lot, lot: '' }, 400, 'El campo lote es obligatorio.');
    await refused(ROLE.OPERATOR, { ...lot, packs: -1 }, 400);
    await refused(ROLE.OPERATOR, { ...lot, packs: 1.5 }, 400, 'El campo paquetes no es válido.');
    await refused(ROLE.OPERATOR, { ...lot, packs: 0 }, 400, 'Ingrese paquetes o envoltorios: el lote no puede quedar vacío.');
    await refused(ROLE.OPERATOR, { ...lot, packs: 0 }, 400, 'Enter packs or wrappers: the lot cannot be empty.', 'en');
    await refused(ROLE.OPERATOR, { ...lot, wrapperType: 'Caja' }, 400, 'El tipo de envoltorio Caja no existe.');
    await refused(ROLE.OPERATOR, { ...lot, lineID: 3 }, 409, 'La línea 3 no tiene habilitado el gestor de producción.');
    await refused(ROLE.OPERATOR, { ...lot, lineID: 42 }, 400, 'La línea 42 no existe.');
    await refused(ROLE.OPERATOR, { ...lot, order: '900-0' }, 409, 'La orden 900-0 todavía no comenzó.');
    await refused(ROLE.OPERATOR, { ...lot, order: '102-0' }, 400, 'La orden 102-0 no es de la línea 1.');
    await refused(ROLE.CONSULTANT, lot, 403);
    await refused(ROLE.ADMINISTRATOR, lot, 403);
    await e.events([{ type: 'orderFinished', lineID: 1, atMs: e.clock.now }]);
    const afterFinish = await state(e.db);
    await refused(ROLE.OPERATOR, lot, 409, 'La línea 1 no tiene una orden en curso.');
    expect(await state(e.db)).toEqual(afterFinish);
    expectError(await e.t.call('DELETE', '/api/production/lots', { token: as(ROLE.OPERATOR), form: { key: '999' } }), 404);
    expect(before.lots).toEqual(afterFinish.lots);
  });

  it('a lot or a discard is named by its key in plain digits only: 0x1, " 1 ", 1e0, 1.0 or true name no row and change nothing', async () => {
    const created = await post('/api/production/lots', ROLE.SUPERVISOR, { lineID: 2, lot: 'L-2', packs: 1, wrappers: 0 });
    const lotID = Number(created.body.lotID);
    // The first lot of this plant: `true` would be it under a loose conversion.
    expect(lotID).toBe(1);
    const before = await state(e.db);
    for (const key of [`0x${lotID.toString(16)}`, ` ${lotID} `, `${lotID}e0`, `${lotID}.0`]) {
      expectError(
        await e.t.call('DELETE', '/api/production/lots', { token: as(ROLE.OPERATOR), form: { key } }),
        400,
        'El campo lotID no es válido.',
      );
      expectError(
        await e.t.call('PUT', '/api/production/lots', { token: as(ROLE.OPERATOR), form: { key, values: JSON.stringify({ packs: 3 }) } }),
        400,
      );
      expectError(await e.t.call('DELETE', '/api/production/discards', { token: as(ROLE.OPERATOR), form: { key } }), 400);
    }
    expectError(await e.t.call('DELETE', '/api/production/lots', { token: as(ROLE.OPERATOR), json: { key: true } }), 400);
    expect(await state(e.db)).toEqual(before);
  });
});

describe('discards declared by hand', () => {
  it('lower the acceptance of the order and the shift, survive RecalculateAllOrders(History), and withdrawn restore it', async () => {
    expect((await orderIndex('101-0')).acceptance).toBe(1);
    const declared = await post('/api/production/discards', ROLE.OPERATOR, { lineID: 1, quantity: 30, observation: 'Envases abollados' });
    expect(declared.status, declared.text).toBe(200);
    expect(declared.body).toMatchObject({ lineID: 1, order: '101-0', quantity: 30, observation: 'Envases abollados' });
    expect(await orderIndex('101-0')).toMatchObject({ productionQuantity: 300, discardQuantity: 30, acceptance: 0.9 });
    expect(await shiftIndex(1)).toMatchObject({ discardQuantity: 30, acceptance: 0.9 });
    expect((await summary(1)).body).toMatchObject({ discards: 30, goodUnits: 270, declaredDiscards: 30 });

    const { username, password } = signatureOf(e, ROLE.ADMINISTRATOR);
    for (const path of ['RecalculateAllOrders', 'RecalculateAllOrdersHistory']) {
      const result = await e.t.call('GET', `/api/OeeIndex/${path}`, { token: as(ROLE.ADMINISTRATOR), query: { user: username, password } });
      expect(result.status, result.text).toBe(200);
    }
    expect((await orderIndex('101-0')).acceptance).toBe(0.9);
    expect((await shiftIndex(1)).acceptance).toBe(0.9);

    const withdrawn = await e.t.call('DELETE', '/api/production/discards', {
      token: as(ROLE.SUPERVISOR),
      form: { key: String(declared.body.discardID) },
    });
    expect(withdrawn.status, withdrawn.text).toBe(204);
    expect(await orderIndex('101-0')).toMatchObject({ discardQuantity: 0, acceptance: 1 });
    expect((await shiftIndex(1)).acceptance).toBe(1);
  });

  it('declared as start-up rejects (issue 29): booked apart on the order and the shift, kept by a recalculation, withdrawn with them', async () => {
    const startup = await post('/api/production/discards', ROLE.OPERATOR, { lineID: 1, quantity: 12, startup: true });
    expect(startup.status, startup.text).toBe(200);
    expect(startup.body).toMatchObject({ order: '101-0', quantity: 12, startup: true });
    const other = await post('/api/production/discards', ROLE.OPERATOR, { lineID: 1, quantity: 8 });
    expect(other.body).toMatchObject({ quantity: 8, startup: false });
    // 20 discards, 12 of them start-up rejects (the line declares no window: only those declared so).
    expect(await orderIndex('101-0')).toMatchObject({ discardQuantity: 20, startupDiscards: 12 });
    expect(await shiftIndex(1)).toMatchObject({ discardQuantity: 20, startupDiscards: 12 });
    const { username, password } = signatureOf(e, ROLE.ADMINISTRATOR);
    const recalculated = await e.t.call('GET', '/api/OeeIndex/RecalculateAllOrdersHistory', {
      token: as(ROLE.ADMINISTRATOR),
      query: { user: username, password },
    });
    expect(recalculated.status, recalculated.text).toBe(200);
    expect(await shiftIndex(1)).toMatchObject({ discardQuantity: 20, startupDiscards: 12 });
    const waterfall = await e.t.call('GET', '/api/losses/waterfall', { token: as(ROLE.OPERATOR), query: { order: '101-0' } });
    const bars = Object.fromEntries(waterfall.body.bars.map((bar: { key: string; minutes: number }) => [bar.key, bar.minutes]));
    expect(bars.startupRejects).toBeGreaterThan(0);
    expect(bars.productionRejects).toBeGreaterThan(0);
    for (const declared of [startup, other]) {
      const withdrawn = await e.t.call('DELETE', '/api/production/discards', {
        token: as(ROLE.SUPERVISOR),
        form: { key: String(declared.body.discardID) },
      });
      expect(withdrawn.status, withdrawn.text).toBe(204);
    }
    expect(await orderIndex('101-0')).toMatchObject({ discardQuantity: 0, startupDiscards: 0, acceptance: 1 });
    expect(await shiftIndex(1)).toMatchObject({ discardQuantity: 0, startupDiscards: 0 });
  });

  it('are refused on a line that counts its discards, beyond the order’s production, with bad input or another role, and change nothing', async () => {
    const before = await state(e.db);
    const refused = async (role: RoleId, values: Record<string, unknown>, status: number, message?: string) =>
      expectError(await post('/api/production/discards', role, values), status, message);
    await refused(ROLE.OPERATOR, { lineID: 4, quantity: 5 }, 409, 'La línea 4 cuenta sus descartes con una señal: no se declaran a mano.');
    await refused(
      ROLE.OPERATOR,
      { lineID: 1, quantity: 301 },
      409,
      'Los descartes de la orden 101-0 (301) superarían su producción (300).',
    );
    await refused(ROLE.OPERATOR, { lineID: 1, quantity: 0 }, 400);
    await refused(ROLE.OPERATOR, { lineID: 1 }, 400, 'El campo cantidad es obligatorio.');
    await refused(ROLE.OPERATOR, { lineID: 1, quantity: 'x' }, 400);
    await refused(ROLE.CONSULTANT, { lineID: 1, quantity: 5 }, 403);
    expectError(await e.t.call('DELETE', '/api/production/discards', { token: as(ROLE.OPERATOR), form: { key: 'abc' } }), 400);
    expect(await state(e.db)).toEqual(before);
  });
});

describe('wrapper types', () => {
  it('the supervisor adds, renames and deletes them; a duplicate name and a type lots use are refused; other roles only read', async () => {
    const path = '/api/production/wrapperTypes';
    const added = await post(path, ROLE.SUPERVISOR, { name: 'Caja', description: 'Caja de cartón' });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ name: 'Caja', description: 'Caja de cartón', updatedBy: e.users[ROLE.SUPERVISOR] });
    expectError(await post(path, ROLE.SUPERVISOR, { name: 'caja' }), 409, 'Ya existe el tipo de envoltorio caja.');
    expectError(await post(path, ROLE.OPERATOR, { name: 'Bolsa' }), 403);
    expectError(await post(path, ROLE.ADMINISTRATOR, { name: 'Bolsa' }), 403);
    await post('/api/production/lots', ROLE.OPERATOR, { lineID: 1, lot: 'L-1', packs: 1, wrappers: 0, wrapperType: 'Film' });
    const film = (await e.db.selectFrom('wrapper_types').select('wrapperTypeID').where('name', '=', 'Film').executeTakeFirstOrThrow())
      .wrapperTypeID;
    const before = await state(e.db);
    expectError(
      await e.t.call('DELETE', path, { token: as(ROLE.SUPERVISOR), form: { key: String(film) } }),
      409,
      'El tipo de envoltorio Film está en uso en 1 lotes: no se puede eliminar ni renombrar.',
    );
    expectError(
      await e.t.call('PUT', path, { token: as(ROLE.SUPERVISOR), form: { key: String(film), values: JSON.stringify({ name: 'Film 2' }) } }),
      409,
    );
    expect(await state(e.db)).toEqual(before);
    const described = await e.t.call('PUT', path, {
      token: as(ROLE.SUPERVISOR),
      form: { key: String(film), values: JSON.stringify({ description: 'Film termocontraíble' }) },
    });
    expect(described.body).toMatchObject({ name: 'Film', description: 'Film termocontraíble' });
    expect((await e.t.call('DELETE', path, { token: as(ROLE.SUPERVISOR), form: { key: String(added.body.wrapperTypeID) } })).status).toBe(
      204,
    );
    const listed = await e.t.call('GET', path, { token: as(ROLE.OPERATOR) });
    expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual(['Film']);
  });
});
