// The time waterfall (issue 29) for a year of one busy line — at least 200,000 stops, 5,000 orders, a production row
// per minute (year-of-stops.ts) — seeded into a temporary SQLite file, with the year's shift indexes as the shift
// close leaves them (rebuilt once by the recalculation, timed): GET /api/losses/waterfall's service for the whole
// year, a month and a shift, the year of the plant of 50 lines where only that one is busy, and ranges cut mid-shift;
// each answer is checked against the waterfall computed from the stops alone (every minute equal, or a MISMATCH is
// printed); then what the computation from the stops alone costs (each read, and the computation over what was read).
// Then the same again with the plant on a work calendar (two 12-hour shifts from 07:00 with a 30-minute break,
// Monday to Friday), its shift indexes rebuilt on it: loading time from the schedule, the weekends unscheduled.
// `npm run bench losses-waterfall`. Target (issue 29): the year of a line within 200 ms. Prints figures only.
import { shiftOf } from '../../edge/src/domain/calendar';
import { computeWaterfall, WATERFALL_BAR_KEYS } from '../../edge/src/domain/losses';
import {
  listLineSettings,
  ordersOverlappingLines,
  productionTotalsOfLines,
  stopSpansOfLines,
  recalculateAllShiftIndexes,
  loadLinesRangeData,
} from '../../edge/src/modules/engine';
import { loadLossKindOf } from '../../edge/src/modules/losses/loss-kinds';
import { lossWaterfall, waterfallPartOf, waterfallToApi } from '../../edge/src/modules/losses/losses.service';
import { savePlantCalendar } from '../../edge/src/modules/calendar/calendar.service';
import { fmt, openYearOfStopsPlant, timed } from './year-of-stops';

const TZ = 'Europe/Madrid';
const LINE = 1;
const ORDERS = 5_000;
const MINUTE = 60_000;
const TARGET_MS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEAR_START = shiftOf('TM', '2025-05-05', TZ).startMs;
const YEAR_END = shiftOf('TM', '2026-05-05', TZ).startMs;
const NOW = YEAR_END + 30 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

const { db, remove } = await openYearOfStopsPlant({ line: LINE, orders: ORDERS, yearStartMs: YEAR_START, yearEndMs: YEAR_END });
try {
  const clock = { nowMs: NOW, timeZone: TZ };
  const rebuild = await timed(1, () => recalculateAllShiftIndexes(db, clock, null));
  console.log(`the year's shift indexes (as the shift close leaves them) rebuilt in ${fmt(rebuild.medianMs)}`);
  const kindOf = await loadLossKindOf(db);
  /** The same answer computed from the stops alone over the whole range (what the service computed before). */
  const fromStops = async (lineIDs: number[] | undefined, fromMs: number, toMs: number) => {
    const lines = await listLineSettings(db, lineIDs ? { lineIDs } : {});
    const data = await loadLinesRangeData(db, lines, fromMs, toMs, { summedUntilMs: Math.min(toMs, NOW), timeZone: TZ });
    const parts = lines.map((line) => waterfallPartOf(data.get(line.lineID)!, { fromMs, toMs }, NOW, 60, kindOf));
    return waterfallToApi(computeWaterfall(parts), fromMs, Math.min(toMs, NOW), lines.length, TZ);
  };
  const MID_SHIFT = 137 * MINUTE;
  const cases = [
    { label: 'year of the line', query: { lineID: LINE, from: iso(YEAR_START), to: iso(YEAR_END) }, target: TARGET_MS },
    { label: 'month of the line', query: { lineID: LINE, from: iso(YEAR_END - 30 * 1440 * MINUTE), to: iso(YEAR_END) } },
    { label: 'shift of the line', query: { lineID: LINE, from: iso(YEAR_END - 480 * MINUTE), to: iso(YEAR_END) } },
    {
      label: 'year of the line cut mid-shift at both ends, up to now',
      query: { lineID: LINE, from: iso(YEAR_START + MID_SHIFT), to: iso(NOW + 2 * 60 * MINUTE) },
    },
    { label: 'year of the plant (50 lines)', query: { from: iso(YEAR_START), to: iso(YEAR_END) } },
  ];
  const runCases = async (heading: string) => {
    console.log(heading);
    for (const { label, query, target } of cases) {
      const { result, minMs, medianMs } = await timed(RUNS, () => lossWaterfall(db, query, clock));
      const verdict = target === undefined ? '' : ` (target ${target} ms: ${medianMs <= target ? 'OK' : 'OVER'})`;
      console.log(`${label}: median ${fmt(medianMs)}, min ${fmt(minMs)} of ${RUNS}${verdict}`);
      const bars = WATERFALL_BAR_KEYS.map(
        (key) => `${key} ${Math.round(result.bars.find((bar) => bar.key === key)!.minutes).toLocaleString('en')}`,
      ).join(', ');
      const percent = (ratio: number | null) => (ratio === null ? '-' : `${(ratio * 100).toFixed(2)} %`);
      console.log(
        `  ${result.calendarMinutes.toLocaleString('en')} calendar minutes, OEE ${percent(result.oee)}, TEEP ${percent(result.teep)}; ${bars}`,
      );
      const lineID = (query as { lineID?: number }).lineID;
      const expected = await fromStops(lineID === undefined ? undefined : [lineID], Date.parse(query.from), Date.parse(query.to));
      const minutesOf = (answer: typeof result) => JSON.stringify({ ...answer, oee: null, teep: null });
      const same = minutesOf(result) === minutesOf(expected);
      const oeeDelta = result.oee === null || expected.oee === null ? 0 : Math.abs(result.oee - expected.oee);
      console.log(
        `  against the stops alone: ${same ? 'every minute equal' : 'MISMATCH'}, OEE ${result.oee === expected.oee ? 'equal' : `within ${oeeDelta.toExponential(1)}`}`,
      );
      if (!same) console.log(`  stops alone: ${minutesOf(expected)}\n  answered:    ${minutesOf(result)}`);
    }
  };
  await runCases('the default calendar (three 8-hour shifts, every day):');

  const ids = [LINE];
  const reads = [
    ['orders', () => ordersOverlappingLines(db, ids, YEAR_START, YEAR_END)],
    ['stops', () => stopSpansOfLines(db, ids, YEAR_START, YEAR_END)],
    ['production by order', () => productionTotalsOfLines(db, ids, YEAR_START, YEAR_END)],
  ] as const;
  for (const [name, read] of reads)
    console.log(
      `  from the stops alone: year of the line, reading ${name}: median ${fmt((await timed(RUNS, read as () => Promise<unknown>)).medianMs)}`,
    );
  const lines = await listLineSettings(db, { lineIDs: ids });
  const data = (await loadLinesRangeData(db, lines, YEAR_START, YEAR_END, { summedUntilMs: YEAR_END })).get(LINE)!;
  const compute = await timed(RUNS, async () => waterfallPartOf(data, { fromMs: YEAR_START, toMs: YEAR_END }, NOW, 60, kindOf));
  console.log(`  from the stops alone: year of the line, computing over what was read: median ${fmt(compute.medianMs)}`);

  await savePlantCalendar(
    db,
    {
      versions: [
        {
          effectiveFrom: '2000-01-01',
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
      exceptions: [],
    },
    { userID: null, now: NOW },
  );
  const calendarRebuild = await timed(1, () => recalculateAllShiftIndexes(db, clock, null));
  console.log(`the year's shift indexes rebuilt on a work calendar in ${fmt(calendarRebuild.medianMs)}`);
  await runCases('a work calendar (two 12-hour shifts from 07:00, a break, weekends off):');
} finally {
  await remove();
}
