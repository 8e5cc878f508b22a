import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shiftOf } from '../../domain/calendar';
import { ROLE, type RoleId } from '../../domain/roles';
import { closeDueShifts, recalculateAllOrders, recalculateAllShiftIndexes } from '../engine';
import { ENGINE_TZ, expectError, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { addLine, addOrder, addProduct, HOUR, MINUTE } from '../../../../test/support/test-plant';
import { XLSX_CONTENT_TYPE } from './reports.schemas';

const PATH = '/api/reports/completeoaereport';
const tm = shiftOf('TM', '2026-05-04', ENGINE_TZ);
let e: EngineEdge;
let users = 0;

/** A session of a new user of `role`, opened at the current clock (the edge's own sessions expire as the test moves time). */
async function tokenOf(role: RoleId): Promise<string> {
  users += 1;
  return (await e.t.userWithRole(role, `report${users}`)).token;
}

/** The report as bytes (the test edge's `call` reads bodies as text). */
async function download(token: string, query: Record<string, string> = {}, language = 'es') {
  const url = new URL(PATH, e.t.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as plain arrays (header first). */
function rowsOf(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => value ?? null)));
  return rows;
}

beforeEach(async () => {
  // Line 1 runs order 100-0 from 06:00 to 08:00 (plant time) with a 30-minute stop at 07:00; line 2 has one stop.
  e = await startEngineEdge(tm.startMs);
  await addLine(e.db, { lineID: 1 });
  await addLine(e.db, { lineID: 2 });
  await addProduct(e.db, 'P1', { 1: 10 });
  await addOrder(e.db, '100-0', 1, { productCode: 'P1' });
  await e.events([
    { type: 'lineState', lineID: 1, atMs: tm.startMs, running: true },
    { type: 'lineState', lineID: 2, atMs: tm.startMs, running: true },
    { type: 'orderStarted', lineID: 1, atMs: tm.startMs, order: '100-0' },
  ]);
  await e.db
    .insertInto('production_minutes')
    .values({ lineID: 1, minuteStart: tm.startMs + 10 * MINUTE, order: '100-0', units: 600, discards: 6 })
    .execute();
  e.clock.now = tm.startMs + 2 * HOUR;
  await e.events([
    { type: 'lineState', lineID: 1, atMs: tm.startMs + HOUR, running: false },
    { type: 'lineState', lineID: 1, atMs: tm.startMs + HOUR + 30 * MINUTE, running: true },
    { type: 'lineState', lineID: 2, atMs: tm.startMs + 3 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: tm.startMs + 13 * MINUTE, running: true },
    { type: 'orderFinished', lineID: 1, atMs: tm.startMs + 2 * HOUR, order: '100-0' },
  ]);
  e.clock.now = tm.startMs + 25 * HOUR;
  await closeDueShifts(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
});

afterEach(async () => {
  await e.close();
});

describe('GET /api/reports/completeoaereport', () => {
  it('answers a supervisor an xlsx with the orders, shifts and stops of the range, dates in plant time', async () => {
    const { response, bytes } = await download(await tokenOf(ROLE.SUPERVISOR), { startDate: '2026-05-04', endDate: '2026-05-04' });
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="reporte-oee-2026-05-05.xlsx"');
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ordenes', 'Turnos', 'Paradas', 'Pérdidas']);

    const orders = rowsOf(workbook, 'Ordenes');
    expect(orders[0]).toEqual([
      'Orden',
      'Línea',
      'Producto',
      'Inicio',
      'Fin',
      'Cantidad producida',
      'Cantidad descartada',
      'Velocidad nominal (u/min)',
      'Tiempo dotado (min)',
      'Tiempo descontado (min)',
      'Descuento ajustado (min)',
      'Tiempo planificado (min)',
      'Tiempo de paradas (min)',
      'Tiempo en marcha (min)',
      'Fallas',
      'Tiempo de fallas (min)',
      'Utilización',
      'Rendimiento',
      'Aceptación',
      'OEE',
      'MTBF (min)',
      'MTTR (min)',
      'Aviso',
    ]);
    expect(orders).toHaveLength(2);
    expect(orders[1]!.slice(0, 17)).toEqual([
      '100-0',
      'Línea 1',
      'Producto P1',
      '2026-05-04 06:00:00',
      '2026-05-04 08:00:00',
      600,
      6,
      10,
      120,
      0,
      0,
      120,
      30,
      90,
      1,
      30,
      0.75,
    ]);
    expect(workbook.getWorksheet('Ordenes')!.getRow(2).getCell(20).numFmt).toBe('0.0 %');

    const shifts = rowsOf(workbook, 'Turnos');
    expect(shifts.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['Línea 1', 'TM', '2026-05-04 06:00:00', '2026-05-04 14:00:00'],
      ['Línea 1', 'TT', '2026-05-04 14:00:00', '2026-05-04 22:00:00'],
      ['Línea 1', 'TN', '2026-05-04 22:00:00', '2026-05-05 06:00:00'],
      ['Línea 2', 'TM', '2026-05-04 06:00:00', '2026-05-04 14:00:00'],
      ['Línea 2', 'TT', '2026-05-04 14:00:00', '2026-05-04 22:00:00'],
      ['Línea 2', 'TN', '2026-05-04 22:00:00', '2026-05-05 06:00:00'],
    ]);

    const stops = rowsOf(workbook, 'Paradas');
    expect(stops[0]).toEqual(['Línea', 'Inicio', 'Fin', 'Duración (min)', 'Motivo', 'Ruta', 'Reconocida']);
    expect(stops.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[6]])).toEqual([
      ['Línea 1', '2026-05-04 07:00:00', '2026-05-04 07:30:00', 30, 'No'],
      ['Línea 2', '2026-05-04 06:03:00', '2026-05-04 06:13:00', 10, 'No'],
    ]);
  });

  it('keeps a figure above nominal speed as it is and flags its order and shift rows, in the request language', async () => {
    // At a nominal 5/min, 600 units in 90 minutes of runtime are a throughput of 600 / 450.
    await e.db.updateTable('product_speeds').set({ speed: 5 }).where('code', '=', 'P1').execute();
    await e.db.updateTable('orders').set({ desiredProductionSpeed: 5 }).where('order', '=', '100-0').execute();
    await recalculateAllOrders(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ }, null);
    await recalculateAllShiftIndexes(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ }, null);
    const sheet = async (language: string, name: string) =>
      rowsOf(
        await workbookOf(
          (await download(await tokenOf(ROLE.SUPERVISOR), { startDate: '2026-05-04', endDate: '2026-05-04' }, language)).bytes,
        ),
        name,
      );
    const orders = await sheet('es', 'Ordenes');
    expect(orders[1]![orders[0]!.indexOf('Rendimiento')]).toBeCloseTo(600 / 450, 9);
    expect(orders[1]![orders[0]!.indexOf('Aviso')]).toBe(
      'Por encima de la velocidad nominal: revise la velocidad del producto en la línea 1',
    );
    const shifts = await sheet('en', 'Shifts');
    const warning = shifts[0]!.length - 1;
    expect(shifts[0]![warning]).toBe('Warning');
    // A shift row is flagged exactly when its own throughput is over 100 % (line 1's morning also ran with no order,
    // unmeasured against any speed; line 2 never had a nominal speed).
    const throughput = shifts[0]!.indexOf('Throughput');
    for (const row of shifts.slice(1)) {
      const above = typeof row[throughput] === 'number' && (row[throughput] as number) > 1;
      expect(row[warning] ?? null, String(row.slice(0, 2))).toBe(
        above ? `Above nominal speed: check the product speed of line ${row[0] === 'Línea 1' ? 1 : 2}` : null,
      );
    }
  });

  it('narrows to one line, and speaks English with Accept-Language: en', async () => {
    const { response, bytes } = await download(
      await tokenOf(ROLE.CONSULTANT),
      { startDate: '2026-05-04T06:00:00+02:00', endDate: '2026-05-04T07:00:00+02:00', lineID: '2' },
      'en',
    );
    expect(response.status).toBe(200);
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Orders', 'Shifts', 'Stops', 'Losses']);
    expect(rowsOf(workbook, 'Orders')).toHaveLength(1);
    expect(
      rowsOf(workbook, 'Shifts')
        .slice(1)
        .map((row) => row.slice(0, 2)),
    ).toEqual([['Línea 2', 'TM']]);
    expect(rowsOf(workbook, 'Stops').map((row) => [row[0], row[6]])).toEqual([
      ['Line', 'Recognized'],
      ['Línea 2', 'No'],
    ]);
  });

  it('names the system reasons of the stops in the request language', async () => {
    // The next morning line 2's server cannot be read for 15 minutes: a stop of reason 4, 'OPC desconectado'.
    await e.events([
      { type: 'lineState', lineID: 2, atMs: tm.startMs + 24 * HOUR, running: null },
      { type: 'lineState', lineID: 2, atMs: tm.startMs + 24 * HOUR + 15 * MINUTE, running: true },
    ]);
    const reasons = async (language: string, sheet: string) => {
      const { bytes } = await download(
        await tokenOf(ROLE.SUPERVISOR),
        { startDate: '2026-05-05', endDate: '2026-05-05', lineID: '2' },
        language,
      );
      return rowsOf(await workbookOf(bytes), sheet).map((row) => [row[4], row[5]]);
    };
    expect(await reasons('es', 'Paradas')).toEqual([
      ['Motivo', 'Ruta'],
      ['OPC desconectado', 'Sistema / OPC desconectado'],
    ]);
    expect(await reasons('en', 'Stops')).toEqual([
      ['Reason', 'Path'],
      ['OPC disconnected', 'System / OPC disconnected'],
    ]);
  });

  it('covers the current production day by default, and a start or an end alone means its production day', async () => {
    const stopRows = async (query: Record<string, string> = {}) =>
      rowsOf(await workbookOf((await download(await tokenOf(ROLE.ADMINISTRATOR), query)).bytes), 'Paradas').slice(1);
    // 03:00 of the next calendar day still belongs to the production day of 2026-05-04.
    e.clock.now = tm.startMs + 21 * HOUR;
    expect(await stopRows()).toHaveLength(2);
    e.clock.now = tm.startMs + 25 * HOUR;
    expect(await stopRows()).toEqual([]);
    expect(await stopRows({ startDate: '2026-05-04' })).toHaveLength(2);
    expect(await stopRows({ endDate: '2026-05-04' })).toHaveLength(2);
  });

  it('clips the stops to the range, as the stop summaries do, and lists the indexes that share time with it whole', async () => {
    const { bytes } = await download(await tokenOf(ROLE.SUPERVISOR), { startDate: '2026-05-04T07:10:00', endDate: '2026-05-04T07:20:00' });
    const workbook = await workbookOf(bytes);
    expect(
      rowsOf(workbook, 'Paradas')
        .slice(1)
        .map((row) => row.slice(0, 4)),
    ).toEqual([['Línea 1', '2026-05-04 07:10:00', '2026-05-04 07:20:00', 10]]);
    expect(
      rowsOf(workbook, 'Ordenes')
        .slice(1)
        .map((row) => [row[0], row[3], row[4]]),
    ).toEqual([['100-0', '2026-05-04 06:00:00', '2026-05-04 08:00:00']]);
    expect(
      rowsOf(workbook, 'Turnos')
        .slice(1)
        .map((row) => row.slice(0, 2)),
    ).toEqual([
      ['Línea 1', 'TM'],
      ['Línea 2', 'TM'],
    ]);
  });

  it('gives a range with nothing in it as the sheets with their headers and no rows', async () => {
    const { response, bytes } = await download(await tokenOf(ROLE.SUPERVISOR), {
      startDate: '2026-04-01',
      endDate: '2026-04-02',
      lineID: '1',
    });
    expect(response.status).toBe(200);
    const workbook = await workbookOf(bytes);
    for (const sheet of ['Ordenes', 'Turnos', 'Paradas']) expect(rowsOf(workbook, sheet), sheet).toHaveLength(1);
    expect(rowsOf(workbook, 'Paradas')[0]).toEqual(['Línea', 'Inicio', 'Fin', 'Duración (min)', 'Motivo', 'Ruta', 'Reconocida']);
  });

  it('refuses an operator (403) and a bad or reversed date (400)', async () => {
    expect((await download(await tokenOf(ROLE.OPERATOR))).response.status).toBe(403);
    expectError(
      await e.t.call('GET', PATH, { token: await tokenOf(ROLE.SUPERVISOR), query: { startDate: 'someday' } }),
      400,
      'El campo startDate no es válido.',
    );
    expectError(await e.t.call('GET', PATH, { token: await tokenOf(ROLE.SUPERVISOR), query: { startDate: '2026-02-30' } }), 400);
    expectError(
      await e.t.call('GET', PATH, { token: await tokenOf(ROLE.SUPERVISOR), query: { startDate: '2026-05-05', endDate: '2026-05-04' } }),
      400,
    );
  });
});
