import type { Database } from '../../db/database';
import { isSupportedPlantDate } from '../../domain/calendar';
import { calendarShiftAt, DEFAULT_CALENDAR, plantDateAt, productionDay, type WorkCalendar } from '../../domain/work-calendar';
import { WATERFALL_BAR_KEYS, type WaterfallBarKey } from '../../domain/losses';
import { aboveNominalSpeed, effectiveAdjustedMs } from '../../domain/oee';
import { clampStopsToRange } from '../../domain/stops';
import { parsePlantDate } from '../../domain/time-zone';
import { fieldError, type AppError } from '../../http/errors';
import { translate, type Language } from '../../http/messages';
import { listLineSettings, type EngineClock } from '../engine';
import { lineRangesWaterfalls } from '../losses/losses.service';
import { localizeReasonNames } from '../stop-reasons/reason-names';
import { plantDateTimeText } from './workbook';
import { orderIndexesInRange, shiftIndexesInRange, stopsInRange, type ReportRange } from './reports.repository';
import type { OeeReportQuery } from './reports.schemas';
import { col, workbookBytes, type RawRow, type ReportSheet } from './workbook';
import { MINUTE_MS } from '../../domain/time';

/**
 * 'Reporte OEE' (SPEC §2, §7): one workbook with the order indexes, the shift indexes and the stops of a range, as
 * the grids show them (times in minutes, ratios as percentages, system reasons named in the request's language),
 * dates in plant time. The stops sheet covers exactly the range, as the stop summaries do: a stop crossing an edge
 * of the range (or still in progress) is clipped to it. Orders and shifts are listed whole when they share time
 * with the range, since an index is the figure of its whole order or shift.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function invalidDate(field: string): AppError {
  return fieldError('validation', 'validation.invalid', field);
}

/** A bound of the range: a plant date means the start (or, for the end, the end) of that production day. */
function parseBound(value: string, field: 'startDate' | 'endDate', timeZone: string, calendar: WorkCalendar): number {
  if (DATE_ONLY.test(value)) {
    if (!isSupportedPlantDate(value)) throw invalidDate(field);
    const day = productionDay(calendar, value, timeZone);
    return field === 'startDate' ? day.startMs : day.endMs;
  }
  const instant = parsePlantDate(value, timeZone);
  if (instant === null) throw invalidDate(field);
  return instant;
}

/**
 * The report's range and line; by default the current production day (as `calendar`, the plant's or the line's,
 * has it: 06:00 to 06:00 by default, as the dialog proposes), or the production day of the one bound given. 400 on
 * bad dates or a start not before the end.
 */
export function reportRange(query: OeeReportQuery, clock: EngineClock, calendar: WorkCalendar = DEFAULT_CALENDAR): ReportRange {
  const dayAt = (instantMs: number) => productionDay(calendar, plantDateAt(calendar, instantMs, clock.timeZone), clock.timeZone);
  const start = query.startDate ? parseBound(query.startDate, 'startDate', clock.timeZone, calendar) : undefined;
  const end = query.endDate ? parseBound(query.endDate, 'endDate', clock.timeZone, calendar) : undefined;
  const fromMs = start ?? dayAt(end === undefined ? clock.nowMs : end - 1).startMs;
  const toMs = end ?? dayAt(start ?? clock.nowMs).endMs;
  if (fromMs >= toMs) throw invalidDate('endDate');
  return { fromMs, toMs, ...(query.lineID !== undefined ? { lineID: query.lineID } : {}) };
}

/** Minutes rounded to the hundredth, as the stops grid and the summaries show them. */
const minutesOf = (durationMs: number) => Math.round(durationMs / 600) / 100;

const LINE = col('line', 'Línea', 'Line', 'text');
const QUANTITIES = [
  col('productionQuantity', 'Cantidad producida', 'Quantity produced', 'number'),
  col('discardQuantity', 'Cantidad descartada', 'Quantity discarded', 'number'),
];
/**
 * Every figure of a row can be recomputed from the row's other columns (domain/oee.ts):
 * planned = staffed − discount − adjusted discount; runtime = staffed − discount − stop time (both at least 0);
 * utilization = runtime / planned; throughput = produced / ideal units, the ideal units being the order's nominal
 * speed × runtime (a shift's, summed over its orders, are a column of their own); acceptance = (produced −
 * discarded) / produced; OEE = utilization × throughput × acceptance; MTBF = runtime / failures; MTTR = failure
 * time / failures. The adjusted discount is the one the index used: the typed 'Ajustar' capped at the stop time.
 */
const INDICATORS = [
  col('staffedTime', 'Tiempo dotado (min)', 'Staffed time (min)', 'minutes'),
  col('discountTime', 'Tiempo descontado (min)', 'Discount time (min)', 'minutes'),
  col('adjustedDiscountTime', 'Descuento ajustado (min)', 'Adjusted discount (min)', 'minutes'),
  col('staffedTimeCorrect', 'Tiempo planificado (min)', 'Planned time (min)', 'minutes'),
  col('stopTime', 'Tiempo de paradas (min)', 'Stop time (min)', 'minutes'),
  col('runtime', 'Tiempo en marcha (min)', 'Runtime (min)', 'minutes'),
  col('failureCount', 'Fallas', 'Failures', 'number'),
  col('failureTime', 'Tiempo de fallas (min)', 'Failure time (min)', 'minutes'),
  col('utilization', 'Utilización', 'Utilization', 'percent'),
  col('throughput', 'Rendimiento', 'Throughput', 'percent'),
  col('acceptance', 'Aceptación', 'Acceptance', 'percent'),
  col('oee', 'OEE', 'OEE', 'percent'),
  col('mtbf', 'MTBF (min)', 'MTBF (min)', 'minutes'),
  col('mttr', 'MTTR (min)', 'MTTR (min)', 'minutes'),
];

/** The warning of a row above nominal speed (its figures kept as they are), empty otherwise. */
const WARNING = col('warning', 'Aviso', 'Warning', 'text');

const ORDERS_SHEET: ReportSheet = {
  es: 'Ordenes',
  en: 'Orders',
  columns: [
    col('order', 'Orden', 'Order', 'text'),
    LINE,
    col('product', 'Producto', 'Product', 'text'),
    col('startDate', 'Inicio', 'Start', 'date'),
    col('endDate', 'Fin', 'End', 'date'),
    ...QUANTITIES,
    col('nominalSpeed', 'Velocidad nominal (u/min)', 'Nominal speed (u/min)', 'number'),
    ...INDICATORS,
    WARNING,
  ],
};

/** What names a line's shift in a row: the 'Turnos' and 'Pérdidas' sheets. */
const SHIFT_KEY = [
  LINE,
  col('shift', 'Turno', 'Shift', 'text'),
  col('shiftStart', 'Inicio', 'Start', 'date'),
  col('shiftEnd', 'Fin', 'End', 'date'),
];

const SHIFTS_SHEET: ReportSheet = {
  es: 'Turnos',
  en: 'Shifts',
  columns: [
    ...SHIFT_KEY,
    ...QUANTITIES,
    // Made with no order on a line with the order manager: beside the quantities the indicators use, in none of them.
    col('unstaffedQuantity', 'Producido sin orden', 'Made without an order', 'number'),
    col('idealUnits', 'Unidades ideales', 'Ideal units', 'number'),
    ...INDICATORS,
    WARNING,
  ],
};

/** The adjustment an index used (minutes): the one stored, capped at its stop time as the indicators cap it. */
const usedAdjustment = (row: RawRow) =>
  effectiveAdjustedMs({ adjustedDiscountMs: Number(row.adjustedDiscountTime ?? 0), stopMs: Number(row.stopTime ?? 0) });

const STOPS_SHEET: ReportSheet = {
  es: 'Paradas',
  en: 'Stops',
  columns: [
    LINE,
    col('startDate', 'Inicio', 'Start', 'date'),
    col('endDate', 'Fin', 'End', 'date'),
    col('duration', 'Duración (min)', 'Duration (min)', 'minutes'),
    col('reason', 'Motivo', 'Reason', 'text'),
    col('path', 'Ruta', 'Path', 'text'),
    col('recognized', 'Reconocida', 'Recognized', 'yesNo'),
  ],
};

/** The names of the waterfall's bars in the 'Pérdidas' sheet (as the app's chart names them). */
const BAR_NAMES: Record<WaterfallBarKey, [string, string]> = {
  notScheduled: ['No programado', 'Not scheduled'],
  unstaffed: ['Sin orden / no dotado', 'No order / not staffed'],
  planned: ['Paradas planificadas', 'Planned stops'],
  adjusted: ['Ajuste de supervisor', 'Supervisor adjustment'],
  breakdown: ['Averías', 'Breakdowns'],
  setup: ['Preparación y ajustes', 'Setups and adjustments'],
  notLineLoss: ['Sin datos (no es de la línea)', 'No data (not the line)'],
  smallStop: ['Microparadas', 'Small stops'],
  speed: ['Pérdida de velocidad', 'Speed loss'],
  startupRejects: ['Rechazos de arranque', 'Start-up rejects'],
  productionRejects: ['Rechazos de producción', 'Production rejects'],
  unrated: ['Marcha sin velocidad nominal', 'Running without nominal speed'],
  fullyProductive: ['Tiempo plenamente productivo', 'Fully productive time'],
};

/**
 * Where each line's shift went (issue 29): the waterfall from calendar time to fully productive time, its bars in
 * minutes adding up to the calendar time, with the shift's OEE (the 'Turnos' row's) and TEEP.
 */
const LOSSES_SHEET: ReportSheet = {
  es: 'Pérdidas',
  en: 'Losses',
  columns: [
    ...SHIFT_KEY,
    col('calendar', 'Tiempo calendario (min)', 'Calendar time (min)', 'minutes'),
    col('loading', 'Tiempo de carga (min)', 'Loading time (min)', 'minutes'),
    col('planned', 'Tiempo planificado (min)', 'Planned time (min)', 'minutes'),
    ...WATERFALL_BAR_KEYS.map((key) => col(`bar.${key}`, `${BAR_NAMES[key][0]} (min)`, `${BAR_NAMES[key][1]} (min)`, 'minutes')),
    col('oee', 'OEE', 'OEE', 'percent'),
    col('teep', 'TEEP', 'TEEP', 'percent'),
    // Made outside the work calendar's schedule: beside the bars (its run time is inside 'No programado'), in no factor.
    col('unscheduledQuantity', 'Producido fuera de calendario', 'Made outside the calendar', 'number'),
    col('unscheduledRun', 'Marcha fuera de calendario (min)', 'Run outside the calendar (min)', 'minutes'),
  ],
};

/** The 'Pérdidas' rows: the waterfall of each shift row, times in minutes (exact: ms / 60,000). */
async function lossRows(db: Database, shifts: readonly RawRow[], clock: EngineClock): Promise<RawRow[]> {
  const waterfalls = await lineRangesWaterfalls(
    db,
    shifts.map((row) => ({ lineID: Number(row.lineID), fromMs: Number(row.shiftStart), toMs: Number(row.shiftEnd) })),
    clock.nowMs,
    clock.timeZone,
  );
  return shifts.map((row, index) => {
    const waterfall = waterfalls[index];
    const key = { line: row.line, shift: row.shift, shiftStart: row.shiftStart, shiftEnd: row.shiftEnd };
    if (!waterfall) return key;
    return {
      ...key,
      calendar: waterfall.calendarMs / MINUTE_MS,
      loading: waterfall.loadingMs / MINUTE_MS,
      planned: waterfall.plannedMs / MINUTE_MS,
      ...Object.fromEntries(WATERFALL_BAR_KEYS.map((key) => [`bar.${key}`, waterfall.bars[key] / MINUTE_MS])),
      oee: waterfall.oee,
      teep: waterfall.teep,
      unscheduledQuantity: waterfall.unscheduled.units,
      unscheduledRun: waterfall.unscheduled.runMs / MINUTE_MS,
    };
  });
}

/** The 'Reporte OEE' workbook (xlsx bytes) of a range: sheets of orders, shifts, stops and where each shift's time went. */
export async function buildOeeReport(db: Database, range: ReportRange, clock: EngineClock, language: Language): Promise<Buffer> {
  const lines = new Map((await listLineSettings(db)).map((line) => [line.lineID, line.description]));
  const lineOf = (row: RawRow): RawRow => ({ ...row, line: lines.get(Number(row.lineID)) ?? String(row.lineID) });
  const warningOf = (row: RawRow) =>
    aboveNominalSpeed({ throughput: row.throughput === null ? null : Number(row.throughput) })
      ? translate('indicators.aboveNominalSpeed', language, { n: Number(row.lineID) })
      : null;
  // An order's own adjustment column is the one typed; its index's is what the figures used.
  const orders = (await orderIndexesInRange(db, range)).map((row) => ({
    ...lineOf(row),
    product: row.productName ?? row.productCode,
    adjustedDiscountTime: usedAdjustment({ ...row, adjustedDiscountTime: row.effectiveAdjustedDiscountTime }),
    warning: warningOf(row),
  }));
  const shifts = (await shiftIndexesInRange(db, range)).map((row) => ({
    ...lineOf(row),
    // The row's own shift code; one computed before edge 0027 was the default calendar's.
    shift: (row.shiftCode as string | null) ?? calendarShiftAt(DEFAULT_CALENDAR, Number(row.shiftStart), clock.timeZone).code,
    adjustedDiscountTime: usedAdjustment(row),
    warning: warningOf(row),
  }));
  const stops = clampStopsToRange(
    (await stopsInRange(db, range, clock.nowMs)).map((row) => ({
      ...row,
      startMs: Number(row.startDate),
      endMs: row.endDate === null ? null : Number(row.endDate),
    })),
    range.fromMs,
    range.toMs,
    clock.nowMs,
  ).map((stop) =>
    localizeReasonNames(
      lineOf({ ...stop, startDate: stop.startMs, endDate: stop.endMs, duration: minutesOf(stop.endMs - stop.startMs) }),
      language,
    ),
  );

  return workbookBytes(
    [
      { sheet: ORDERS_SHEET, rows: orders },
      { sheet: SHIFTS_SHEET, rows: shifts },
      { sheet: STOPS_SHEET, rows: stops },
      { sheet: LOSSES_SHEET, rows: await lossRows(db, shifts, clock) },
    ],
    { language, timeZone: clock.timeZone, createdMs: clock.nowMs },
  );
}

/** The download's file name: reporte-oee-<plant date of the end of the range>.xlsx. */
export function reportFileName(range: ReportRange, timeZone: string): string {
  return `reporte-oee-${plantDateTimeText(Math.max(range.fromMs, range.toMs - 1), timeZone).slice(0, 10)}.xlsx`;
}
