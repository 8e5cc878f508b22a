// A year of one busy line for the benchmarks (oee-engine, stop-summaries, losses-waterfall): at least 200,000 stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite, type Database } from '../../edge/src/db/database';
import { openPlantDatabase } from '../../edge/src/db/installation';
import { seededRandom } from '../../edge/src/acquisition/simulator/line-model';
import { recognitionFields, type StopReasonNode } from '../../edge/src/domain/stops';

const MINUTE = 60_000;
/** What a year of seedYearOfStops holds at least. */
export const MIN_STOPS = 200_000;

const REASONS: Array<[number, number, string, boolean, boolean, boolean, string | null]> = [
  // reasonID, parentID, reason, isCategory, discountOEE, pareto, color
  [20, 7, 'Almuerzo', false, true, false, '#4a90d9'],
  [21, 7, 'Limpieza', false, true, false, '#5b9bd5'],
  [30, 8, 'Mecánica', true, false, false, '#ec5453'],
  [31, 30, 'Rotura de cinta', false, false, true, null],
  [32, 30, 'Atasco', false, false, true, null],
  [40, 8, 'Eléctrica', true, false, false, '#ff9800'],
  [41, 40, 'Corte de energía', false, false, true, null],
  [50, 8, 'Calidad', true, false, false, '#9c27b0'],
  [51, 50, 'Ajuste de formato', false, false, true, null],
];

export interface YearOfStops {
  /** The line the orders, stops and production are seeded on (it is created with lines 1..50 and sector 1). */
  line: number;
  orders: number;
  yearStartMs: number;
  yearEndMs: number;
}

/**
 * Seeds a year of one busy line into the plant database `file` (migrated, nothing else of it used): the stop-reason
 * tree of REASONS, sector 1 with 50 lines, 20 products with speeds, `orders` orders back to back (the last one still
 * running), stops every ~2 minutes (mostly microstops, some recognized, some not) and a production row per minute.
 * Deterministic: every run seeds the same year.
 */
export function seedYearOfStops(
  file: string,
  { line: LINE, orders: ORDERS, yearStartMs: YEAR_START, yearEndMs: YEAR_END }: YearOfStops,
): { stops: number; productionMinutes: number } {
  const sqlite = openSqlite({ file });
  sqlite.pragma('synchronous = OFF');
  const rnd = seededRandom(42); // deterministic: every run seeds the same year
  const tree = new Map<number, StopReasonNode>();
  type ReasonRow = Omit<StopReasonNode, 'isCategory' | 'pareto' | 'discountOEE'> & {
    isCategory: number;
    pareto: number;
    discountOEE: number;
  };
  for (const row of sqlite
    .prepare('SELECT reasonID, parentID, reason, isCategory, color, pareto, discountOEE FROM stop_reasons')
    .all() as ReasonRow[]) {
    tree.set(row.reasonID, { ...row, isCategory: row.isCategory === 1, pareto: row.pareto === 1, discountOEE: row.discountOEE === 1 });
  }
  const insertReason = sqlite.prepare(
    'INSERT INTO stop_reasons (reasonID, parentID, reason, isCategory, discountOEE, pareto, color, systemStop) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
  );
  let stopCount = 0;
  let minuteCount = 0;
  sqlite.transaction(() => {
    for (const [id, parent, name, category, discount, pareto, color] of REASONS) {
      insertReason.run(id, parent, name, category ? 1 : 0, discount ? 1 : 0, pareto ? 1 : 0, color);
      tree.set(id, { reasonID: id, parentID: parent, reason: name, isCategory: category, discountOEE: discount, pareto, color });
    }
    sqlite.prepare("INSERT INTO sectors (sectorID, sectorName) VALUES (1, 'Envasado')").run();
    const insertLine = sqlite.prepare('INSERT INTO lines (lineID, sectorID, description, enableOrderManager) VALUES (?, 1, ?, ?)');
    for (let line = 1; line <= 50; line += 1) insertLine.run(line, `Línea ${line}`, line === LINE ? 1 : 0);
    const insertProduct = sqlite.prepare(
      "INSERT INTO products (code, name, wrappersPerPackage, unitsPerWrapper, unit, performance) VALUES (?, ?, 10, 6, 'u', 0.95)",
    );
    const insertSpeed = sqlite.prepare('INSERT INTO product_speeds (code, lineID, speed) VALUES (?, ?, ?)');
    const speeds: number[] = [];
    for (let p = 0; p < 20; p += 1) {
      speeds.push(8 + p);
      insertProduct.run(`P${p}`, `Producto ${p}`);
      insertSpeed.run(`P${p}`, LINE, 8 + p);
    }

    // Orders back to back over the year; the last one is still running.
    const orderMs = (YEAR_END - YEAR_START) / ORDERS;
    const orders: Array<{ order: string; startMs: number; endMs: number; speed: number }> = [];
    const insertOrder = sqlite.prepare(
      `INSERT INTO orders ("order", op, version, lineID, lot, productCode, productName, startDate, endDate, desiredProductionQuantity, status, shiftStart, createdBy, createDate)
       VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?)`,
    );
    for (let i = 0; i < ORDERS; i += 1) {
      const startMs = Math.round(YEAR_START + i * orderMs);
      const endMs = Math.round(YEAR_START + (i + 1) * orderMs);
      const product = i % 20;
      const last = i === ORDERS - 1;
      orders.push({ order: `${100_000 + i}-0`, startMs, endMs, speed: speeds[product]! });
      insertOrder.run(
        `${100_000 + i}-0`,
        String(100_000 + i),
        LINE,
        `L${i}`,
        `P${product}`,
        `Producto ${product}`,
        startMs,
        last ? null : endMs,
        2000,
        last ? 1 : 2,
        startMs,
        startMs,
      );
    }
    const orderAt = (ms: number, hint: number) => {
      let index = hint;
      while (index < orders.length - 1 && orders[index]!.endMs <= ms) index += 1;
      return index;
    };

    // Stops: runs of ~60 s, then a stop: mostly microstops, some minutes long, a few long ones.
    const insertStop = sqlite.prepare(
      `INSERT INTO stops ("order", op, lineID, startDate, endDate, recognized, reasonID, reason, rootID, root, path, color, pareto, discountOEE)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const stops: Array<[number, number]> = [];
    const recognizedWith = [20, 21, 31, 32, 41, 51].map((id) => recognitionFields(id, tree));
    const microstop = recognitionFields(3, tree);
    let cursor = YEAR_START;
    let orderIndex = 0;
    while (cursor < YEAR_END - 10 * MINUTE) {
      const startMs = cursor + Math.round(10_000 + rnd() * 170_000);
      const kind = rnd();
      const durationMs = Math.round(
        kind < 0.8 ? 10_000 + rnd() * 40_000 : kind < 0.98 ? 60_000 + rnd() * 120_000 : 300_000 + rnd() * 900_000,
      );
      const endMs = Math.min(startMs + durationMs, YEAR_END);
      orderIndex = orderAt(startMs, orderIndex);
      const order = orders[orderIndex]!;
      const fields = durationMs < 60_000 ? microstop : rnd() < 0.8 ? recognizedWith[Math.floor(rnd() * recognizedWith.length)]! : null;
      insertStop.run(
        order.order,
        order.order.slice(0, 6),
        LINE,
        startMs,
        endMs,
        fields ? 1 : 0,
        fields?.reasonID ?? null,
        fields?.reason ?? null,
        fields?.rootID ?? null,
        fields?.root ?? null,
        fields?.path ?? null,
        fields?.color ?? null,
        fields?.pareto ? 1 : 0,
        fields?.discountOEE ? 1 : 0,
      );
      stops.push([startMs, endMs]);
      cursor = endMs;
    }
    stopCount = stops.length;

    // Production per minute at the order's speed while running, ~2 % discards.
    const insertMinute = sqlite.prepare(
      'INSERT INTO production_minutes (lineID, minuteStart, "order", units, discards) VALUES (?, ?, ?, ?, ?)',
    );
    let stopIndex = 0;
    orderIndex = 0;
    for (let minute = YEAR_START; minute < YEAR_END; minute += MINUTE) {
      let stoppedMs = 0;
      while (stopIndex < stops.length && stops[stopIndex]![1] <= minute) stopIndex += 1;
      for (let s = stopIndex; s < stops.length && stops[s]![0] < minute + MINUTE; s += 1) {
        stoppedMs += Math.min(stops[s]![1], minute + MINUTE) - Math.max(stops[s]![0], minute);
      }
      orderIndex = orderAt(minute, orderIndex);
      const units = Math.round((orders[orderIndex]!.speed * (MINUTE - stoppedMs)) / MINUTE);
      if (units <= 0) continue;
      insertMinute.run(LINE, minute, orders[orderIndex]!.order, units, rnd() < 0.3 ? Math.round(units * 0.06) : 0);
      minuteCount += 1;
    }
  })();
  sqlite.close();
  return { stops: stopCount, productionMinutes: minuteCount };
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Runs `run` `runs` times one after another: its last result, the fastest and the median time. */
export async function timed<T>(runs: number, run: () => Promise<T>): Promise<{ result: T; minMs: number; medianMs: number }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { result, minMs: times[0]!, medianMs: times[Math.floor(times.length / 2)]! };
}

/**
 * A temporary plant database (migrated, in a folder of its own) with the year of seedYearOfStops in it, said on the
 * console; `remove` closes and deletes it (kept with KEEP_BENCH_DB, to look at).
 */
export async function openYearOfStopsPlant(year: YearOfStops): Promise<{ db: Database; remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-bench-'));
  const file = join(dir, 'oee.db');
  const { db } = await openPlantDatabase(file);
  const seedStart = performance.now();
  const seeded = seedYearOfStops(file, year);
  console.log(
    `seeded ${seeded.stops.toLocaleString('en')} stops, ${year.orders.toLocaleString('en')} orders, ${seeded.productionMinutes.toLocaleString('en')} production minutes in ${fmt(performance.now() - seedStart)}`,
  );
  if (seeded.stops < MIN_STOPS) throw new Error(`only ${seeded.stops} stops seeded`);
  return {
    db,
    async remove() {
      await db.destroy();
      if (process.env.KEEP_BENCH_DB) console.log('kept', dir);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}
