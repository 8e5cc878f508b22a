// The time waterfall (issue 29) for a year of one busy line — at least 200,000 stops, 5,000 orders, a production row
// per minute (year-of-stops.ts) — seeded into a temporary SQLite file: GET /api/losses/waterfall's service for the
// whole year, a month and a shift, and the year of the plant of 50 lines where only that one is busy; then where the
// year's time goes (each read, and the computation over what was read).
// `npm run bench losses-waterfall`. Target (issue 29): the year of a line within 200 ms. Prints figures only.
import { shiftOf } from '../../edge/src/domain/calendar';
import { WATERFALL_BAR_KEYS } from '../../edge/src/domain/losses';
import {
  listLineSettings,
  ordersOverlappingLines,
  productionTotalsOfLines,
  stopSpansOfLines,
} from '../../edge/src/modules/indexes/indexes.repository';
import { loadLinesRangeData } from '../../edge/src/modules/indexes/line-indicators';
import { loadLossKindOf } from '../../edge/src/modules/losses/loss-kinds';
import { lossWaterfall, waterfallPartOf } from '../../edge/src/modules/losses/losses.service';
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
  const cases = [
    { label: 'year of the line', query: { lineID: LINE, from: iso(YEAR_START), to: iso(YEAR_END) }, target: TARGET_MS },
    { label: 'month of the line', query: { lineID: LINE, from: iso(YEAR_END - 30 * 1440 * MINUTE), to: iso(YEAR_END) } },
    { label: 'shift of the line', query: { lineID: LINE, from: iso(YEAR_END - 480 * MINUTE), to: iso(YEAR_END) } },
    { label: 'year of the plant (50 lines)', query: { from: iso(YEAR_START), to: iso(YEAR_END) } },
  ];
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
  }

  const ids = [LINE];
  const reads = [
    ['orders', () => ordersOverlappingLines(db, ids, YEAR_START, YEAR_END)],
    ['stops', () => stopSpansOfLines(db, ids, YEAR_START, YEAR_END)],
    ['production by order', () => productionTotalsOfLines(db, ids, YEAR_START, YEAR_END)],
  ] as const;
  for (const [name, read] of reads)
    console.log(`  year of the line, reading ${name}: median ${fmt((await timed(RUNS, read as () => Promise<unknown>)).medianMs)}`);
  const lines = await listLineSettings(db, { lineIDs: ids });
  const data = (await loadLinesRangeData(db, lines, YEAR_START, YEAR_END, { summedUntilMs: YEAR_END })).get(LINE)!;
  const kindOf = await loadLossKindOf(db);
  const compute = await timed(RUNS, async () => waterfallPartOf(data, { fromMs: YEAR_START, toMs: YEAR_END }, NOW, 60, kindOf));
  console.log(`  year of the line, computing over what was read: median ${fmt(compute.medianMs)}`);
} finally {
  await remove();
}
