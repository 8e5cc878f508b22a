import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HISTORY_DAYS } from '../../demo/demo-history';
import { seedDemoPlant } from '../../demo/demo-plant';
import { ROLE } from '../../domain/roles';
import { openTestPlant, type TestPlant } from '../../../../test/support/test-plant';
import { adjustOrder } from '../orders/orders.service';
import { buildOeeReport } from './reports.service';
import { listLineSettings, recalculateAllOrders, recalculateAllShiftIndexes } from '../engine';
import { linesWaterfall } from '../losses/losses.service';
import { MINUTE_MS } from '../../domain/time';

const TZ = 'America/Argentina/Buenos_Aires';
const NOW = Date.parse('2026-05-06T10:17:42-03:00');
const DAY = 86_400_000;
const clock = { nowMs: NOW, timeZone: TZ };

type Row = Record<string, number | string | null>;

let plant: TestPlant;
let orders: Row[];
let shifts: Row[];
let losses: Row[];
let adjustedOrder: string;

/** A sheet of the workbook as rows of header → value (the numbers as stored, unrounded). */
function sheetRows(workbook: ExcelJS.Workbook, name: string): Row[] {
  const rows: unknown[][] = [];
  workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [header, ...data] = rows;
  return data.map((values) =>
    Object.fromEntries(header!.map((column, index) => [String(column), (values[index] ?? null) as number | string | null])),
  );
}

beforeAll(async () => {
  plant = await openTestPlant();
  await seedDemoPlant(plant.db, clock);
  // An adjusted order: its utilization depends on the adjustment, which the sheet must therefore carry.
  const order = await plant.db
    .selectFrom('order_indexes')
    .select(['order', 'stopTime'])
    .where('stopTime', '>', 10 * 60_000)
    .orderBy('order')
    .executeTakeFirstOrThrow();
  adjustedOrder = order.order;
  await adjustOrder(
    plant.db,
    { order: order.order, minutes: 10 },
    { userID: 'supervisor', roleID: ROLE.SUPERVISOR, firstName: 'S', lastName: 'S' },
    clock,
  );
  // Line 1 declares a start-up window of 30 minutes after each order's start (issue 29), its indexes computed again.
  await plant.db.updateTable('lines').set({ startupRejectMinutes: 30 }).where('lineID', '=', 1).execute();
  await recalculateAllShiftIndexes(plant.db, clock, null);
  await recalculateAllOrders(plant.db, clock, null);
  const bytes = await buildOeeReport(plant.db, { fromMs: NOW - DEMO_HISTORY_DAYS * DAY, toMs: NOW }, clock, 'es');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  orders = sheetRows(workbook, 'Ordenes');
  shifts = sheetRows(workbook, 'Turnos');
  losses = sheetRows(workbook, 'Pérdidas');
}, 120_000);
afterAll(async () => {
  await plant.close();
});

const n = (row: Row, column: string) => Number(row[column]);
const ratioOrNull = (numerator: number, denominator: number) => (denominator === 0 ? null : numerator / denominator);

/** Each figure of the row, recomputed from the row's own columns by the definitions (domain/oee.ts). */
function expectRecomputable(row: Row, idealUnits: number | null, label: string) {
  const staffed = n(row, 'Tiempo dotado (min)');
  const discount = n(row, 'Tiempo descontado (min)');
  const adjusted = n(row, 'Descuento ajustado (min)');
  const stop = n(row, 'Tiempo de paradas (min)');
  const planned = Math.max(0, staffed - discount - adjusted);
  const runtime = Math.max(0, staffed - discount - stop);
  const produced = n(row, 'Cantidad producida');
  const good = Math.max(0, produced - n(row, 'Cantidad descartada'));
  const failures = n(row, 'Fallas');
  const expected: Record<string, number | null> = {
    'Tiempo planificado (min)': planned,
    'Tiempo en marcha (min)': runtime,
    Utilización: ratioOrNull(runtime, planned),
    Rendimiento: idealUnits === null ? null : ratioOrNull(produced, idealUnits),
    Aceptación: ratioOrNull(good, produced),
    'MTBF (min)': ratioOrNull(runtime, failures),
    'MTTR (min)': ratioOrNull(n(row, 'Tiempo de fallas (min)'), failures),
  };
  const utilization = expected['Utilización']!;
  expected.OEE = utilization === 0 ? 0 : idealUnits === null ? null : ratioOrNull(utilization * good, idealUnits);
  for (const [column, value] of Object.entries(expected)) {
    if (value === null) expect(row[column], `${label}: ${column}`).toBeNull();
    else expect(n(row, column), `${label}: ${column}`).toBeCloseTo(value, 9);
  }
  // OEE is also the product of the three factors shown, whenever something was made.
  if (produced > 0 && row.OEE !== null)
    expect(n(row, 'OEE'), `${label}: OEE = U × R × A`).toBeCloseTo(n(row, 'Utilización') * n(row, 'Rendimiento') * n(row, 'Aceptación'), 9);
}

describe("the 'Reporte OEE' of the demo's week: every figure of a row is recomputed from the row's own columns", () => {
  it('orders: planned and run time, utilization, throughput (nominal speed × runtime), acceptance, OEE, MTBF, MTTR', () => {
    expect(orders.length).toBeGreaterThan(20);
    for (const row of orders) {
      const nominal = row['Velocidad nominal (u/min)'];
      const ideal =
        n(row, 'Tiempo en marcha (min)') === 0 ? 0 : nominal === null ? null : Number(nominal) * n(row, 'Tiempo en marcha (min)');
      expectRecomputable(row, ideal, String(row.Orden));
    }
    // The adjusted order carries its adjustment, and its utilization is the one that needs it.
    const adjusted = orders.find((row) => row.Orden === adjustedOrder)!;
    expect(adjusted['Descuento ajustado (min)']).toBe(10);
    expect(n(adjusted, 'Utilización')).toBeGreaterThan(
      n(adjusted, 'Tiempo en marcha (min)') / (n(adjusted, 'Tiempo dotado (min)') - n(adjusted, 'Tiempo descontado (min)')),
    );
  });

  it('shifts: the same, throughput from the shift’s ideal units', () => {
    expect(shifts.length).toBeGreaterThan(DEMO_HISTORY_DAYS * 3 * 4 - 4);
    for (const row of shifts) {
      const ideal = row['Unidades ideales'];
      expectRecomputable(row, ideal === null ? null : Number(ideal), `${String(row.Línea)} ${String(row.Inicio)}`);
    }
    // The order's adjustment reaches the shifts it ran in (shared among them when it spans several).
    // (to the millisecond: the shares are whole milliseconds)
    expect(shifts.reduce((sum, row) => sum + n(row, 'Descuento ajustado (min)'), 0)).toBeCloseTo(10, 4);
  });

  it('losses: each shift’s waterfall adds up to its calendar time, with the planned time and the OEE of its shift row', () => {
    expect(losses).toHaveLength(shifts.length);
    const minuteColumns = Object.keys(losses[0]!).filter(
      (column) =>
        column.endsWith('(min)') &&
        !['Tiempo calendario (min)', 'Tiempo de carga (min)', 'Tiempo planificado (min)', 'Marcha fuera de calendario (min)'].includes(
          column,
        ),
    );
    expect(minuteColumns).toHaveLength(13);
    losses.forEach((row, index) => {
      const shift = shifts[index]!;
      const label = `${String(row.Línea)} ${String(row.Inicio)}`;
      expect([row.Línea, row.Inicio], label).toEqual([shift.Línea, shift.Inicio]);
      const sum = minuteColumns.reduce((total, column) => total + n(row, column), 0);
      expect(sum, label).toBeCloseTo(n(row, 'Tiempo calendario (min)'), 9);
      expect(n(row, 'Tiempo planificado (min)'), label).toBeCloseTo(n(shift, 'Tiempo planificado (min)'), 9);
      if (shift['Fin'] !== null && Date.parse(String(shift.Fin).replace(' ', 'T') + '-03:00') <= NOW)
        expect(row.OEE, label).toBe(shift.OEE);
    });
  });

  it('losses: the quality loss in two columns, start-up rejects only on the line that declares a window, as the edge’s waterfall has them', async () => {
    const startupColumn = 'Rechazos de arranque (min)';
    const productionColumn = 'Rechazos de producción (min)';
    const lines = await listLineSettings(plant.db);
    const stored = await plant.db.selectFrom('shift_indexes').select(['lineID', 'shiftStart', 'shiftEnd']).orderBy('shiftStart').execute();
    const line1 = lines.find((line) => line.lineID === 1)!;
    let startupMinutes = 0;
    for (const row of losses) {
      const label = `${String(row.Línea)} ${String(row.Inicio)}`;
      if (row.Línea !== line1.description) expect(n(row, startupColumn), label).toBe(0);
      else startupMinutes += n(row, startupColumn);
    }
    expect(startupMinutes).toBeGreaterThan(0);
    // Line 1's shifts: the sheet's two columns are the edge's waterfall bars to the last digit.
    const rows1 = losses.filter((row) => row.Línea === line1.description);
    const shifts1 = stored.filter((shift) => shift.lineID === 1);
    expect(rows1).toHaveLength(shifts1.length);
    for (const [index, shift] of shifts1.entries()) {
      const waterfall = await linesWaterfall(plant.db, [line1], shift.shiftStart, shift.shiftEnd, NOW, TZ);
      expect(n(rows1[index]!, startupColumn), String(shift.shiftStart)).toBe(waterfall.bars.startupRejects / MINUTE_MS);
      expect(n(rows1[index]!, productionColumn), String(shift.shiftStart)).toBe(waterfall.bars.productionRejects / MINUTE_MS);
    }
  });
});
