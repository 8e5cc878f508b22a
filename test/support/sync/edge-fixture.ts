import { seededRandom } from '../../../edge/src/acquisition/simulator/line-model';
import type { Database } from '../../../edge/src/db/database';
import { openPlantDatabase } from '../../../edge/src/db/installation';
import { startSyncQueue } from '../../../edge/src/db/outbox';
import { deleteRow, insertRow, updateRow, type WriteContext } from '../../../edge/src/db/writes';
import { DEFAULT_PATTERN, type WorkCalendar } from '../../../edge/src/domain/work-calendar';
import { PLANT_CALENDAR, replaceCalendar } from '../../../edge/src/modules/calendar/calendar.repository';
import { closeDueShifts, refreshOpenIndexes, applyLineEvents, type LineEvent } from '../../../edge/src/modules/engine';

/**
 * Edge databases with history, for the sync tests and the benchmark (imported by them only). Every synced row is
 * written the way the product writes it — through db/writes (so each change has its outbox row) and through the
 * OEE engine's ingestion for stops, orders and indexes.
 */

export const FIXTURE_TZ = 'America/Argentina/Buenos_Aires';
const MINUTE = 60_000;
/** A Monday 06:00 in the plant (09:00 UTC). */
export const FIXTURE_START = Date.parse('2026-03-02T09:00:00Z');

export async function openEdgeDatabase(file: string): Promise<Database> {
  const { db } = await openPlantDatabase(file);
  // Sync enabled on this edge: the seeded rows as the outbox's snapshot, every later write as its own row.
  await startSyncQueue(db, FIXTURE_START);
  return db;
}

const ctxAt = (now: number, action?: string): WriteContext => ({ userID: 'sync-test', now, ...(action ? { action } : {}) });

/** Buildings, sectors, lines, products (with speeds), stop reasons and orders of a small plant. */
export async function writeConfiguration(db: Database, now = FIXTURE_START): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ctx = ctxAt(now);
    const building = await insertRow(trx, 'buildings', { buildingName: 'Planta Norte' }, ['buildingId'], ctx);
    const sectors = [];
    for (const sectorName of ['Envasado', 'Paletizado']) {
      sectors.push(await insertRow(trx, 'sectors', { sectorName, buildingId: building.buildingId }, ['sectorID'], ctx));
    }
    for (const lineID of [1, 2, 3]) {
      await insertRow(
        trx,
        'lines',
        {
          lineID,
          sectorID: sectors[lineID === 3 ? 1 : 0]!.sectorID,
          description: `Línea ${lineID} "ñandú"`,
          calculationBaliza: `/*tags:Line${lineID}.Running*/ [Line${lineID}.Running]`,
          calculationUnits: null,
          calculationDiscards: null,
          fixedThroughput: lineID === 3 ? 1 : null,
          enableOrderManager: lineID === 3 ? 0 : 1,
          enableStopsManager: 1,
          enableIndicadorPorTurno: lineID === 2 ? 1 : 0,
          updatedBy: 'admin',
          updateDate: now,
        },
        ['lineID'],
        ctx,
      );
    }
    for (const [code, speed] of [
      ['P1', 120],
      ['P2', 80.5],
      ['P3', 60],
    ] as const) {
      await insertRow(
        trx,
        'products',
        { code, name: `Producto ${code}`, wrappersPerPackage: 10, unitsPerWrapper: 6, unit: 'u', performance: 0.95 },
        ['code'],
        ctx,
      );
      for (const lineID of [1, 2, 3]) await trx.insertInto('product_speeds').values({ code, lineID, speed }).execute();
    }
    await insertRow(
      trx,
      'stop_reasons',
      { reasonID: 30, parentID: 8, reason: 'Mecánica', isCategory: 1, color: '#ec5453', enabledForLine: '[]' },
      ['reasonID'],
      ctx,
    );
    await insertRow(
      trx,
      'stop_reasons',
      { reasonID: 31, parentID: 30, reason: 'Rotura de cinta', pareto: 1, enabledForLine: '[1,2]', updatedBy: 'super', updateDate: now },
      ['reasonID'],
      ctx,
    );
    await insertRow(
      trx,
      'stop_reasons',
      { reasonID: 20, parentID: 7, reason: 'Almuerzo', discountOEE: 1, detail: "Pausa de 30'", enabledForLine: '[]' },
      ['reasonID'],
      ctx,
    );
    for (const [order, lineID, productCode] of [
      ['1001-RP', 1, 'P1'],
      ['1002-RP', 2, 'P2'],
      ['1003-RP', 1, 'P2'],
    ] as const) {
      await insertRow(
        trx,
        'orders',
        {
          order,
          op: order.split('-')[0],
          lineID,
          lot: `L-${order}`,
          productCode,
          productName: `Producto ${productCode}`,
          desiredProductionQuantity: 5000,
          desiredProductionSpeed: null,
          createdBy: 'super',
          createDate: now,
        },
        ['order'],
        ctx,
      );
    }
  });
}

/**
 * `hours` of the three lines through the engine, one sample a minute: running spells and stops, counters, the
 * orders started and finished; then the shifts that ended are closed and the open indexes refreshed. Answers the
 * time it ends at.
 */
export async function runProduction(
  db: Database,
  options: {
    seed?: number;
    fromMs?: number;
    hours: number;
    /** Start and switch orders (the first stretch only). */ orders?: boolean;
    /** The plant's zone (default FIXTURE_TZ). */ timeZone?: string;
  },
): Promise<number> {
  const timeZone = options.timeZone ?? FIXTURE_TZ;
  const random = seededRandom(options.seed ?? 7);
  const from = options.fromMs ?? FIXTURE_START;
  const counters = new Map<number, { units: number; discards: number; running: boolean }>(
    [1, 2, 3].map((lineID) => [lineID, { units: 0, discards: 0, running: true }]),
  );
  const minutes = Math.round(options.hours * 60);
  const context = (nowMs: number) => ({ nowMs, timeZone, userID: null });
  const orders = options.orders ?? true;
  if (orders)
    await applyLineEvents(
      db,
      [
        { type: 'orderStarted', lineID: 1, atMs: from, order: '1001-RP' },
        { type: 'orderStarted', lineID: 2, atMs: from, order: '1002-RP' },
      ],
      context(from),
    );
  for (let minute = 0; minute <= minutes; minute += 1) {
    const atMs = from + minute * MINUTE;
    const events: LineEvent[] = [];
    if (orders && minute === Math.floor(minutes / 2)) {
      events.push(
        { type: 'orderFinished', lineID: 1, atMs, order: '1001-RP' },
        { type: 'orderStarted', lineID: 1, atMs, order: '1003-RP' },
      );
    }
    for (const [lineID, state] of counters) {
      if (random() < 0.12) state.running = !state.running;
      if (state.running) {
        state.units += 50 + Math.floor(random() * 60);
        state.discards += random() < 0.3 ? 1 : 0;
      }
      events.push(
        { type: 'lineState', lineID, atMs, running: state.running },
        { type: 'counters', lineID, atMs, units: state.units, discards: state.discards },
      );
    }
    await applyLineEvents(db, events, context(atMs));
  }
  const end = from + minutes * MINUTE;
  await closeDueShifts(db, { nowMs: end, timeZone });
  await refreshOpenIndexes(db, { nowMs: end, timeZone });
  return end;
}

/**
 * Changes of every kind after the fact: recognitions (updates of stops), renames, a deleted stop, a product deleted
 * and created again under the same code, a stop reason and a building created and deleted, a shift index removed.
 */
export async function editHistory(db: Database, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ctx = ctxAt(now);
    const stops = await trx.selectFrom('stops').select(['stopID', 'endDate']).orderBy('stopID').execute();
    const closed = stops.filter((stop) => stop.endDate !== null);
    for (const stop of closed.slice(0, 5)) {
      await updateRow(
        trx,
        'stops',
        { stopID: stop.stopID },
        {
          reasonID: 31,
          reason: 'Rotura de cinta',
          root: 'Mecánica',
          rootID: 30,
          path: 'No planificadas/Mecánica/Rotura de cinta',
          recognized: 1,
          observation: 'cinta 3',
          pareto: 1,
          color: '#ec5453',
          updatedBy: 'super',
          updateDate: now,
        },
        ctx,
      );
    }
    if (closed[5]) await deleteRow(trx, 'stops', { stopID: closed[5].stopID }, ctx);
    await updateRow(trx, 'lines', { lineID: 2 }, { description: 'Línea 2 (renovada)', updatedBy: 'admin', updateDate: now }, ctx);
    await updateRow(trx, 'stop_reasons', { reasonID: 31 }, { color: '#123456', enabledForLine: '[1, 2, 3]' }, ctx);
    await trx.deleteFrom('product_speeds').where('code', '=', 'P3').execute();
    await deleteRow(trx, 'products', { code: 'P3' }, ctx);
    await insertRow(
      trx,
      'products',
      { code: 'P3', name: 'Producto P3 bis', wrappersPerPackage: 12, unitsPerWrapper: 4, unit: null, performance: null },
      ['code'],
      ctx,
    );
    const reason = await insertRow(trx, 'stop_reasons', { parentID: 30, reason: 'Temporal', enabledForLine: '[]' }, ['reasonID'], ctx);
    await deleteRow(trx, 'stop_reasons', { reasonID: reason.reasonID as number }, ctx);
    const building = await insertRow(trx, 'buildings', { buildingName: 'Depósito' }, ['buildingId'], ctx);
    await updateRow(trx, 'buildings', { buildingId: building.buildingId as number }, { buildingName: 'Depósito 2' }, ctx);
    await deleteRow(trx, 'buildings', { buildingId: building.buildingId as number }, ctx);
    const shift = await trx
      .selectFrom('shift_indexes')
      .select(['lineID', 'shiftStart'])
      .where('lineID', '=', 3)
      .orderBy('shiftStart')
      .executeTakeFirst();
    if (shift) await deleteRow(trx, 'shift_indexes', shift, ctx);
    // The work calendars: a new plant version with a break and exceptions, a line's own calendar, then some of it undone.
    const twelveHours: WorkCalendar = {
      versions: [
        { effectiveFrom: '1900-01-01', pattern: DEFAULT_PATTERN },
        {
          effectiveFrom: '2026-04-01',
          pattern: {
            shifts: [
              { code: 'TD', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
              { code: 'TN', nameEs: 'Noche "ñ"', nameEn: 'Night', start: '19:00', end: '05:00' },
            ],
            breaks: [
              { shiftCode: 'TD', start: '12:00', minutes: 30 },
              { shiftCode: 'TN', start: '01:00', minutes: 20 },
            ],
            weekdays: [1, 2, 3, 4, 5],
          },
        },
      ],
      exceptions: [
        { date: '2026-04-02', kind: 'holiday' },
        { date: '2026-04-04', kind: 'extraShift', shiftCode: 'TD' },
        { date: '2026-04-10', kind: 'shortDay', until: '15:00' },
      ],
    };
    await replaceCalendar(trx, PLANT_CALENDAR, twelveHours, ctx);
    await replaceCalendar(trx, 2, twelveHours, ctx);
    const [plantVersion, lineVersion] = [twelveHours.versions[0]!, twelveHours.versions[1]!];
    await replaceCalendar(
      trx,
      PLANT_CALENDAR,
      {
        versions: [plantVersion, { ...lineVersion, pattern: { ...lineVersion.pattern, breaks: lineVersion.pattern.breaks.slice(0, 1) } }],
        exceptions: twelveHours.exceptions.slice(1),
      },
      ctx,
    );
    await replaceCalendar(trx, 2, null, ctx);
  });
}

/** `count` closed stops on line 3 (each through the chokepoint: a stop row, its outbox row and its audit row). */
export async function writeStops(db: Database, count: number, fromMs = FIXTURE_START): Promise<void> {
  const random = seededRandom(count);
  const perTransaction = 5_000;
  for (let done = 0; done < count; done += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(count, done + perTransaction); i += 1) {
        const startDate = fromMs + i * 2 * MINUTE;
        await insertRow(
          trx,
          'stops',
          {
            lineID: 3,
            startDate,
            endDate: startDate + 30_000 + Math.floor(random() * 60_000),
            reasonID: 31,
            reason: 'Rotura de cinta',
            root: 'Mecánica',
            rootID: 30,
            path: 'No planificadas/Mecánica/Rotura de cinta',
            recognized: i % 2 === 0 ? 0 : 1,
            observation: i % 7 === 0 ? `observación ${i}` : null,
            pareto: 1,
            updatedBy: 'bench',
            updateDate: startDate,
          },
          ['stopID'],
          ctxAt(startDate),
        );
      }
    });
  }
}
