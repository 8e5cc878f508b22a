import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlant } from '../edge/src/demo/demo-plant';
import { parsePlantDate } from '../edge/src/domain/time-zone';
import { listLineSettings, type LineSettings, recalculateAllOrders, recalculateAllShiftIndexes } from '../edge/src/modules/engine';
import { openTestPlant, type TestPlant } from '../test/support/test-plant';
import { linesWaterfall, waterfallToApi } from '../edge/src/modules/losses/losses.service';
import { applyBatch } from '../sync/central/apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from '../sync/central/central-database';
import { readOutboxBatch } from '../sync/edge-outbox';
import { startTestPostgres, type TestPostgres } from '../test/support/sync/postgres';
import { compare, losses, plantsOverview, waterfall } from './portal.service';
import { sql } from 'kysely';
import { computeIndicators, sumIndicatorInputs, type IndicatorInputs } from '../edge/src/domain/oee';
import { plantDateAt, productionDay } from '../edge/src/domain/work-calendar';
import { lineCalendars } from '../edge/src/modules/calendar/line-calendars';
import { plantDateTimeText } from '../edge/src/modules/reports/workbook';
import { savePlantCalendar } from '../edge/src/modules/calendar/calendar.service';

/**
 * The portal's waterfall is the edge's, to the last digit: the demo plant's week made by the engine (orders,
 * recognized and unrecognized stops, microstops, discounted breaks, changeovers counted as setups),
 * replicated to a real PostgreSQL; for every line, every sector and the plant, for each production day of the week and
 * for the whole week, the portal's minutes by loss (from the central shift indexes' loss columns, migration 0012) equal
 * those of the edge's GET /api/losses/waterfall over the same instants, and add up to the calendar time. Line 1
 * declares a start-up window, so the quality loss's two bars (start-up and production rejects) are compared too.
 *
 * Known limit, not in the demo's week: an order adjusted ('Ajustar') whose stops fall in several shifts has its
 * adjustment shared out per shift, each share rounded to the ms (line-indicators.ts adjustedShareMs); the central copy
 * sums the shifts' shares, the edge's waterfall over a longer range shares it once, so the two may differ by 1 ms per
 * shift in 'adjusted' and the loss kinds (a 10-minute adjustment over a day: 599,999 against 600,000 ms).
 */

const TZ = 'Europe/Madrid';
const NOW = Date.parse('2026-05-06T10:17:42+02:00');
const clock = { nowMs: NOW, timeZone: TZ };
const PLANT = 'demo';
const DAYS = ['2026-04-29', '2026-04-30', '2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06'];

let plant: TestPlant;
let postgres: TestPostgres;
let central: CentralDatabase;
let lines: LineSettings[];

/** The production day's start: the plant calendar's first shift (06:00 by default, 07:00 on the work calendar below). */
let firstShift = '06:00';
const dayStart = (day: string) => parsePlantDate(`${day}T${firstShift}:00`, TZ)!;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  plant = await openTestPlant();
  await seedDemoPlant(plant.db, clock);
  // Line 1 declares a start-up window (issue 29): its orders' first 30 minutes' discards are start-up rejects, split
  // from the production rejects on both sides (edge 0028, central 0015).
  await plant.db.updateTable('lines').set({ startupRejectMinutes: 30 }).where('lineID', '=', 1).execute();
  await recalculateAllShiftIndexes(plant.db, clock, null);
  await recalculateAllOrders(plant.db, clock, null);
  lines = await listLineSettings(plant.db);
  postgres = await startTestPostgres();
  central = openCentral(postgres.url);
  await migrateCentral(central);
  await applyBatch(central, { plantId: PLANT, timeZone: TZ, name: 'Demo' }, await readOutboxBatch(plant.db, 0, 10_000_000));
}, 240_000);

afterAll(async () => {
  await central?.destroy();
  await postgres?.close();
  await plant?.close();
});

async function edgeAnswer(scope: readonly LineSettings[], from: string, to: string) {
  const fromMs = dayStart(from);
  const toMs = dayStart(nextDay(to));
  return waterfallToApi(await linesWaterfall(plant.db, scope, fromMs, toMs, NOW, TZ), fromMs, Math.min(toMs, NOW), scope.length, TZ);
}

/** Every line, sector and the plant, each production day of the week and the whole week: the portal's answer is the edge's. */
async function compareEveryScope(): Promise<void> {
  const sectors = [...new Set(lines.map((line) => line.sectorID))];
  const ranges: Array<[string, string]> = [...DAYS.map((day): [string, string] => [day, day]), [DAYS[0]!, DAYS.at(-1)!]];
  let compared = 0;
  for (const [from, to] of ranges) {
    const scopes = [
      ...lines.map((line) => ({ query: { lineID: line.lineID }, lines: [line] })),
      ...sectors.map((sectorID) => ({ query: { sectorID }, lines: lines.filter((line) => line.sectorID === sectorID) })),
      { query: {}, lines },
    ];
    for (const scope of scopes) {
      const label = `${JSON.stringify(scope.query)} ${from}..${to}`;
      const portal = await waterfall(central, { plant: PLANT, from, to, ...scope.query }, NOW);
      const edge = await edgeAnswer(scope.lines, from, to);
      expect(portal.unscheduled, label).toEqual(edge.unscheduled);
      // Every minute to the last digit; the ratios (OEE, TEEP, shares' divisions) within 1e-12, since a week's ideal
      // units are summed shift by shift centrally and order part by order part on the edge (doubles, another order).
      const { oee, teep, bars, unscheduled: _unscheduled, ...minutes } = portal;
      expect(minutes, label).toEqual({
        plantId: PLANT,
        from: edge.from,
        to: edge.to,
        lineCount: edge.lineCount,
        calendarMinutes: edge.calendarMinutes,
        loadingMinutes: edge.loadingMinutes,
        plannedMinutes: edge.plannedMinutes,
      });
      expect(
        bars.map((bar) => [bar.key, bar.minutes]),
        label,
      ).toEqual(edge.bars.map((bar) => [bar.key, bar.minutes]));
      for (const [value, expected] of [
        [oee, edge.oee],
        [teep, edge.teep],
      ] as const) {
        if (expected === null) expect(value, label).toBeNull();
        else expect(value, label).toBeCloseTo(expected, 12);
      }
      const sum = portal.bars.reduce((total, bar) => total + bar.minutes * 60_000, 0);
      expect(Math.round(sum), label).toBe(Math.round(portal.calendarMinutes * 60_000));
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(50);
}

describe('the portal waterfall', () => {
  it("equals the edge's for every line, sector and the plant, each day of the demo week and the whole week, to the last digit", async () => {
    await compareEveryScope();
  }, 240_000);

  it('shows every kind of loss over the week; a range before any data is all unstaffed, and an unknown plant has no lines', async () => {
    const week = await waterfall(central, { plant: PLANT, from: DAYS[0]!, to: DAYS.at(-1)! }, NOW);
    for (const key of [
      'breakdown',
      'setup',
      'smallStop',
      'planned',
      'speed',
      'startupRejects',
      'productionRejects',
      'fullyProductive',
    ] as const) {
      expect(week.bars.find((bar) => bar.key === key)!.minutes, key).toBeGreaterThan(0);
    }
    // Only line 1 declares a start-up window: another line's week has no start-up rejects.
    const line2 = await waterfall(central, { plant: PLANT, from: DAYS[0]!, to: DAYS.at(-1)!, lineID: 2 }, NOW);
    expect(line2.bars.find((bar) => bar.key === 'startupRejects')!.minutes).toBe(0);
    expect(line2.bars.find((bar) => bar.key === 'productionRejects')!.minutes).toBeGreaterThan(0);
    // The start-up rejects replicated with the shift indexes (central 0015): line 1's only.
    const replicated = await sql<{ line_id: number; startup: number }>`SELECT line_id, sum(startup_discards)::float8 AS startup
      FROM oee.shift_indexes WHERE plant_id = ${PLANT} AND deleted_at IS NULL GROUP BY line_id ORDER BY line_id`.execute(central);
    for (const row of replicated.rows) {
      if (row.line_id === 1) expect(row.startup).toBeGreaterThan(0);
      else expect(row.startup, `line ${row.line_id}`).toBe(0);
    }
    const before = await waterfall(central, { plant: PLANT, from: '2026-01-01', to: '2026-01-02' }, NOW);
    expect(before).toMatchObject({ lineCount: lines.length, calendarMinutes: lines.length * 2 * 1440 });
    expect(before.bars.find((bar) => bar.key === 'unstaffed')!.minutes).toBe(before.calendarMinutes);
    expect(await waterfall(central, { plant: 'nowhere', from: '2026-01-01', to: '2026-01-02' }, NOW)).toMatchObject({
      lineCount: 0,
      calendarMinutes: 0,
    });
  });
});

/**
 * The same on a work calendar: the demo plant's calendar becomes two 12-hour shifts from 07:00, Monday to Friday, with
 * a 30-minute break in the day shift and Friday 1 May a holiday, its history recalculated on it and replicated again;
 * the production days start at 07:00 on both sides, loading is the schedule, and what the lines made on the weekend
 * and the holiday is the unscheduled production of both answers.
 */
describe('the portal waterfall on a work calendar', () => {
  beforeAll(async () => {
    await savePlantCalendar(
      plant.db,
      {
        versions: [
          {
            effectiveFrom: '2026-01-01',
            pattern: {
              shifts: [
                { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
                { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: null },
              ],
              breaks: [{ shiftCode: 'D', start: '12:00', minutes: 30 }],
              weekdays: [1, 2, 3, 4, 5],
            },
          },
        ],
        exceptions: [{ date: '2026-05-01', kind: 'holiday' }],
      },
      { userID: null, now: NOW },
    );
    await recalculateAllShiftIndexes(plant.db, clock, null);
    await recalculateAllOrders(plant.db, clock, null);
    await applyBatch(central, { plantId: PLANT, timeZone: TZ, name: 'Demo' }, await readOutboxBatch(plant.db, 0, 10_000_000));
    firstShift = '07:00';
  }, 240_000);

  it("equals the edge's for every line, sector and the plant, each day and the week, with the weekend and the holiday unscheduled", async () => {
    await compareEveryScope();
    const week = await waterfall(central, { plant: PLANT, from: DAYS[0]!, to: DAYS.at(-1)! }, NOW);
    expect(week.bars.find((bar) => bar.key === 'notScheduled')!.minutes).toBeGreaterThan(0);
    expect(week.unscheduled.units).toBeGreaterThan(0);
    expect(week.loadingMinutes).toBeLessThan(week.calendarMinutes);
    // Saturday 2 May is not scheduled: all of it is notScheduled, and the lines ran on it (unscheduled production).
    const saturday = await waterfall(central, { plant: PLANT, from: '2026-05-02', to: '2026-05-02' }, NOW);
    expect(saturday.loadingMinutes).toBe(0);
    expect(saturday.bars.find((bar) => bar.key === 'notScheduled')!.minutes).toBe(saturday.calendarMinutes);
    expect(saturday.unscheduled.runMinutes).toBeGreaterThan(0);
  }, 240_000);

  it("cuts the production days where the edge does, at 07:00: the central line-day, plant-day and stop-day sums and the portal's compare, plants and losses pages equal the edge's, to the last digit", async () => {
    const calendar = (await lineCalendars(plant.db)).plant;
    const dayOf = (ms: number) => plantDateAt(calendar, ms, TZ);
    const inRange = (day: string) => day >= DAYS[0]! && day <= DAYS.at(-1)!;
    // The edge's shift indexes by line and production day, as its calendar has them.
    const shifts = await plant.db.selectFrom('shift_indexes').selectAll().execute();
    const edgeDays = new Map<string, { lineID: number; day: string; rows: typeof shifts }>();
    for (const row of shifts) {
      const key = `${row.lineID}|${dayOf(row.shiftStart)}`;
      const entry = edgeDays.get(key) ?? { lineID: row.lineID, day: dayOf(row.shiftStart), rows: [] };
      entry.rows.push(row);
      edgeDays.set(key, entry);
    }
    const sumOf = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
    const inputsOf = (row: (typeof shifts)[number]): IndicatorInputs => ({
      staffedMs: row.staffedTime,
      discountMs: row.discountTime,
      adjustedDiscountMs: row.adjustedDiscountTime,
      stopMs: row.stopTime,
      failureMs: row.failureTime,
      failureCount: row.failureCount,
      unitsProduced: row.productionQuantity,
      unitsDiscarded: row.discardQuantity,
      nominalUnitsPerMinute: null,
      idealUnits: row.idealUnits ?? (row.runtime === 0 ? 0 : null),
    });
    const expectedLineDays = [...edgeDays.values()]
      .map(({ lineID, day, rows }) => ({
        line: lineID,
        day,
        shifts: rows.length,
        units: sumOf(rows, (row) => row.productionQuantity),
        discards: sumOf(rows, (row) => row.discardQuantity),
        staffed: sumOf(rows, (row) => row.staffedTime),
        stop: sumOf(rows, (row) => row.stopTime),
        failures: sumOf(rows, (row) => row.failureCount),
      }))
      .sort((a, b) => a.line - b.line || a.day.localeCompare(b.day));
    const lineDays = await sql<
      (typeof expectedLineDays)[number]
    >`SELECT line_id AS line, production_day::text AS day, shift_count AS shifts,
        production_quantity AS units, discard_quantity AS discards, staffed_time_ms AS staffed, stop_time_ms AS stop, failure_count::int AS failures
      FROM oee.line_day_sums WHERE plant_id = ${PLANT} ORDER BY line_id, production_day`.execute(central);
    expect(lineDays.rows).toEqual(expectedLineDays);
    const plantDays = await sql<{ day: string; shifts: number; units: number }>`SELECT production_day::text AS day, shift_count AS shifts,
        production_quantity AS units FROM oee.plant_day_sums WHERE plant_id = ${PLANT} ORDER BY production_day`.execute(central);
    const days = [...new Set(expectedLineDays.map((row) => row.day))].sort();
    expect(plantDays.rows).toEqual(
      days.map((day) => {
        const rows = expectedLineDays.filter((row) => row.day === day);
        return {
          day,
          shifts: sumOf(rows, (row) => row.shifts),
          units: sumOf(rows, (row) => row.units),
        };
      }),
    );

    // The compare page by line and day, over the week: each line-day's units and OEE as the edge's own shifts sum them.
    const byDay = await compare(central, { from: DAYS[0]!, to: DAYS.at(-1)!, plants: [PLANT], grain: 'day', level: 'line' });
    const expectedInRange = [...edgeDays.values()].filter(({ day }) => inRange(day));
    expect(byDay.rows).toHaveLength(expectedInRange.length);
    for (const { lineID, day, rows } of expectedInRange) {
      const row = byDay.rows.find((candidate) => candidate.lineID === lineID && candidate.period === day);
      expect(row, `${lineID} ${day}`).toBeDefined();
      expect(row!.productionQuantity, `${lineID} ${day}`).toBe(sumOf(rows, (item) => item.productionQuantity));
      const oee = computeIndicators(sumIndicatorInputs(rows.map(inputsOf))).oee;
      if (oee === null) expect(row!.oee, `${lineID} ${day}`).toBeNull();
      else expect(row!.oee, `${lineID} ${day}`).toBeCloseTo(oee, 12);
    }
    // By shift, two days: the shifts the edge has in those production days (07:00 to 07:00), no other.
    const byShift = await compare(central, { from: DAYS[1]!, to: DAYS[2]!, plants: [PLANT], grain: 'shift', level: 'line' });
    const twoDays = shifts.filter((row) => [DAYS[1], DAYS[2]].includes(dayOf(row.shiftStart)));
    expect(byShift.rows.map((row) => `${row.lineID} ${row.shiftStart} ${row.shift}`).sort()).toEqual(
      twoDays.map((row) => `${row.lineID} ${plantDateTimeText(row.shiftStart, TZ)} ${row.shiftCode}`).sort(),
    );
    // The plants page of each day: the plant's and each line's units of that production day.
    for (const day of DAYS) {
      const [overview] = await plantsOverview(central, day);
      const rows = expectedLineDays.filter((row) => row.day === day);
      expect(overview!.today?.productionQuantity ?? 0, day).toBe(sumOf(rows, (row) => row.units));
      for (const line of overview!.lines) {
        expect(line.productionQuantity ?? 0, `${day} ${line.lineID}`).toBe(rows.find((row) => row.line === line.lineID)?.units ?? 0);
      }
    }

    // The stops by the production day of their start: the central stop-day sums, and the losses page of each day.
    const stops = await plant.db.selectFrom('stops').select(['lineID', 'startDate', 'endDate']).execute();
    const ended = stops.filter((stop) => stop.endDate !== null);
    const expectedStopDays = new Map<string, { stops: number; ms: number }>();
    for (const stop of ended) {
      const key = `${stop.lineID} ${dayOf(stop.startDate)}`;
      const entry = expectedStopDays.get(key) ?? { stops: 0, ms: 0 };
      entry.stops += 1;
      entry.ms += stop.endDate! - stop.startDate;
      expectedStopDays.set(key, entry);
    }
    const stopDays = await sql<{
      key: string;
      stops: number;
      ms: number;
    }>`SELECT line_id || ' ' || production_day AS key, sum(stops)::int AS stops,
        extract(epoch FROM sum(lost))::float8 * 1000 AS ms
      FROM oee.stop_day_sums WHERE plant_id = ${PLANT} GROUP BY line_id, production_day ORDER BY 1`.execute(central);
    expect(stopDays.rows).toEqual(
      [...expectedStopDays].map(([key, sums]) => ({ key, ...sums })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    // Some stops start between 06:00 and 07:00: under a 06:00 rule they would be counted in the next day.
    expect(ended.some((stop) => plantDateTimeText(stop.startDate, TZ).slice(11, 13) === '06')).toBe(true);
    for (const day of DAYS.slice(0, -1)) {
      const answer = await losses(central, { from: day, to: day, plants: [PLANT], pathLevel: 2 });
      const ofDay = ended.filter((stop) => dayOf(stop.startDate) === day);
      expect(
        answer.byReason.reduce((total, row) => total + row.stops, 0),
        day,
      ).toBe(ofDay.length);
      expect(answer.totalMinutes, day).toBeCloseTo(ofDay.reduce((total, stop) => total + (stop.endDate! - stop.startDate), 0) / 60_000, 9);
    }
  }, 240_000);
});

/**
 * Issue 29, a calendar change applies from a date on: a plant calendar version in force from a past date (the same two
 * shifts, but the production day now starts with the 19:00 one) replicates, and the shifts the edge has not
 * recalculated keep the production day they were computed with on both sides, until a recalculation of their days.
 */
describe('a calendar version in force from a past date', () => {
  const FROM = '2026-05-04';
  const TO = '2026-05-05';
  const replicate = async () =>
    applyBatch(central, { plantId: PLANT, timeZone: TZ, name: 'Demo' }, await readOutboxBatch(plant.db, 0, 10_000_000));
  const edgeDays = async () =>
    new Map(
      (await plant.db.selectFrom('shift_indexes').select(['lineID', 'shiftStart', 'productionDay']).execute()).map((row) => [
        `${row.lineID}|${row.shiftStart}`,
        row.productionDay,
      ]),
    );
  const centralDays = async () =>
    new Map(
      (
        await sql<{
          line_id: number;
          start_ms: number;
          day: string;
        }>`SELECT line_id, extract(epoch FROM shift_start)::float8 * 1000 AS start_ms,
            production_day::text AS day FROM oee.shift_indexes WHERE plant_id = ${PLANT} AND deleted_at IS NULL`.execute(central)
      ).rows.map((row) => [`${row.line_id}|${row.start_ms}`, row.day]),
    );
  const lineDaySums = async () =>
    (
      await sql`SELECT line_id, production_day::text AS day, shift_count, production_quantity FROM oee.line_day_sums
        WHERE plant_id = ${PLANT} ORDER BY line_id, production_day`.execute(central)
    ).rows;

  it("keeps each unrecalculated shift's production day on the edge and in the central copy and its day sums; a recalculation of the range gives its shifts the new calendar's days on both", async () => {
    const stored = await edgeDays();
    expect(await centralDays()).toEqual(stored);
    const sumsBefore = await lineDaySums();
    const { plant: before } = await lineCalendars(plant.db);
    const [day, night] = before.versions[0]!.pattern.shifts;
    await savePlantCalendar(
      plant.db,
      {
        ...before,
        versions: [...before.versions, { effectiveFrom: FROM, pattern: { ...before.versions[0]!.pattern, shifts: [night!, day!] } }],
      },
      { userID: null, now: NOW },
    );
    await replicate();
    const calendar = (await lineCalendars(plant.db)).plant;
    const startOf = (key: string) => Number(key.split('|')[1]);
    // Shifts whose day the new calendar would change (the day shifts from the 5th: now the previous day's).
    const moved = [...stored].filter(([key, storedDay]) => plantDateAt(calendar, startOf(key), TZ) !== storedDay);
    expect(moved.length).toBeGreaterThan(0);
    expect(await edgeDays()).toEqual(stored);
    expect(await centralDays()).toEqual(stored);
    expect(await lineDaySums()).toEqual(sumsBefore);

    await recalculateAllShiftIndexes(plant.db, clock, null, { from: FROM, to: TO });
    await replicate();
    const fromMs = productionDay(calendar, FROM, TZ).startMs;
    const toMs = productionDay(calendar, TO, TZ).endMs;
    const after = await edgeDays();
    for (const [key, storedDay] of after) {
      const inRange = startOf(key) >= fromMs && startOf(key) < toMs;
      expect(storedDay, key).toBe(inRange ? plantDateAt(calendar, startOf(key), TZ) : stored.get(key));
    }
    expect(moved.some(([key]) => startOf(key) >= fromMs && startOf(key) < toMs)).toBe(true);
    expect(await centralDays()).toEqual(after);
    expect(await lineDaySums()).not.toEqual(sumsBefore);
  }, 240_000);
});
