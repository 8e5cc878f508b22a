import { seededRandom } from '../acquisition/simulator/line-model';
import type { Database } from '../db/database';
import { insertRow, type WriteContext } from '../db/writes';
import { ROLE } from '../domain/roles';
import { closeDueShifts, applyLineEvents, type LineEvent } from '../modules/engine';
import { recognizeStops } from '../modules/stops/stops.service';
import { forgetLineStates, longRecognizedStopsBetween, unrecognizedStopsBetween } from './demo.repository';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '../domain/time';

/**
 * The demo plant's past: DEMO_HISTORY_DAYS of orders, stops and production on every line, made by the same engine
 * that reads the live plant (line states, counters and orders as the acquisition would deliver them), so the order and
 * shift indexes, the stop summaries and the report have something to show from the first minute. The history is the
 * same on every run (a seeded generator), ends with every line running, and the live plant takes over from there.
 */

export const DEMO_HISTORY_DAYS = 7;

/** The acquisition's counters, as often as a slow PLC would be read. */
const SAMPLE_MS = 5 * MINUTE;
/** Events per engine call: a day of a line, give or take. */
const EVENTS_PER_BATCH = 400;
/** Share of stops (not microstops) an operator recognized; the rest wait for someone, as on a real line. */
const RECOGNIZED_SHARE = 0.85;
/** Stops at least this long that had a maintenance call, one in MAINTENANCE_SHARE: the maintenance history's week. */
const MAINTENANCE_STOP_MS = 15 * MINUTE;
const MAINTENANCE_SHARE = 0.5;

export interface HistoryLine {
  lineID: number;
  /** Units per minute of the line's product. */
  speed: number;
  productCode: string;
  productName: string;
}

const between = (random: () => number, min: number, max: number) => min + (max - min) * random();

interface Interval {
  startMs: number;
  endMs: number;
}

/** The line's stops between fromMs and toMs: mostly short, some long, a few microstops; running again before toMs. */
function stopsOf(random: () => number, fromMs: number, toMs: number): Interval[] {
  const stops: Interval[] = [];
  let at = fromMs + Math.round(between(random, 20, 90)) * MINUTE;
  while (at < toMs) {
    const kind = random();
    const durationMs =
      kind < 0.1
        ? Math.round(between(random, 20, 55)) * 1000
        : kind < 0.75
          ? Math.round(between(random, 2, 15)) * MINUTE
          : Math.round(between(random, 15, 50)) * MINUTE;
    if (at + durationMs >= toMs - MINUTE) break;
    stops.push({ startMs: at, endMs: at + durationMs });
    at += durationMs + Math.round(between(random, 15, 140)) * MINUTE;
  }
  return stops;
}

/** Running time of [fromMs, toMs) outside the stops. */
function runningMs(stops: readonly Interval[], fromMs: number, toMs: number): number {
  let stopped = 0;
  for (const stop of stops) stopped += Math.max(0, Math.min(stop.endMs, toMs) - Math.max(stop.startMs, fromMs));
  return toMs - fromMs - stopped;
}

interface PlannedOrder {
  order: string;
  op: string;
  startMs: number;
  hours: number;
}

/** Orders of 6 to 14 hours back to back; the last one ends when the live plant's order starts. */
function ordersOf(random: () => number, line: HistoryLine, fromMs: number, toMs: number): PlannedOrder[] {
  const orders: PlannedOrder[] = [];
  for (let at = fromMs, n = 0; at < toMs - HOUR; n += 1) {
    const hours = Math.round(between(random, 6, 14));
    const op = String(4_400_000 + line.lineID * 1000 + n);
    orders.push({ order: `${op}-0`, op, startMs: at, hours });
    at += hours * HOUR;
  }
  return orders;
}

/** The events the acquisition would have delivered: beacon changes, counters every SAMPLE_MS, order starts. */
function eventsOf(random: () => number, line: HistoryLine, orders: readonly PlannedOrder[], fromMs: number, toMs: number): LineEvent[] {
  const stops = stopsOf(random, fromMs, toMs);
  const events: LineEvent[] = orders.map((order) => ({
    type: 'orderStarted',
    lineID: line.lineID,
    atMs: order.startMs,
    order: order.order,
  }));
  events.push({ type: 'lineState', lineID: line.lineID, atMs: fromMs, running: true });
  for (const stop of stops) {
    events.push({ type: 'lineState', lineID: line.lineID, atMs: stop.startMs, running: false });
    events.push({ type: 'lineState', lineID: line.lineID, atMs: stop.endMs, running: true });
  }
  let units = 0;
  let discards = 0;
  for (let at = fromMs; at <= toMs; at += SAMPLE_MS) {
    if (at > fromMs) {
      const made = Math.round((runningMs(stops, at - SAMPLE_MS, at) / MINUTE) * line.speed * between(random, 0.86, 0.98));
      units += made;
      discards += Math.round(made * between(random, 0.002, 0.02));
    }
    events.push({ type: 'counters', lineID: line.lineID, atMs: at, units, discards });
  }
  // Stable: at the same instant an order starts before the line's state or counters of that instant.
  return events.sort((a, b) => atOf(a) - atOf(b));
}

const atOf = (event: LineEvent) => (event.type === 'manualStop' ? event.startMs : event.atMs);

/**
 * Writes the history of `lines` over the DEMO_HISTORY_DAYS before `clock.nowMs`, recognizes most stops with the
 * plant's reasons (`reasonIDs`, leaves of the tree), closes the shifts, and forgets the engine's memory of the lines
 * so the live plant starts fresh at `clock.nowMs` (its own counters, no downtime charged to the edge).
 */
export async function writeDemoHistory(
  db: Database,
  clock: { nowMs: number; timeZone: string },
  lines: readonly HistoryLine[],
  reasonIDs: readonly number[],
  callReasons: readonly string[],
  wrapperTypes: readonly string[] = [],
): Promise<void> {
  const toMs = Math.floor(clock.nowMs / MINUTE) * MINUTE - MINUTE;
  const fromMs = toMs - DEMO_HISTORY_DAYS * 24 * HOUR;
  const ctx: WriteContext = { userID: 'demo', now: clock.nowMs, action: 'demo' };
  const engine = { nowMs: clock.nowMs, timeZone: clock.timeZone, userID: 'demo' };
  for (const line of lines) {
    const random = seededRandom(line.lineID * 7919);
    const orders = ordersOf(random, line, fromMs, toMs);
    await db.transaction().execute(async (trx) => {
      for (const order of orders) {
        await insertRow(
          trx,
          'orders',
          {
            order: order.order,
            op: order.op,
            version: 0,
            lineID: line.lineID,
            lot: `H${order.op.slice(-4)}`,
            validation: random() < 0.7 ? 1 : 0,
            productCode: line.productCode,
            productName: line.productName,
            desiredProductionQuantity: Math.round(line.speed * 60 * order.hours * 0.9),
            desiredProductionSpeed: line.speed,
            status: 0,
            createdBy: 'demo',
            createDate: order.startMs,
            updatedBy: 'demo',
            updateDate: order.startMs,
          },
          ['order'],
          ctx,
        );
      }
    });
    const events = eventsOf(random, line, orders, fromMs, toMs);
    for (let index = 0; index < events.length; index += EVENTS_PER_BATCH)
      await applyLineEvents(db, events.slice(index, index + EVENTS_PER_BATCH), engine);
    await applyLineEvents(db, [{ type: 'orderFinished', lineID: line.lineID, atMs: toMs }], engine);
  }

  const random = seededRandom(1);
  const byReason = new Map<number, number[]>();
  for (const stop of await unrecognizedStopsBetween(db, fromMs, toMs)) {
    if (random() >= RECOGNIZED_SHARE) continue;
    // A few reasons cause most of the stop time, as on a real line (the Pareto chart has a head and a tail).
    const reasonID = reasonIDs[Math.floor(random() ** 2.5 * reasonIDs.length)]!;
    byReason.set(reasonID, [...(byReason.get(reasonID) ?? []), stop.stopID]);
  }
  const supervisor = { userID: 'supervisor', roleID: ROLE.SUPERVISOR, firstName: 'Sergio', lastName: 'Supervisor' };
  for (const [reasonID, stopIDs] of byReason) await recognizeStops(db, { stopIDs, reasonID }, supervisor, clock);

  await writeFinishedCalls(db, { fromMs, toMs, nowMs: clock.nowMs }, callReasons);
  await writeDeclaredLots(db, lines, clock.nowMs, wrapperTypes);
  await closeDueShifts(db, clock);
  await forgetLineStates(
    db,
    lines.map((line) => line.lineID),
  );
}

/**
 * The week's finished maintenance calls: about half the long stops had one, called a few minutes into the stop,
 * started after a wait and finished a minute before the line ran again, so the maintenance history has its MTTR and
 * mean waiting per line from the first minute.
 */
async function writeFinishedCalls(
  db: Database,
  span: { fromMs: number; toMs: number; nowMs: number },
  callReasons: readonly string[],
): Promise<void> {
  if (callReasons.length === 0) return;
  const random = seededRandom(2);
  const ctx: WriteContext = { userID: 'demo', now: span.nowMs, action: 'demo' };
  const stops = await longRecognizedStopsBetween(db, span.fromMs, span.toMs, MAINTENANCE_STOP_MS);
  await db.transaction().execute(async (trx) => {
    for (const stop of stops) {
      if (random() >= MAINTENANCE_SHARE) continue;
      const callDate = stop.startDate + Math.round(between(random, 1, 4)) * MINUTE;
      const startDate = callDate + Math.round(between(random, 2, 6)) * MINUTE;
      const endDate = Math.max(startDate + MINUTE, stop.endDate! - MINUTE);
      await insertRow(
        trx,
        'maintenance_calls',
        {
          resourceLineID: stop.lineID,
          stopID: stop.stopID,
          status: 2,
          callReason: callReasons[Math.floor(random() * callReasons.length)]!,
          message: null,
          callDate,
          declarationDate: callDate,
          startDate,
          endDate,
          calledBy: 'operator',
          startedBy: 'operator',
          finishedBy: 'operator',
          updatedBy: 'operator',
          updateDate: endDate,
        },
        ['callID'],
        ctx,
      );
    }
  });
}

/**
 * The lots the week's finished orders declared, as a production manager does at the end of an order: two or three
 * lots per order in whole packs and wrappers, adding up to a little under what the line counted (the last wrappers
 * not yet packed), so the production summary shows declared lots beside the counted units with a small difference.
 * The demo's lines count their units, so the lots are not booked as production (recordDeclaration's rule).
 */
async function writeDeclaredLots(
  db: Database,
  lines: readonly HistoryLine[],
  nowMs: number,
  wrapperTypes: readonly string[],
): Promise<void> {
  const random = seededRandom(3);
  const ctx: WriteContext = { userID: 'demo', now: nowMs, action: 'demo' };
  await db.transaction().execute(async (trx) => {
    for (const line of lines) {
      const product = await trx
        .selectFrom('products')
        .select(['unitsPerWrapper', 'wrappersPerPackage'])
        .where('code', '=', line.productCode)
        .executeTakeFirst();
      if (!product || product.unitsPerWrapper <= 0 || product.wrappersPerPackage <= 0) continue;
      const unitsPerPack = product.unitsPerWrapper * product.wrappersPerPackage;
      const orders = await trx
        .selectFrom('orders')
        .innerJoin('production_minutes', 'production_minutes.order', 'orders.order')
        .select(['orders.order', 'orders.op', 'orders.endDate'])
        .select((eb) => [
          eb.fn.sum<number>('production_minutes.units').as('units'),
          eb.fn.max<number>('production_minutes.minuteStart').as('lastMinute'),
        ])
        .where('orders.lineID', '=', line.lineID)
        .where('orders.endDate', 'is not', null)
        .groupBy(['orders.order', 'orders.op', 'orders.endDate'])
        .orderBy('orders.endDate')
        .execute();
      for (const order of orders) {
        let wrappersLeft = Math.floor((Number(order.units) * between(random, 0.985, 0.999)) / product.unitsPerWrapper);
        const count = random() < 0.5 ? 2 : 3;
        for (let index = 1; index <= count && wrappersLeft > 0; index += 1) {
          const wrappers = index === count ? wrappersLeft : Math.floor(wrappersLeft / (count - index + 1));
          wrappersLeft -= wrappers;
          const packs = Math.floor(wrappers / product.wrappersPerPackage);
          const loose = wrappers - packs * product.wrappersPerPackage;
          await insertRow(
            trx,
            'production_lots',
            {
              lot: `H${(order.op ?? order.order).slice(-4)}-${index}`,
              lineID: line.lineID,
              order: order.order,
              productCode: line.productCode,
              productName: line.productName,
              packs,
              wrappers: loose,
              units: packs * unitsPerPack + loose * product.unitsPerWrapper,
              wrapperType: wrapperTypes.length ? wrapperTypes[Math.floor(random() * wrapperTypes.length)]! : null,
              // The minute of its order's production it counts in: the order's last (recordDeclaration's bookingMinute).
              minuteStart: order.lastMinute,
              booked: 0,
              createdBy: 'supervisor',
              createDate: order.endDate! + Math.round(between(random, 2, 20)) * MINUTE,
            },
            ['lotID'],
            ctx,
          );
        }
      }
    }
  });
}
