import type { Database } from '../../db/database';
import { calendarShiftAt, productionDay } from '../../domain/work-calendar';
import {
  aboveNominalSpeed,
  computeIndicators,
  rollUpIndicators,
  sumIndicatorInputs,
  type IndicatorInputs,
  type Indicators,
} from '../../domain/oee';
import { manualLineKnownUntilMs } from '../../domain/manual-lines';
import { stopDurationMs } from '../../domain/stops';
import { toPlantIso } from '../../domain/time-zone';
import { notFound } from '../../http/errors';
import type { Language } from '../../http/messages';
import {
  engineParameters,
  findLineSettings,
  listLineSettings,
  type LineSettings,
  type EngineClock,
  lineRangeInputs,
  loadLineRangeData,
  type LineRangeData,
} from '../engine';
import { shiftToApi, shiftWithNeighbours, type CalendarSpan } from '../calendar/calendar.service';
import { lineCalendars } from '../calendar/line-calendars';
import { callsInProgress } from '../maintenance';
import { callToApi } from '../maintenance/maintenance.service';
import { previousOrderEnd } from '../orders';
import { orderProgress, readyOrderStatus, type ReadyOrderStatus } from '../production/production.service';
import { localizeReasonNames } from '../stop-reasons/reason-names';
import { openStopsOfLines, type StopRow } from '../stops';
import { overviewLines, targetsOfLines, type OverviewLine } from './line-overview.repository';

/**
 * What the dashboards show of a line, live: the beacon, the current stop, the maintenance call, the Ready order and
 * the indicators of the current shift — all through the one indicators computation (indexes/line-indicators.ts),
 * so they equal the stored indexes at the same instant. A sector sums its lines' inputs before dividing.
 */

export type Beacon = 'green' | 'red' | 'amber' | 'white';

/** SPEC §3/§4: amber while a maintenance call is not finished; else green running, red stopped, white unknown. */
export function beaconOf(running: number | null | undefined, maintenanceInProgress: boolean): Beacon {
  if (maintenanceInProgress) return 'amber';
  if (running === 1) return 'green';
  if (running === 0) return 'red';
  return 'white';
}

/**
 * The six indicator values of SPEC §3 "Indicators" (ratios 0..1, mtbf/mttr in minutes; null when undefined), and
 * aboveNominalSpeed: the figures ran above the nominal speed (throughput over 100 %), shown flagged (issue 25).
 */
export function indicatorValues(indicators: Indicators) {
  return {
    aboveNominalSpeed: aboveNominalSpeed(indicators),
    oee: indicators.oee,
    throughput: indicators.throughput,
    acceptance: indicators.acceptance,
    utilization: indicators.utilization,
    mtbf: indicators.mtbfMinutes,
    mttr: indicators.mttrMinutes,
  };
}

/** The indicator inputs of a line's shift as of now. */
async function shiftInputs(
  db: Database,
  line: LineSettings,
  shift: CalendarSpan,
  clock: EngineClock,
  microStopSeconds: number,
): Promise<IndicatorInputs> {
  const data = await loadLineRangeData(db, line, shift.startMs, shift.endMs, clock.timeZone);
  return lineRangeInputs(data, { fromMs: shift.startMs, toMs: shift.endMs }, clock.nowMs, microStopSeconds).inputs;
}

function stopToOverview(stop: StopRow | undefined, clock: EngineClock, language: Language) {
  if (!stop) return null;
  return localizeReasonNames(
    {
      stopID: stop.stopID,
      startDate: toPlantIso(stop.startDate, clock.timeZone),
      duration: Math.round(stopDurationMs({ startMs: stop.startDate, endMs: stop.endDate }, clock.nowMs) / 600) / 100,
      reasonID: stop.reasonID,
      reason: stop.reason,
      path: stop.path,
      color: stop.color,
      recognized: stop.recognized === 1,
    },
    language,
  );
}

async function orderData(db: Database, status: ReadyOrderStatus | null, timeZone: string) {
  if (!status) return null;
  return { ...(await orderProgress(db, status, timeZone)), ...indicatorValues(status.indexes.indicators) };
}

/** The overview cards of lines (the /resumen page, the beacon): one per line, in lineID order; reasons in `language`. */
async function overviewsOf(db: Database, lines: readonly OverviewLine[], clock: EngineClock, language: Language) {
  const lineIDs = lines.map((line) => line.lineID);
  const [stops, calls, targets, parameters] = [
    await openStopsOfLines(db, lineIDs),
    await callsInProgress(db, lineIDs),
    await targetsOfLines(db, lineIDs),
    await engineParameters(db),
  ];
  const settings = new Map((await listLineSettings(db, { lineIDs })).map((line) => [line.lineID, line]));
  const calendars = await lineCalendars(db);
  const cards = [];
  for (const line of lines) {
    // Each line's current shift is its calendar's.
    const shift = calendarShiftAt(calendars.of(line.lineID), clock.nowMs, clock.timeZone);
    const status = await readyOrderStatus(db, line.lineID, clock);
    const lineTargets = targets.filter((target) => target.lineID === line.lineID);
    const target = lineTargets.find((item) => status && item.tag === status.order.productCode) ?? lineTargets[0];
    const call = calls.get(line.lineID);
    const inputs = await shiftInputs(db, settings.get(line.lineID)!, shift, clock, parameters.microStopSeconds);
    cards.push({
      inputs,
      card: {
        lineID: line.lineID,
        sectorID: line.sectorID,
        description: line.description,
        targetOEE: target?.targetOEE ?? null,
        targetSummary: target?.targetSummary ?? null,
        beacon: beaconOf(line.running, call !== undefined),
        running: line.running === null ? null : line.running === 1,
        lastSampleAt: line.lastSampleAt === null ? null : toPlantIso(line.lastSampleAt, clock.timeZone),
        orderData: await orderData(db, status, clock.timeZone),
        callData: call ? callToApi(call, clock) : null,
        stopData: stopToOverview(stops.get(line.lineID), clock, language),
        shiftData: { ...shiftToApi(shift, clock.timeZone), ...indicatorValues(computeIndicators(inputs)) },
      },
    });
  }
  return cards;
}

/**
 * The live figures of lines (all when `lineIDs` is absent) with their shift's indicator inputs, as the overview
 * computes them: what the MQTT publisher sends (modules/publishing).
 */
export async function liveLineFigures(db: Database, lineIDs: readonly number[] | undefined, clock: EngineClock, language: Language) {
  return overviewsOf(db, await overviewLines(db, { lineIDs }), clock, language);
}

/** GET /api/resources/status/get: the overview of one line; 404 for an unknown line. */
export async function lineOverview(db: Database, lineID: number, clock: EngineClock, language: Language) {
  const lines = await overviewLines(db, { lineIDs: [lineID] });
  if (lines.length === 0) throw notFound();
  return (await overviewsOf(db, lines, clock, language))[0]!.card;
}

/**
 * The sector indicators (the /resumen page): every line's card, and the sector's indicators for the current shift
 * computed from the sum of its lines' inputs (never an average of their percentages). Its OEE and throughput are
 * those of the lines with a nominal speed wherever they ran (rollUpIndicators): coveredLines of lineCount, so one
 * line without a speed never blanks the sector.
 */
export async function sectorIndicators(
  db: Database,
  filter: { sectorID?: number; lineIDs?: readonly number[] },
  clock: EngineClock,
  language: Language,
) {
  const lines = await overviewLines(db, filter);
  const cards = await overviewsOf(db, lines, clock, language);
  // The sector's shift caption is the plant calendar's (a line of its own calendar shows its own in its card).
  const shift = calendarShiftAt((await lineCalendars(db)).plant, clock.nowMs, clock.timeZone);
  const total = rollUpIndicators(cards.map((card) => card.inputs));
  return {
    sectorID: filter.sectorID ?? null,
    shift: shiftToApi(shift, clock.timeZone),
    ...indicatorValues(total.indicators),
    coveredLines: total.coveredParts,
    lineCount: total.parts,
    lines: cards.map((card) => card.card),
  };
}

/**
 * How far the line's state is known, for the stop explorer: null for a line with a beacon (known up to now); for a
 * line read by hand, the end of its latest stop entered, now while one is open (domain/manual-lines.ts): the same
 * instant its indicators stop counting at (line-indicators.ts).
 */
function knownUntilDate(data: LineRangeData, clock: EngineClock): string | null {
  if (!data.line.readByHand) return null;
  const knownUntilMs = manualLineKnownUntilMs(data.latestStop, data.firstDataMs, clock.nowMs);
  return knownUntilMs === null ? null : toPlantIso(knownUntilMs, clock.timeZone);
}

/**
 * The dashboard's indicators of a line (SPEC §3 "Indicators"): the shift containing `atMs` (now by default), each
 * shift of its plant day and the day, the Ready order, and prevOrderEndDate. Each figure is of one thing: `shift` is
 * the shift's (the same computation as /resumen's card and the shift index), `order` the Ready order's (its order
 * index); the gauges show the shift's under the shift's caption and the order's beside it under the order's, never
 * one under the other's name (issue 25). `shift` also holds the units made in it with no order running
 * (unstaffedQuantity/unstaffedDiscards, as its shift index). firstDataDate is the instant the line is known from (null: never seen): the
 * indicators count no time before it, and the stop explorer draws the time before it as time without data.
 * knownUntilDate: on a line without a beacon, the instant its state is known up to (knownUntilDate above); the
 * explorer draws the time after it as time without data.
 */
export async function dashboardIndicators(db: Database, lineID: number, atMs: number, clock: EngineClock) {
  const line = await findLineSettings(db, lineID);
  const [overview] = await overviewLines(db, { lineIDs: [lineID] });
  if (!line || !overview) throw notFound();
  const { microStopSeconds } = await engineParameters(db);
  const calendar = (await lineCalendars(db)).of(lineID);
  const { shift, previous, next, day } = shiftWithNeighbours(calendar, atMs, clock.timeZone);
  const data = await loadLineRangeData(db, line, day.startMs, day.endMs, clock.timeZone);
  // The shifts of the production day as the line's calendar has them (any number, any codes).
  const perShift = productionDay(calendar, shift.plantDate, clock.timeZone).shifts.map((item) => {
    const { inputs, unstaffedUnits, unstaffedDiscards, unscheduledUnits, unscheduledDiscards, unscheduledRunMs } = lineRangeInputs(
      data,
      { fromMs: item.startMs, toMs: item.endMs },
      clock.nowMs,
      microStopSeconds,
    );
    // Made with no order running (the shift index's unstaffedQuantity/unstaffedDiscards): beside the factors, in none.
    return {
      shift: item,
      inputs,
      values: indicatorValues(computeIndicators(inputs)),
      // And made outside the calendar's schedule (the shift index's unscheduled columns; run time in minutes).
      unstaffed: {
        unstaffedQuantity: unstaffedUnits,
        unstaffedDiscards,
        unscheduledQuantity: unscheduledUnits,
        unscheduledDiscards,
        unscheduledRuntime: unscheduledRunMs / 60_000,
      },
    };
  });
  const current = perShift.find((item) => item.shift.startMs === shift.startMs)!;
  const status = await readyOrderStatus(db, lineID, clock);
  const orderValues = status ? indicatorValues(status.indexes.indicators) : null;
  const perTurn = overview.enableIndicadorPorTurno === 1;
  const previousEnd = await previousOrderEnd(db, lineID);
  return {
    lineID,
    indicadorPorTurno: perTurn,
    shift: {
      ...shiftToApi(shift, clock.timeZone),
      ...current.values,
      ...current.unstaffed,
      // The neighbouring shifts of the calendar, which the dashboard's shift navigation steps to.
      previous: shiftToApi(previous, clock.timeZone),
      next: shiftToApi(next, clock.timeZone),
    },
    perShift: perShift.map((item) => ({ ...shiftToApi(item.shift, clock.timeZone), ...item.values })),
    day: {
      ...shiftToApi(day, clock.timeZone),
      ...indicatorValues(computeIndicators(sumIndicatorInputs(perShift.map((item) => item.inputs)))),
    },
    order: status ? { order: status.order.order, startDate: toPlantIso(status.order.startDate!, clock.timeZone), ...orderValues } : null,
    prevOrderEndDate: previousEnd === null ? null : toPlantIso(previousEnd, clock.timeZone),
    firstDataDate: data.firstDataMs === null ? null : toPlantIso(data.firstDataMs, clock.timeZone),
    knownUntilDate: knownUntilDate(data, clock),
  };
}
