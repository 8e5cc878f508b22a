import { computeWaterfall, scheduledMsOf, type WaterfallPart } from '../edge/src/domain/losses';
import {
  DEFAULT_CALENDAR,
  scheduledIntervals,
  type CalendarException,
  type Interval,
  type WorkCalendar,
} from '../edge/src/domain/work-calendar';
import { schedulesEverything } from '../edge/src/modules/calendar/line-calendars';
import { aboveNominalSpeed } from '../edge/src/domain/oee';
import { AppError, fieldError } from '../edge/src/http/errors';
import { parseLoadOptions } from '../edge/src/modules/grid/load-options';
import type { Language } from '../edge/src/http/messages';
import { waterfallToApi } from '../edge/src/modules/losses/losses.service';
import {
  col,
  plantDateTimeText,
  workbookBytes,
  type RawRow,
  type ReportColumn,
  type ReportSheet,
} from '../edge/src/modules/reports/workbook';
import type { CentralDatabase } from '../sync/central/central-database';
import { readOnly } from './portal-database';
import {
  compareRows,
  lineLossSums,
  calendarRowsOfPlant,
  plantRangeMs,
  plantTimeZone,
  type CalendarRowsOfPlant,
  linesOfDay,
  lossSums,
  orderPage,
  plantDayAndWeek,
  plantsWithFreshness,
  stopsOfOrder,
  type CompareRow,
  type FigureColumns,
  type LineLossSumRow,
  type LossSumRow,
  type OrderSourceRow,
  type PgNumberText,
} from './portal.repository';
import {
  MAX_RANGE_DAYS,
  ORDER_COLUMNS,
  type CompareQuery,
  type LossesQuery,
  type OrdersQuery,
  type WaterfallQuery,
} from './portal.schemas';
import { DAY_MS, MINUTE_MS } from '../edge/src/domain/time';

/**
 * The portal's use cases. Every figure is read from the central views in one read-only transaction and answered as
 * the view computed it (sums, then oee.indicators); the exports put the very same rows in a workbook.
 */

/** A number of a row (bigint and numeric come as their text), null when there is none. */
const num = (value: number | PgNumberText | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
const minutes = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : ms / MINUTE_MS);

/** A roll-up's figures as the API answers them: counts, times in minutes, ratios 0..1 (null when unknown). */
export function figuresOf(row: FigureColumns) {
  return {
    productionQuantity: num(row.production_quantity),
    discardQuantity: num(row.discard_quantity),
    goodUnits: num(row.good_units),
    staffedTime: minutes(row.staffed_time_ms),
    runtime: minutes(row.runtime_ms),
    stopTime: minutes(row.stop_time_ms),
    failureCount: num(row.failure_count),
    utilization: num(row.utilization),
    throughput: num(row.throughput),
    acceptance: num(row.acceptance),
    oee: num(row.oee),
    mtbf: num(row.mtbf_minutes),
    mttr: num(row.mttr_minutes),
    /** Throughput over 100 %: above the nominal speed, kept and flagged (issue 25). */
    aboveNominalSpeed: aboveNominalSpeed({ throughput: num(row.throughput) }),
    // A roll-up of lines: its OEE and throughput cover coveredLines of lineCount (the lines with a nominal speed).
    ...(row.line_count !== undefined ? { lineCount: Number(row.line_count), coveredLines: Number(row.covered_line_count) } : {}),
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** 400 unless `from` ≤ `to` and the range has at most `maxDays` production days. */
function checkRange(from: string, to: string, maxDays: number): void {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) throw fieldError('validation', 'validation.invalid', 'to');
  if (days > maxDays) throw fieldError('validation', 'portal.rangeTooLong', 'to', { max: maxDays });
}

// ---- Plants overview ----

export async function plantsOverview(db: CentralDatabase, day: string | undefined) {
  const [plants, figures, lines] = await readOnly(db, (trx) =>
    Promise.all([plantsWithFreshness(trx, day), plantDayAndWeek(trx, day), linesOfDay(trx, day)]),
  );
  return plants.map((plant) => {
    const of = (period: 'day' | 'week') => {
      const row = figures.find((f) => f.plant_id === plant.plant_id && f.period === period);
      return row ? figuresOf(row) : null;
    };
    return {
      plantId: plant.plant_id,
      name: plant.name || null,
      timeZone: plant.time_zone,
      day: plant.day,
      weekStart: plant.week,
      lastSeq: num(plant.last_seq),
      lastSyncedAt: plant.last_synced_at?.toISOString() ?? null,
      syncLagSeconds: num(plant.sync_lag_seconds),
      today: of('day'),
      week: of('week'),
      lines: lines
        .filter((line) => line.plant_id === plant.plant_id)
        .map((line) => ({
          lineID: line.line_id,
          description: line.description,
          sectorID: num(line.sector_id),
          sectorName: line.sector_name,
          productionQuantity: line.production_quantity,
          utilization: line.utilization,
          throughput: line.throughput,
          acceptance: line.acceptance,
          oee: line.oee,
          aboveNominalSpeed: aboveNominalSpeed({ throughput: line.throughput }),
        })),
    };
  });
}

// ---- Compare ----

/** The most rows the compare table answers (a year of 200 lines by day is 73,000: narrow the level or range). */
export const COMPARE_ROW_LIMIT = 20_000;

function compareRowOf(row: CompareRow, timeZones: Map<string, string>) {
  const plantId = row.plant_id;
  const shiftStart = row.shift_start instanceof Date ? row.shift_start.getTime() : null;
  const period = row.production_day ?? row.production_week ?? row.production_month ?? null;
  return {
    plantId,
    ...(row.sector_id !== undefined ? { sectorID: num(row.sector_id), sectorName: row.sector_name ?? null } : {}),
    ...(row.line_id !== undefined
      ? { lineID: num(row.line_id), line: row.line_description ?? null, sectorName: row.sector_name ?? null }
      : {}),
    ...(period !== null ? { period } : {}),
    ...(row.shift_code !== undefined
      ? {
          shift: row.shift_code ?? null,
          shiftStart: shiftStart === null ? null : plantDateTimeText(shiftStart, timeZones.get(plantId) ?? 'UTC'),
        }
      : {}),
    ...figuresOf(row),
  };
}

export async function compare(db: CentralDatabase, query: CompareQuery) {
  checkRange(query.from, query.to, MAX_RANGE_DAYS[query.grain]);
  const [{ byPeriod: rows, totals }, plants] = await readOnly(db, (trx) =>
    Promise.all([compareRows(trx, query, COMPARE_ROW_LIMIT + 1), plantsWithFreshness(trx, undefined)]),
  );
  const zones = new Map(plants.map((plant) => [plant.plant_id, plant.time_zone]));
  return {
    grain: query.grain,
    level: query.level,
    rows: rows.slice(0, COMPARE_ROW_LIMIT).map((row) => compareRowOf(row, zones)),
    totals: totals.slice(0, COMPARE_ROW_LIMIT).map((row) => compareRowOf(row, zones)),
    truncated: rows.length > COMPARE_ROW_LIMIT,
  };
}

// ---- Losses ----

/** The longest range of the losses page, in production days. */
export const LOSSES_MAX_DAYS = 731;
/** How many of the biggest reasons by plant and line are listed. */
export const BIGGEST_REASONS = 20;

export async function losses(db: CentralDatabase, query: LossesQuery) {
  checkRange(query.from, query.to, LOSSES_MAX_DAYS);
  const sums = await readOnly(db, (trx) => lossSums(trx, query));
  const of = (grouping: LossSumRow['grouping']) => sums.filter((row) => row.grouping === grouping);
  const total = of('reason').reduce((sum, row) => sum + Number(row.lost_minutes), 0);
  const pareto = <N extends object>(rows: LossSumRow[], name: (row: LossSumRow) => N) => {
    let cumulative = 0;
    return rows.map((row) => {
      const lost = Number(row.lost_minutes);
      cumulative += lost;
      return {
        ...name(row),
        stops: Number(row.stops),
        lostMinutes: lost,
        share: total ? lost / total : null,
        cumulativeShare: total ? cumulative / total : null,
      };
    });
  };
  return {
    from: query.from,
    to: query.to,
    pathLevel: query.pathLevel,
    totalMinutes: total,
    byReason: pareto(of('reason'), (row) => ({ reason: row.reason })),
    byPath: pareto(of('path'), (row) => ({ path: row.path_prefix || null })),
    biggest: of('line')
      .slice(0, BIGGEST_REASONS)
      .map((row) => ({
        plantId: String(row.plant_id),
        lineID: row.line_id,
        line: row.line_description,
        reason: row.reason,
        stops: Number(row.stops),
        lostMinutes: Number(row.lost_minutes),
      })),
  };
}

// ---- Where the time went: the waterfall ----

/** The longest range of the waterfall, in production days (the edge's: a year and a leap day). */
export const WATERFALL_MAX_DAYS = 367;

/** The work calendars of a plant as its edge holds them (central migration 0009): the plant's, and lines' own. */
function calendarsOfRows(rows: CalendarRowsOfPlant): { plant: WorkCalendar; lines: Map<number, WorkCalendar> } {
  const calendarOf = (lineID: number): WorkCalendar | null => {
    const own = <T extends { line_id: number }>(list: T[]) => list.filter((row) => row.line_id === lineID);
    const versions = own(rows.versions).map((version) => ({
      effectiveFrom: version.effective_from,
      pattern: {
        shifts: own(rows.shifts)
          .filter((shift) => shift.effective_from === version.effective_from)
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .map((shift) => ({
            code: shift.code,
            nameEs: shift.name_es ?? shift.code,
            nameEn: shift.name_en ?? shift.code,
            start: shift.start_time ?? '00:00',
            end: shift.end_time,
          })),
        breaks: own(rows.breaks)
          .filter((pause) => pause.effective_from === version.effective_from)
          .map((pause) => ({ shiftCode: pause.shift_code, start: pause.start_time, minutes: pause.minutes ?? 0 })),
        weekdays: [...(version.weekdays ?? '')].map(Number),
      },
    }));
    if (versions.length === 0 || versions.some((version) => version.pattern.shifts.length === 0)) return null;
    const exceptions: CalendarException[] = own(rows.exceptions).map((row) =>
      row.kind === 'holiday'
        ? { date: row.exception_date, kind: 'holiday' }
        : row.kind === 'shortDay'
          ? { date: row.exception_date, kind: 'shortDay', until: row.until_time ?? '' }
          : { date: row.exception_date, kind: 'extraShift', shiftCode: row.shift_code },
    );
    return { versions, exceptions };
  };
  const lines = new Map<number, WorkCalendar>();
  for (const lineID of new Set(rows.versions.map((row) => row.line_id))) {
    const calendar = lineID === 0 ? null : calendarOf(lineID);
    if (calendar) lines.set(lineID, calendar);
  }
  return { plant: calendarOf(0) ?? DEFAULT_CALENDAR, lines };
}

/**
 * A line's part of the waterfall from its shifts' sums: its calendar time is the range up to now, its loading time
 * the scheduled time of its work calendar (the edge's: its own, else the plant's, else the default, which schedules
 * all of it), and what its shifts did not staff of that is unstaffed, as the edge's waterfall has it.
 */
function waterfallPartOf(row: LineLossSumRow, fromMs: number, endMs: number, schedule: readonly Interval[]): WaterfallPart {
  const calendarMs = Math.max(0, endMs - fromMs);
  const loadingMs = calendarMs === 0 ? 0 : scheduledMsOf(schedule, fromMs, endMs);
  return {
    calendarMs,
    loadingMs,
    unstaffedMs: loadingMs - row.staffed_time_ms,
    inputs: {
      staffedMs: row.staffed_time_ms,
      discountMs: row.planned_ms,
      adjustedDiscountMs: row.adjusted_ms,
      stopMs: row.stop_time_ms,
      failureMs: row.failure_time_ms,
      failureCount: Number(row.failure_count),
      unitsProduced: row.production_quantity,
      unitsDiscarded: row.discard_quantity,
      ...(row.startup_discard_quantity > 0 && { startupDiscards: row.startup_discard_quantity }),
      nominalUnitsPerMinute: null,
      idealUnits: row.ideal_units,
    },
    countedStopMs: { breakdown: row.breakdown_ms, setup: row.setup_ms, smallStop: row.small_stop_ms, notLineLoss: row.not_line_loss_ms },
    unscheduled: { units: row.unscheduled_quantity, discards: row.unscheduled_discards, runMs: row.unscheduled_runtime_ms },
  };
}

/**
 * GET /api/portal/waterfall: where the time of a plant, a sector or a line went over a range of its production days —
 * the edge's waterfall (domain/losses.ts computeWaterfall, the same code), over each line's shift indexes summed as
 * the central copy holds them (times and counts, then divided), answered as the edge's GET /api/losses/waterfall.
 * The production days are the plant's work calendar's (each starts with its first shift, as the edge has it; 06:00
 * with the default calendar), by the central rule every page uses (oee.production_day_start, migration 0014), and each
 * line's loading time is its calendar's scheduled time, from the replicated calendars (central migration 0009), so the
 * portal's minutes are the edge's with any calendar.
 */
export async function waterfall(db: CentralDatabase, query: WaterfallQuery, nowMs = Date.now()) {
  if (query.sectorID !== undefined && query.lineID !== undefined) throw new AppError('validation', 'losses.oneScope');
  checkRange(query.from, query.to, WATERFALL_MAX_DAYS);
  const found = await readOnly(db, async (trx) => {
    const timeZone = await plantTimeZone(trx, query.plant);
    if (timeZone === null) return null;
    const calendars = calendarsOfRows(await calendarRowsOfPlant(trx, query.plant));
    // The range's instants by the central production-day rule (the plant calendar's days), as every portal page has them.
    const { fromMs, toMs } = (await plantRangeMs(trx, query.plant, query.from, query.to))!;
    const lines = await lineLossSums(trx, { ...query, fromMs, toMs });
    return { timeZone, calendars, fromMs, toMs, lines };
  });
  if (!found || found.lines.length === 0)
    return { plantId: query.plant, ...waterfallToApi(computeWaterfall([]), 0, 0, 0, 'UTC'), from: query.from, to: query.to };
  const { timeZone, calendars, fromMs, toMs, lines } = found;
  const endMs = Math.min(toMs, nowMs);
  // Each calendar's schedule of the range, once (most lines follow the plant's).
  const schedules = new Map<WorkCalendar, Interval[]>();
  const scheduleOf = (calendar: WorkCalendar): Interval[] => {
    let schedule = schedules.get(calendar);
    if (!schedule) {
      schedule = schedulesEverything(calendar) ? [{ startMs: fromMs, endMs }] : scheduledIntervals(calendar, fromMs, endMs, timeZone);
      schedules.set(calendar, schedule);
    }
    return schedule;
  };
  const answer = waterfallToApi(
    computeWaterfall(
      lines.map((line) => waterfallPartOf(line, fromMs, endMs, scheduleOf(calendars.lines.get(line.line_id) ?? calendars.plant))),
    ),
    fromMs,
    Math.max(fromMs, endMs),
    lines.length,
    timeZone,
  );
  return { plantId: query.plant, ...answer };
}

// ---- Orders ----

function orderRowOf(row: OrderSourceRow) {
  const { timeZone: zone, staffedTimeMs, runtimeMs, stopTimeMs, ...rest } = row;
  const startMs = num(row.startMs);
  const endMs = num(row.endMs);
  return {
    ...rest,
    startMs,
    endMs,
    startDate: startMs === null ? null : plantDateTimeText(startMs, zone),
    endDate: endMs === null ? null : plantDateTimeText(endMs, zone),
    staffedTime: minutes(staffedTimeMs),
    runtime: minutes(runtimeMs),
    stopTime: minutes(stopTimeMs),
    aboveNominalSpeed: aboveNominalSpeed({ throughput: row.throughput }),
  };
}

export async function orders(db: CentralDatabase, query: OrdersQuery) {
  if (query.from && query.to) checkRange(query.from, query.to, Number.MAX_SAFE_INTEGER);
  const options = parseLoadOptions(query, ORDER_COLUMNS, 'UTC');
  const page = await readOnly(db, (trx) => orderPage(trx, query, options));
  return { ...page, data: page.data.map(orderRowOf) };
}

export async function orderStops(db: CentralDatabase, plantId: string, order: string) {
  const rows = await readOnly(db, (trx) => stopsOfOrder(trx, plantId, order));
  return rows.map((row) => ({
    plantId: row.plant_id,
    stopID: Number(row.stop_id),
    lineID: row.line_id,
    line: row.line_description,
    reason: row.reason,
    path: row.path,
    recognized: row.recognized === true,
    observation: row.observation,
    startDate: plantDateTimeText(Number(row.start_ms), row.time_zone),
    endDate: row.end_ms === null ? null : plantDateTimeText(Number(row.end_ms), row.time_zone),
    lostMinutes: Number(row.lost_minutes),
  }));
}

// ---- Excel exports: the rows the screens show ----

const FIGURE_COLUMNS: readonly ReportColumn[] = [
  col('productionQuantity', 'Cantidad producida', 'Quantity produced', 'number'),
  col('discardQuantity', 'Cantidad descartada', 'Quantity discarded', 'number'),
  col('staffedTime', 'Tiempo dotado (min)', 'Staffed time (min)', 'minutes'),
  col('runtime', 'Tiempo en marcha (min)', 'Runtime (min)', 'minutes'),
  col('stopTime', 'Tiempo de paradas (min)', 'Stop time (min)', 'minutes'),
  col('utilization', 'Utilización', 'Utilization', 'percent'),
  col('throughput', 'Rendimiento', 'Throughput', 'percent'),
  col('acceptance', 'Aceptación', 'Acceptance', 'percent'),
  col('oee', 'OEE', 'OEE', 'percent'),
];
const PLANT = col('plantId', 'Planta', 'Plant', 'text');
const SECTOR = col('sectorName', 'Sector', 'Sector', 'text');
const LINE = col('line', 'Línea', 'Line', 'text');
const LEVEL_COLUMNS = {
  plant: [PLANT],
  sector: [PLANT, SECTOR],
  line: [PLANT, SECTOR, col('lineID', 'N.º de línea', 'Line no.', 'number'), LINE],
};
const UNRECOGNIZED: Record<Language, string> = { es: 'Sin reconocer', en: 'Not recognized' };
const sheet = (es: string, en: string, columns: readonly ReportColumn[]): ReportSheet => ({ es, en, columns });

const exportOptions = (language: Language) => ({ language, timeZone: 'UTC', createdMs: Date.now() });

export async function compareWorkbook(db: CentralDatabase, query: CompareQuery, language: Language): Promise<Buffer> {
  const result = await compare(db, query);
  const keys = LEVEL_COLUMNS[query.level];
  const period = [
    col('period', 'Período', 'Period', 'text'),
    ...(query.grain === 'shift' ? [col('shift', 'Turno', 'Shift', 'text'), col('shiftStart', 'Inicio', 'Start', 'text')] : []),
  ];
  return workbookBytes(
    [
      { sheet: sheet('Comparación', 'Comparison', [...keys, ...period, ...FIGURE_COLUMNS]), rows: result.rows },
      { sheet: sheet('Totales', 'Totals', [...keys, ...FIGURE_COLUMNS]), rows: result.totals },
    ],
    exportOptions(language),
  );
}

export async function lossesWorkbook(db: CentralDatabase, query: LossesQuery, language: Language): Promise<Buffer> {
  const result = await losses(db, query);
  const named = <T extends { reason: string | null }>(rows: T[]) =>
    rows.map((row) => ({ ...row, reason: row.reason ?? UNRECOGNIZED[language] }));
  const shares = [
    col('stops', 'Paradas', 'Stops', 'number'),
    col('lostMinutes', 'Minutos perdidos', 'Lost minutes', 'minutes'),
    col('share', '% del total', '% of total', 'percent'),
    col('cumulativeShare', '% acumulado', 'Cumulative %', 'percent'),
  ];
  return workbookBytes(
    [
      {
        sheet: sheet('Pareto por motivo', 'Pareto by reason', [col('reason', 'Motivo', 'Reason', 'text'), ...shares]),
        rows: named(result.byReason),
      },
      {
        sheet: sheet('Pareto por ruta', 'Pareto by path', [col('path', 'Ruta', 'Path', 'text'), ...shares]),
        rows: result.byPath.map((row) => ({ ...row, path: row.path ?? UNRECOGNIZED[language] })),
      },
      {
        sheet: sheet('Mayores motivos', 'Biggest reasons', [
          PLANT,
          col('lineID', 'N.º de línea', 'Line no.', 'number'),
          LINE,
          col('reason', 'Motivo', 'Reason', 'text'),
          ...shares.slice(0, 2),
        ]),
        rows: named(result.biggest),
      },
    ],
    exportOptions(language),
  );
}

export async function ordersWorkbook(db: CentralDatabase, query: OrdersQuery, language: Language): Promise<Buffer> {
  const result = await orders(db, { ...query, skip: '0', take: String(10_000) });
  const columns = [
    PLANT,
    col('order', 'Orden', 'Order', 'text'),
    col('lineID', 'N.º de línea', 'Line no.', 'number'),
    LINE,
    col('productCode', 'Producto', 'Product', 'text'),
    col('productName', 'Nombre del producto', 'Product name', 'text'),
    col('lot', 'Lote', 'Lot', 'text'),
    col('startDate', 'Inicio', 'Start', 'text'),
    col('endDate', 'Fin', 'End', 'text'),
    col('desiredProductionQuantity', 'Cantidad planificada', 'Planned quantity', 'number'),
    ...FIGURE_COLUMNS,
  ];
  return workbookBytes([{ sheet: sheet('Ordenes', 'Orders', columns), rows: result.data as RawRow[] }], exportOptions(language));
}

export async function overviewWorkbook(db: CentralDatabase, day: string | undefined, language: Language): Promise<Buffer> {
  const plants = await plantsOverview(db, day);
  const periods = plants.flatMap((plant) => [
    { plantId: plant.plantId, period: plant.day, ...(plant.today ?? {}) },
    { plantId: plant.plantId, period: `${plant.weekStart} +7`, ...(plant.week ?? {}) },
  ]);
  const lines = plants.flatMap((plant) => plant.lines.map((line) => ({ plantId: plant.plantId, ...line, line: line.description })));
  return workbookBytes(
    [
      { sheet: sheet('Plantas', 'Plants', [PLANT, col('period', 'Período', 'Period', 'text'), ...FIGURE_COLUMNS]), rows: periods },
      {
        sheet: sheet('Líneas', 'Lines', [
          PLANT,
          SECTOR,
          col('lineID', 'N.º de línea', 'Line no.', 'number'),
          LINE,
          ...FIGURE_COLUMNS.filter((c) => c.key === 'productionQuantity' || c.kind === 'percent'),
        ]),
        rows: lines,
      },
    ],
    exportOptions(language),
  );
}
