import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, migrateToLatest, openSqlite } from '../../edge/src/db/database';
import { SYNCED_ENTITIES } from '../../edge/src/db/outbox';
import { computeIndicators, rollUpIndicators, sumIndicatorInputs, type IndicatorInputs, type Indicators } from '../../edge/src/domain/oee';
import { dayStartMs, plantDateAt, type WorkCalendar } from '../../edge/src/domain/work-calendar';
import { bundleScript } from '../../test/support/sync/child-agent';
import { startTestPostgres, type TestPostgres } from '../../test/support/sync/postgres';
import { applyBatch, type OutboxRow } from './apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from './central-database';
import { centralMigrations } from './migrations/index';
import { CENTRAL_SCHEMA, CENTRAL_TABLES, centralTableOf, type ColumnKind } from './tables';

/**
 * The central schema on a real PostgreSQL: what the migrations create matches the mapping the applier writes
 * through, every edge column has its central column, and the BI views compute the edge's indicators — the same
 * definitions as edge/src/domain/oee.ts, from summed times and counts.
 */

let postgres: TestPostgres;
let central: CentralDatabase;

beforeAll(async () => {
  postgres = await startTestPostgres();
  central = openCentral(postgres.url);
});

afterAll(async () => {
  await central?.destroy();
  await postgres?.close();
});

const PG_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  real: 'double precision',
  boolean: 'boolean',
  time: 'timestamp with time zone',
  json: 'jsonb',
};
const BOOKKEEPING = ['plant_id', 'row_version', 'deleted_at', 'synced_at'];
/** Columns the central copy derives itself (migration 0005), not replicated from the edge. */
const DERIVED: Record<string, readonly string[]> = { shift_indexes: ['production_day', 'shift_code'] };
const MIGRATIONS = [
  '0001-central-schema',
  '0002-adjustment-moves-stop-time',
  '0003-stops-manual-flag',
  '0004-central-portal',
  '0005-portal-day-sums',
  '0006-unstaffed-production-and-stop-events',
  '0007-roll-up-coverage',
  '0008-stop-reason-loss-kinds',
  '0009-work-calendars',
  '0010-plant-names',
  '0011-production-day-start',
  '0012-shift-loss-kinds',
  '0013-unscheduled-production',
  '0014-calendar-production-day',
  '0015-startup-rejects',
  '0016-edge-production-day',
];

/** Runs `use` on a database of its own on the test server (its URL), dropped afterwards. */
async function withScratchDatabase(prefix: string, use: (url: string) => Promise<void>): Promise<void> {
  const database = `${prefix}_${Date.now()}`;
  await sql`CREATE DATABASE ${sql.id(database)}`.execute(central);
  const url = new URL(postgres.url);
  url.pathname = `/${database}`;
  try {
    await use(url.toString());
  } finally {
    await sql`DROP DATABASE IF EXISTS ${sql.id(database)} WITH (FORCE)`.execute(central);
  }
}

describe('central migrations', () => {
  it('create the schema once; running them again applies nothing', async () => {
    expect(await migrateCentral(central)).toEqual(MIGRATIONS);
    expect(await migrateCentral(central)).toEqual([]);
  });

  it('concurrent runs by several plants agree (one applies, the others wait for it)', async () => {
    const other = await startTestPostgres();
    const dbs = [1, 2, 3].map(() => openCentral(other.url));
    try {
      const results = await Promise.all(dbs.map((db) => migrateCentral(db)));
      expect(results.flat()).toEqual(MIGRATIONS);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
      await other.close();
    }
  });

  it("'oee-edge central migrate' creates the schema, and says so; run again it finds it up to date", async () => {
    const main = await bundleScript('edge/src/main.ts');
    try {
      await withScratchDatabase('oee_cli', async (url) => {
        // Asynchronously: with TEST_DATABASE_URL the server is reached through a proxy in this process.
        const run = () =>
          promisify(execFile)(process.execPath, [main.script, 'central', 'migrate'], {
            env: { ...process.env, SYNC_DATABASE_URL: url },
            timeout: 30_000,
          });
        const first = await run();
        expect(first.stderr).toBe('');
        expect(first.stdout.trim()).toBe(`Central schema migrated: ${MIGRATIONS.join(', ')}`);
        expect((await run()).stdout.trim()).toBe('The central schema is up to date.');
        const cli = openCentral(url);
        const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM information_schema.views WHERE table_schema = 'oee'`.execute(
          cli,
        );
        await cli.destroy();
        expect(Number(rows[0]!.n)).toBe(10);
      });
    } finally {
      main.cleanup();
    }
    // A hang guard only: two starts of the whole command line (each loads node-opcua, some 2.5 s of CPU) and a bundle.
  }, 90_000);

  it('every central table has the mapped columns with their types, keyed by (plant_id, key)', async () => {
    for (const table of CENTRAL_TABLES) {
      const { rows } = await sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'oee' AND table_name = ${table.table}`.execute(central);
      const actual = Object.fromEntries(rows.map((row) => [row.column_name, row.data_type]));
      const expected = Object.fromEntries(table.columns.map((column) => [column.central, PG_TYPE[column.kind]]));
      expect(
        Object.keys(actual)
          .filter((name) => !BOOKKEEPING.includes(name) && !DERIVED[table.table]?.includes(name))
          .sort(),
        table.table,
      ).toEqual(Object.keys(expected).sort());
      for (const [name, type] of Object.entries(expected)) expect(actual[name], `${table.table}.${name}`).toBe(type);
      const key = await sql<{ column_name: string }>`SELECT a.attname AS column_name FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = ${`oee.${table.table}`}::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`.execute(
        central,
      );
      const keyColumns = table.key.map((edge) => table.columns.find((c) => c.edge === edge)!.central);
      expect(
        key.rows.map((r) => r.column_name),
        table.table,
      ).toEqual(['plant_id', ...keyColumns]);
    }
  });

  it('every column of every synced edge table has a central column of a matching kind', async () => {
    const edge = createKysely(openSqlite({ file: ':memory:' }));
    try {
      await migrateToLatest(edge);
      for (const entity of SYNCED_ENTITIES) {
        const { rows } = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${entity})`.execute(edge);
        const table = centralTableOf(entity);
        expect(table.columns.map((c) => c.edge).sort(), entity).toEqual(rows.map((r) => r.name).sort());
        for (const { name, type } of rows) {
          const kind = table.columns.find((c) => c.edge === name)!.kind;
          const compatible =
            type === 'TEXT' ? ['text', 'json'] : type === 'REAL' ? ['real'] : ['integer', 'bigint', 'boolean', 'time', 'real'];
          expect(compatible, `${entity}.${name} (${type}) as ${kind}`).toContain(kind);
        }
      }
    } finally {
      await edge.destroy();
    }
  });
});

const MIN = 60_000;
const HOUR = 60 * MIN;

function inputs(partial: Partial<IndicatorInputs>): IndicatorInputs {
  return {
    staffedMs: 8 * HOUR,
    discountMs: 30 * MIN,
    adjustedDiscountMs: 0,
    stopMs: 45 * MIN,
    failureMs: 20 * MIN,
    failureCount: 3,
    unitsProduced: 40_000,
    unitsDiscarded: 350,
    nominalUnitsPerMinute: 100,
    ...partial,
  };
}

/** The indicator columns the views end with, from the edge's one indicators function. */
function expectedColumns(indicators: Indicators) {
  return {
    staffed_time_correct_ms: indicators.staffedTimeCorrectMs,
    runtime_ms: indicators.runtimeMs,
    good_units: indicators.goodUnits,
    units_per_runtime_minute: indicators.unitsPerRuntimeMinute,
    utilization: indicators.utilization,
    throughput: indicators.throughput,
    acceptance: indicators.acceptance,
    oee: indicators.oee,
    mtbf_minutes: indicators.mtbfMinutes,
    mttr_minutes: indicators.mttrMinutes,
  };
}

/** The row oee.indicators answers for `input`, with `ideal` as its ideal units. */
async function sqlIndicators(db: CentralDatabase, input: IndicatorInputs, ideal: number | null): Promise<Record<string, unknown>> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM oee.indicators(${input.staffedMs}, ${input.discountMs},
    ${input.adjustedDiscountMs}, ${input.stopMs}, ${input.failureMs}, ${input.failureCount}, ${input.unitsProduced},
    ${input.unitsDiscarded}, ${ideal}::float8)`.execute(db);
  return rows[0]!;
}

/** A deterministic pseudo-random number in [0, 1) (an LCG), so a failing case can be found again. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Inputs as the edge's indexes hold them (whole ms, counts, quantities that may be kilos), with adjustments under,
 * at and over the stop time, and edge cases: zeros, discounts and stops beyond the staffed time.
 */
function variedInputs(count: number): IndicatorInputs[] {
  const random = lcg(20260504);
  const pick = <T>(choices: readonly T[]) => choices[Math.floor(random() * choices.length)]!;
  return Array.from({ length: count }, () => {
    const staffedMs = pick([0, MIN, 96_000, 8 * HOUR, 7 * HOUR, Math.floor(random() * 9 * HOUR)]);
    const discountMs = Math.floor(random() * pick([0, 0.1, 0.6, 1.2]) * staffedMs);
    const stopMs = Math.floor(random() * pick([0, 0.05, 0.4, 1.1]) * staffedMs);
    const failureMs = Math.floor(random() * stopMs);
    const unitsProduced = pick([0, 10, Math.floor(random() * 50_000), random() * 3_000]);
    return {
      staffedMs,
      discountMs,
      adjustedDiscountMs: pick([0, Math.floor(random() * stopMs), stopMs, stopMs + Math.floor(random() * HOUR), 30_000]),
      stopMs,
      failureMs,
      failureCount: failureMs === 0 ? pick([0, 1]) : 1 + Math.floor(random() * 9),
      unitsProduced,
      unitsDiscarded: pick([0, unitsProduced * random() * 0.1, unitsProduced + 5]),
      nominalUnitsPerMinute: pick([null, 55, 100, 12.5 + random() * 100]),
    };
  });
}

function expectClose(actual: Record<string, unknown>, expected: Record<string, number | null>, label: string) {
  for (const [column, value] of Object.entries(expected)) {
    if (value === null) expect(actual[column], `${label} ${column}`).toBeNull();
    else expect(actual[column] as number, `${label} ${column}`).toBeCloseTo(value, 9);
  }
}

describe('oee.indicators (the SQL twin of computeIndicators): the same doubles, to the last digit', () => {
  const cases: Record<string, IndicatorInputs> = {
    'a normal shift': inputs({}),
    'nothing staffed': inputs({
      staffedMs: 0,
      discountMs: 0,
      stopMs: 0,
      failureMs: 0,
      failureCount: 0,
      unitsProduced: 0,
      unitsDiscarded: 0,
    }),
    'staffed but stopped throughout (no runtime)': inputs({ stopMs: 8 * HOUR, unitsProduced: 0, unitsDiscarded: 0 }),
    'discounts beyond the staffed time (floored at 0)': inputs({ discountMs: 7 * HOUR, adjustedDiscountMs: 2 * HOUR }),
    'staffed, running, nothing produced': inputs({ unitsProduced: 0, unitsDiscarded: 0 }),
    'no failures (mtbf, mttr unknown)': inputs({ failureMs: 0, failureCount: 0 }),
    'more discards than units': inputs({ unitsProduced: 10, unitsDiscarded: 25 }),
    'above nominal speed (throughput > 1)': inputs({ unitsProduced: 60_000 }),
    'an adjustment of part of the stop time': inputs({ adjustedDiscountMs: 20 * MIN }),
    'an adjustment of all the stop time (utilization 1)': inputs({ adjustedDiscountMs: 45 * MIN }),
    'an adjustment over the stop time (capped at it)': inputs({ adjustedDiscountMs: 100 * MIN }),
    'issue 12.5: 0.5 min adjusted on an order with 0.45 min of runtime': inputs({
      staffedMs: 96_000,
      discountMs: 0,
      adjustedDiscountMs: 30_000,
      stopMs: 69_000,
      failureMs: 69_000,
      failureCount: 1,
      unitsProduced: 40,
      unitsDiscarded: 4,
    }),
    'an adjustment with discounts beyond the staffed time': inputs({
      staffedMs: 10 * MIN,
      discountMs: 8 * MIN,
      stopMs: 5 * MIN,
      adjustedDiscountMs: 5 * MIN,
    }),
  };
  /** Both ideal units the views pass: the order's (nominal × runtime) and unknown. */
  const expectSameAsEdge = async (input: IndicatorInputs) => {
    for (const ideal of [computeIndicators(input).idealUnits, null]) {
      const expected = computeIndicators({ ...input, nominalUnitsPerMinute: null, idealUnits: ideal });
      expect(await sqlIndicators(central, input, ideal), JSON.stringify({ ...input, ideal })).toEqual(expectedColumns(expected));
    }
  };
  for (const [name, input] of Object.entries(cases)) {
    it(`matches computeIndicators: ${name}`, () => expectSameAsEdge(input));
  }

  it('matches computeIndicators on 300 varied inputs, adjustments under, at and over the stop time among them', async () => {
    const varied = variedInputs(300);
    expect(varied.filter((input) => input.adjustedDiscountMs > input.stopMs).length).toBeGreaterThan(20);
    expect(varied.filter((input) => input.adjustedDiscountMs > 0 && input.adjustedDiscountMs <= input.stopMs).length).toBeGreaterThan(20);
    for (const input of varied) await expectSameAsEdge(input);
  });

  it('keeps the runtime when an adjustment is made, and counts it only up to the stop time', async () => {
    const plain = await sqlIndicators(central, inputs({}), 30_000);
    const adjusted = await sqlIndicators(central, inputs({ adjustedDiscountMs: 20 * MIN }), 30_000);
    const over = await sqlIndicators(central, inputs({ adjustedDiscountMs: 100 * MIN }), 30_000);
    expect(plain).toMatchObject({ staffed_time_correct_ms: 450 * MIN, runtime_ms: 405 * MIN });
    expect(adjusted).toMatchObject({ staffed_time_correct_ms: 430 * MIN, runtime_ms: 405 * MIN, utilization: 405 / 430 });
    expect(over).toMatchObject({ staffed_time_correct_ms: 405 * MIN, runtime_ms: 405 * MIN, utilization: 1 });
  });
});

describe('the production-day rule in SQL', () => {
  it('oee.production_day_start (0011) is 06:00 local, where oee.production_day (0005) begins, across both DST changes and in a zone without DST', async () => {
    for (const zone of ['Europe/Madrid', 'America/Argentina/Buenos_Aires']) {
      for (const day of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']) {
        const { rows } = await sql<{ local: string; same: string; before: string; hours: number }>`SELECT
            to_char(s AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI') AS local,
            oee.production_day(s, ${zone})::text AS same,
            oee.production_day(s - interval '1 microsecond', ${zone})::text AS before,
            extract(epoch FROM oee.production_day_start(${day}::date + 1, ${zone}) - s)::float8 / 3600 AS hours
          FROM (SELECT oee.production_day_start(${day}::date, ${zone}) AS s) x`.execute(central);
        const label = `${zone} ${day}`;
        expect(rows[0]!.local, label).toBe(`${day} 06:00`);
        expect(rows[0]!.same, label).toBe(day);
        expect(rows[0]!.before, label).not.toBe(day);
        // The Madrid days that hold a change last 23 and 25 hours (their 02:00/03:00 falls inside them).
        const expected = zone === 'Europe/Madrid' && day === '2026-03-28' ? 23 : zone === 'Europe/Madrid' && day === '2026-10-24' ? 25 : 24;
        expect(rows[0]!.hours, label).toBe(expected);
      }
    }
  });
});

/** A plant calendar as the edge replicates it (central 0009), and as the edge's domain reads it: its versions' shift starts. */
interface PlantCalendarSpec {
  plant: string;
  zone: string;
  versions: Array<{ from: string; starts: string[] }>;
}

const calendarOfSpec = (spec: PlantCalendarSpec): WorkCalendar => ({
  versions: spec.versions.map((version) => ({
    effectiveFrom: version.from,
    pattern: {
      shifts: version.starts.map((start, index) => ({
        code: `S${index + 1}`,
        nameEs: `T${index + 1}`,
        nameEn: `S${index + 1}`,
        start,
        end: null,
      })),
      breaks: [],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    },
  })),
  exceptions: [],
});

async function writeCalendar(db: CentralDatabase, spec: PlantCalendarSpec, rowVersion: number): Promise<void> {
  for (const version of spec.versions) {
    await sql`INSERT INTO oee.calendar_versions (plant_id, line_id, effective_from, weekdays, row_version)
      VALUES (${spec.plant}, 0, ${version.from}, '1234567', ${rowVersion})`.execute(db);
    // Stored in reverse: the first shift is the one of position 1, not the first row.
    for (const [index, start] of [...version.starts.entries()].reverse()) {
      await sql`INSERT INTO oee.calendar_shifts (plant_id, line_id, effective_from, code, position, name_es, name_en, start_time, row_version)
        VALUES (${spec.plant}, 0, ${version.from}, ${`S${index + 1}`}, ${index + 1}, 'T', 'S', ${start}, ${rowVersion})`.execute(db);
    }
  }
}

describe("the production-day rule in SQL with the plants' work calendars (0014)", () => {
  const CALENDARS: PlantCalendarSpec[] = [
    { plant: 'seven', zone: 'Europe/Madrid', versions: [{ from: '2026-01-01', starts: ['07:00', '19:00'] }] },
    {
      // The day's start moves: 06:00, 05:00, then 02:30 (a time Madrid skips on 29 March and repeats on 25 October), then 22:00.
      plant: 'moves',
      zone: 'Europe/Madrid',
      versions: [
        { from: '2026-03-01', starts: ['06:00', '14:00', '22:00'] },
        { from: '2026-03-20', starts: ['05:00', '17:00'] },
        { from: '2026-03-27', starts: ['02:30', '14:30'] },
        { from: '2026-11-01', starts: ['22:00', '10:00'] },
      ],
    },
    // Santiago moves its clocks at midnight (2026-04-05 back, 2026-09-06 forward), Lord Howe by half an hour at 02:00.
    { plant: 'santiago', zone: 'America/Santiago', versions: [{ from: '2026-01-01', starts: ['00:00', '12:00'] }] },
    { plant: 'lord-howe', zone: 'Australia/Lord_Howe', versions: [{ from: '2026-01-01', starts: ['02:15', '14:15'] }] },
    { plant: 'none', zone: 'America/Argentina/Buenos_Aires', versions: [] },
  ];
  const DAYS = [
    '2025-12-30',
    '2026-02-28',
    '2026-03-01',
    '2026-03-19',
    '2026-03-20',
    '2026-03-26',
    '2026-03-27',
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
    '2026-04-04',
    '2026-04-05',
    '2026-04-06',
    '2026-09-05',
    '2026-09-06',
    '2026-10-03',
    '2026-10-04',
    '2026-10-24',
    '2026-10-25',
    '2026-10-31',
    '2026-11-01',
    '2026-11-02',
  ];
  const DEFAULT_ONLY: WorkCalendar = calendarOfSpec({
    plant: '',
    zone: '',
    versions: [{ from: '1900-01-01', starts: ['06:00', '14:00', '22:00'] }],
  });
  const calendarOf = (spec: PlantCalendarSpec) => (spec.versions.length ? calendarOfSpec(spec) : DEFAULT_ONLY);

  it("start each production day where the edge's domain does (dayStartMs, plantDateAt), every 17 minutes around DST changes and version changes, 06:00 without a calendar; stored days, day sums, stop sums and stop_inputs follow a calendar change", async () => {
    await withScratchDatabase('oee_calendar_days', async (url) => {
      const db = openCentral(url);
      try {
        await migrateCentral(db);
        for (const spec of CALENDARS) {
          await sql`INSERT INTO oee.plants (plant_id, time_zone) VALUES (${spec.plant}, ${spec.zone})`.execute(db);
          await writeCalendar(db, spec, 1);
        }
        for (const spec of CALENDARS) {
          const calendar = calendarOf(spec);
          const { rows: starts } = await sql<{ day: string; ms: number }>`SELECT d AS day,
              extract(epoch FROM oee.production_day_start(d::date, ${spec.zone}, ${spec.plant}))::float8 * 1000 AS ms
            FROM unnest(${DAYS}::text[]) d`.execute(db);
          expect(
            starts.map((row) => [row.day, row.ms]),
            spec.plant,
          ).toEqual(DAYS.map((day) => [day, dayStartMs(calendar, day, spec.zone)]));
          // Every 17 minutes from a day before each day to a day after it: the production date of each instant.
          const instants = DAYS.flatMap((day) => {
            const from = dayStartMs(calendar, day, spec.zone) - 86_400_000;
            return Array.from({ length: Math.ceil((2 * 86_400_000) / (17 * 60_000)) }, (_, i) => from + i * 17 * 60_000);
          });
          const { rows: days } = await sql<{
            day: string;
          }>`SELECT oee.production_day(to_timestamp(t / 1000), ${spec.zone}, ${spec.plant})::text AS day
            FROM unnest(${instants}::float8[]) WITH ORDINALITY AS u(t, n) ORDER BY n`.execute(db);
          expect(
            days.map((row) => row.day),
            spec.plant,
          ).toEqual(instants.map((t) => plantDateAt(calendar, t, spec.zone)));
        }

        // Stored rows of 'seven': a shift index and a stop each hour of two days; their days are the calendar's.
        const seven = CALENDARS[0]!;
        const hours = Array.from({ length: 48 }, (_, i) => Date.parse('2026-05-04T00:30:00Z') + i * 3_600_000);
        const insertRows = async () => {
          await sql`INSERT INTO oee.shift_indexes (plant_id, line_id, shift_start, shift_end, closed, production_quantity, staffed_time_ms, row_version)
            SELECT 'seven', 1, to_timestamp(t / 1000), to_timestamp(t / 1000 + 3600), true, 10, 3600000, 1 FROM unnest(${hours}::float8[]) t`.execute(
            db,
          );
          await sql`INSERT INTO oee.stops (plant_id, stop_id, line_id, reason, start_date, end_date, row_version)
            SELECT 'seven', n, 1, 'Avería', to_timestamp(t / 1000), to_timestamp(t / 1000 + 90), 1 FROM unnest(${hours}::float8[]) WITH ORDINALITY u(t, n)`.execute(
            db,
          );
        };
        await insertRows();
        const expectDays = async (calendar: WorkCalendar, label: string) => {
          const byDay = new Map<string, number>();
          for (const t of hours)
            byDay.set(plantDateAt(calendar, t, seven.zone), (byDay.get(plantDateAt(calendar, t, seven.zone)) ?? 0) + 1);
          const expected = [...byDay].sort(([a], [b]) => a.localeCompare(b));
          const lineDays = await sql<{
            day: string;
            n: number;
            units: number;
          }>`SELECT production_day::text AS day, shift_count AS n, production_quantity AS units
            FROM oee.line_day_sums WHERE plant_id = 'seven' ORDER BY 1`.execute(db);
          expect(lineDays.rows, label).toEqual(expected.map(([day, n]) => ({ day, n, units: 10 * n })));
          const plantDays = await sql<{
            day: string;
            n: number;
          }>`SELECT production_day::text AS day, shift_count AS n FROM oee.plant_day_sums
            WHERE plant_id = 'seven' ORDER BY 1`.execute(db);
          expect(plantDays.rows, label).toEqual(expected.map(([day, n]) => ({ day, n })));
          const stopDays = await sql<{ day: string; n: number; seconds: number }>`SELECT production_day::text AS day, stops::int AS n,
              extract(epoch FROM lost)::float8 AS seconds FROM oee.stop_day_sums WHERE plant_id = 'seven' ORDER BY 1`.execute(db);
          expect(stopDays.rows, label).toEqual(expected.map(([day, n]) => ({ day, n, seconds: 90 * n })));
          const inputs = await sql<{ day: string; n: number }>`SELECT production_day::text AS day, count(*)::int AS n FROM oee.stop_inputs
            WHERE plant_id = 'seven' GROUP BY 1 ORDER BY 1`.execute(db);
          expect(inputs.rows, label).toEqual(expected.map(([day, n]) => ({ day, n })));
        };
        await expectDays(calendarOf(seven), '07:00');
        // The plant's day now starts at 05:00 (its first shift moved, replicated as an upsert): every row takes its day again.
        await sql`UPDATE oee.calendar_shifts SET start_time = '05:00', row_version = 2 WHERE plant_id = 'seven' AND code = 'S1'`.execute(
          db,
        );
        await expectDays(calendarOfSpec({ ...seven, versions: [{ from: '2026-01-01', starts: ['05:00', '19:00'] }] }), '05:00');
        // Its calendar tombstoned: the default 06:00.
        await sql`UPDATE oee.calendar_versions SET deleted_at = now(), row_version = 3 WHERE plant_id = 'seven'`.execute(db);
        await expectDays(DEFAULT_ONLY, 'no calendar');
        // An edit of something else (a shift's name) moves nothing; rows sent later take the calendar's days as they arrive.
        await sql`UPDATE oee.calendar_versions SET deleted_at = NULL, row_version = 4 WHERE plant_id = 'seven'`.execute(db);
        await sql`UPDATE oee.calendar_shifts SET name_es = 'Día', row_version = 5 WHERE plant_id = 'seven'`.execute(db);
        await sql`DELETE FROM oee.shift_indexes WHERE plant_id = 'seven'`.execute(db);
        await sql`DELETE FROM oee.stops WHERE plant_id = 'seven'`.execute(db);
        await insertRows();
        await expectDays(calendarOfSpec({ ...seven, versions: [{ from: '2026-01-01', starts: ['05:00', '19:00'] }] }), '05:00 again');
      } finally {
        await db.destroy();
      }
    });
  }, 120_000);
});

describe('BI views', () => {
  let seq = 0;
  /** The columns an index row stores for `input`, as the edge's index writer fills them. */
  const indexColumns = (input: IndicatorInputs, indicators = computeIndicators(input)) => ({
    productionQuantity: input.unitsProduced,
    discardQuantity: input.unitsDiscarded,
    staffedTime: input.staffedMs,
    discountTime: input.discountMs,
    adjustedDiscountTime: input.adjustedDiscountMs,
    staffedTimeCorrect: indicators.staffedTimeCorrectMs,
    runtime: indicators.runtimeMs,
    stopTime: input.stopMs,
    failureTime: input.failureMs,
    failureCount: input.failureCount,
    utilization: indicators.utilization,
    throughput: indicators.throughput,
    acceptance: indicators.acceptance,
    oee: indicators.oee,
    mtbf: indicators.mtbfMinutes,
    mttr: indicators.mttrMinutes,
  });
  const shiftRow = (lineID: number, shiftStart: number, input: IndicatorInputs, idealUnits?: number | null): OutboxRow => {
    const indicators = computeIndicators(input);
    const row = {
      lineID,
      shiftStart,
      shiftEnd: shiftStart + 8 * HOUR,
      discountShift: 0,
      closed: 1,
      calculatedAt: shiftStart + 8 * HOUR,
      ...indexColumns(input, indicators),
      idealUnits: idealUnits === undefined ? indicators.idealUnits : idealUnits,
    };
    seq += 1;
    return {
      seq,
      entity: 'shift_indexes',
      entityKey: JSON.stringify({ lineID, shiftStart }),
      operation: 'upsert',
      payload: JSON.stringify(row),
      createdAt: seq,
    };
  };
  /** The row as an input of the roll-up, the way the edge rolls stored indexes up (sumIndicatorInputs). */
  const asInput = (row: OutboxRow): IndicatorInputs => {
    const r = JSON.parse(row.payload!);
    return {
      staffedMs: r.staffedTime,
      discountMs: r.discountTime,
      adjustedDiscountMs: r.adjustedDiscountTime,
      stopMs: r.stopTime,
      failureMs: r.failureTime,
      failureCount: r.failureCount,
      unitsProduced: r.productionQuantity,
      unitsDiscarded: r.discardQuantity,
      nominalUnitsPerMinute: null,
      idealUnits: r.idealUnits,
    };
  };

  // Buenos Aires: TM 06:00 local = 09:00Z. Madrid on the spring DST change (2026-03-29): TN of the 28th runs
  // 22:00 CET → 06:00 CEST, 7 hours.
  const BA_DAY = Date.parse('2026-03-02T09:00:00Z');
  const baRows = [
    shiftRow(1, BA_DAY, inputs({})),
    shiftRow(1, BA_DAY + 8 * HOUR, inputs({ unitsProduced: 30_000, stopMs: 2 * HOUR, failureCount: 6, adjustedDiscountMs: 25 * MIN })),
    shiftRow(1, BA_DAY + 16 * HOUR, inputs({ stopMs: 8 * HOUR, unitsProduced: 0, unitsDiscarded: 0 })),
    shiftRow(2, BA_DAY, inputs({ nominalUnitsPerMinute: 55, unitsProduced: 20_000, adjustedDiscountMs: 45 * MIN })),
    shiftRow(2, BA_DAY + 8 * HOUR, inputs({ unitsProduced: 38_000, discountMs: 0 })),
    shiftRow(2, BA_DAY + 24 * HOUR, inputs({ unitsProduced: 12_000 }), null),
  ];
  const madridTN = Date.parse('2026-03-28T21:00:00Z');
  const madridRows = [shiftRow(1, madridTN, inputs({ staffedMs: 7 * HOUR })), shiftRow(1, Date.parse('2026-03-29T04:00:00Z'), inputs({}))];

  beforeAll(async () => {
    await migrateCentral(central);
    await applyBatch(central, { plantId: 'ba', timeZone: 'America/Argentina/Buenos_Aires' }, baRows);
    await applyBatch(central, { plantId: 'madrid', timeZone: 'Europe/Madrid' }, madridRows);
  });

  it('line_shift_indicators: one row per line and shift, with the local shift and production day', async () => {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM oee.line_shift_indicators ORDER BY plant_id, line_id, shift_start`.execute(central);
    expect(rows).toHaveLength(8);
    const labels = await sql<{ plant_id: string; line_id: number; shift_code: string; day: string }>`SELECT plant_id, line_id, shift_code,
      production_day::text AS day FROM oee.line_shift_indicators ORDER BY plant_id, line_id, shift_start`.execute(central);
    expect(labels.rows.map((r) => `${r.plant_id} ${r.line_id} ${r.shift_code} ${r.day}`)).toEqual([
      'ba 1 TM 2026-03-02',
      'ba 1 TT 2026-03-02',
      'ba 1 TN 2026-03-02',
      'ba 2 TM 2026-03-02',
      'ba 2 TT 2026-03-02',
      'ba 2 TM 2026-03-03',
      'madrid 1 TN 2026-03-28',
      'madrid 1 TM 2026-03-29',
    ]);
    for (const [i, row] of rows.filter((r) => r.plant_id === 'ba').entries()) {
      expectClose(row, expectedColumns(computeIndicators(sumIndicatorInputs([asInput(baRows[i]!)]))), `ba row ${i}`);
    }
  });

  it("plant_shift_indicators and plant_day_indicators sum the lines' times and counts, then divide", async () => {
    const shifts = await sql<
      Record<string, unknown>
    >`SELECT * FROM oee.plant_shift_indicators WHERE plant_id = 'ba' ORDER BY shift_start`.execute(central);
    const starts = [BA_DAY, BA_DAY + 8 * HOUR, BA_DAY + 16 * HOUR, BA_DAY + 24 * HOUR];
    expect(shifts.rows.map((r) => (r.shift_start as Date).getTime())).toEqual(starts);
    for (const [i, start] of starts.entries()) {
      const parts = baRows.filter((row) => JSON.parse(row.payload!).shiftStart === start).map(asInput);
      expect(Number(shifts.rows[i]!.line_count)).toBe(parts.length);
      expectClose(shifts.rows[i]!, expectedColumns(computeIndicators(sumIndicatorInputs(parts))), `shift ${i}`);
    }
    const days = await sql<
      Record<string, unknown>
    >`SELECT * FROM oee.plant_day_indicators WHERE plant_id = 'ba' ORDER BY production_day`.execute(central);
    expect(days.rows).toHaveLength(2);
    expectClose(days.rows[0]!, expectedColumns(computeIndicators(sumIndicatorInputs(baRows.slice(0, 5).map(asInput)))), 'day 1');
    expect(days.rows[0]).toMatchObject({ line_count: '2', covered_line_count: '2' });
    // The second day's only line has a shift whose ideal units are unknown: throughput and OEE are unknown, not
    // guessed, and the day says it covers none of its lines.
    expect(days.rows[1]!.throughput).toBeNull();
    expect(days.rows[1]!.oee).toBeNull();
    expect(days.rows[1]!.utilization).not.toBeNull();
    expect(days.rows[1]).toMatchObject({ line_count: '1', covered_line_count: '0' });
  });

  it('a plant roll-up is never blank because one line is: OEE and throughput of the lines with a nominal speed, the rest of every line (rollUpIndicators)', async () => {
    const DAY = Date.parse('2026-04-06T09:00:00Z');
    const withSpeed = inputs({ nominalUnitsPerMinute: 55, unitsProduced: 20_000, stopMs: HOUR, failureCount: 2 });
    const withoutSpeed = inputs({ unitsProduced: 9_000, stopMs: 2 * HOUR, failureCount: 3 });
    const rows = [shiftRow(1, DAY, withSpeed), shiftRow(2, DAY, withSpeed), shiftRow(5, DAY, withoutSpeed, null)];
    await applyBatch(central, { plantId: 'coverage', timeZone: 'America/Argentina/Buenos_Aires' }, rows);
    const expected = rollUpIndicators(rows.map(asInput));
    expect(expected.indicators.oee).not.toBeNull();
    for (const view of ['plant_shift_indicators', 'plant_day_indicators']) {
      const { rows: found } = await sql<
        Record<string, unknown>
      >`SELECT * FROM ${sql.table(`oee.${view}`)} WHERE plant_id = 'coverage'`.execute(central);
      expect(found).toHaveLength(1);
      expect(found[0], view).toMatchObject({ line_count: '3', covered_line_count: '2' });
      expectClose(found[0]!, expectedColumns(expected.indicators), view);
    }
  });

  it("line_day_indicators roll a line's shifts of a production day up (never averaging the shifts' percentages)", async () => {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM oee.line_day_indicators WHERE plant_id = 'ba' AND line_id = 1`.execute(central);
    expect(rows).toHaveLength(1);
    const parts = baRows.slice(0, 3).map(asInput);
    const rolled = computeIndicators(sumIndicatorInputs(parts));
    expectClose(rows[0]!, expectedColumns(rolled), 'line 1 day');
    const averageOfOee = parts.map((p) => computeIndicators(p).oee!).reduce((a, b) => a + b, 0) / parts.length;
    expect(Math.abs((rows[0]!.oee as number) - averageOfOee)).toBeGreaterThan(0.01);
  });

  it('order_indicators: an order index with its order, ideal units from the nominal speed', async () => {
    const order = {
      order: '7-RP',
      op: '7',
      version: 0,
      lineID: 1,
      lot: 'L7',
      validation: 0,
      productCode: 'P1',
      productName: 'Uno',
      startDate: BA_DAY,
      endDate: BA_DAY + 6 * HOUR,
      desiredProductionQuantity: 1000,
      desiredProductionSpeed: null,
      productionQuantity: 0,
      discardQuantity: 0,
      adjustedDiscountTime: 0,
      status: 2,
      shiftStart: BA_DAY,
      createdBy: 'x',
      createDate: 1,
      updatedBy: null,
      updateDate: null,
    };
    const input = inputs({ staffedMs: 6 * HOUR, nominalUnitsPerMinute: 120, unitsProduced: 31_000, adjustedDiscountMs: 10 * MIN });
    const indicators = computeIndicators(input);
    const index = {
      order: '7-RP',
      lineID: 1,
      ...indexColumns(input, indicators),
      productionSpeed: indicators.unitsPerRuntimeMinute,
      nominalSpeed: 120,
      performance: 0.9,
      calculatedAt: 5,
    };
    await applyBatch(central, { plantId: 'ba', timeZone: 'America/Argentina/Buenos_Aires' }, [
      { seq: 100, entity: 'orders', entityKey: '{"order":"7-RP"}', operation: 'upsert', payload: JSON.stringify(order), createdAt: 100 },
      {
        seq: 101,
        entity: 'order_indexes',
        entityKey: '{"order":"7-RP"}',
        operation: 'upsert',
        payload: JSON.stringify(index),
        createdAt: 101,
      },
    ]);
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM oee.order_indicators WHERE plant_id = 'ba'`.execute(central);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_number: '7-RP', line_id: 1, product_code: 'P1', status: 2, lot: 'L7' });
    expectClose(rows[0]!, expectedColumns(indicators), 'order');
    expect(rows[0]!.oee as number).toBeCloseTo(index.oee!, 12);
  });

  it('in a database created before 0002, the views it has compute with the new formula once 0002 is applied', async () => {
    await withScratchDatabase('oee_upgrade', async (url) => {
      const db = openCentral(url);
      try {
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => centralMigrations },
          migrationTableSchema: CENTRAL_SCHEMA,
        });
        expect((await migrator.migrateTo('0001-central-schema')).error).toBeUndefined();
        const input = inputs({ adjustedDiscountMs: 30 * MIN });
        await applyBatch(db, { plantId: 'ba', timeZone: 'America/Argentina/Buenos_Aires' }, [shiftRow(1, BA_DAY, input)]);
        const read = async () => (await sql<Record<string, unknown>>`SELECT * FROM oee.line_shift_indicators`.execute(db)).rows;
        // 0001: the adjustment came out of the planned time only: 480 − 30 − 30 = 420 min planned, 375 min runtime.
        expect((await read())[0]).toMatchObject({ staffed_time_correct_ms: 420 * MIN, runtime_ms: 375 * MIN });
        expect(await migrateCentral(db)).toEqual(MIGRATIONS.slice(1));
        const rows = await read();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          ...expectedColumns(computeIndicators(input)),
          staffed_time_correct_ms: 420 * MIN,
          runtime_ms: 405 * MIN,
        });
      } finally {
        await db.destroy();
      }
    });
  });

  /** The line-day, plant-day and stop-day sums and the stored local days and shifts, next to the same figures computed
   * here from the live rows with the views' own expressions (0001, 0004): equal, to the last digit. */
  const expectSumsOfLiveRows = async (db: CentralDatabase) => {
    const localDay = (column: string) => sql.raw(`((${column} AT TIME ZONE p.time_zone) - interval '6 hours')::date`);
    // A shift's day is the one its edge stored with it (0016; 0016 gives the rows already there the day they had), else the zone's.
    const shiftDay = sql`coalesce(si.production_day_edge::date, ${localDay('si.shift_start')})`;
    const stored = await sql<{ n: string }>`SELECT count(*) AS n FROM oee.shift_indexes si JOIN oee.plants p USING (plant_id)
      WHERE si.production_day IS DISTINCT FROM ${shiftDay}
        OR si.shift_code IS DISTINCT FROM CASE extract(hour FROM si.shift_start AT TIME ZONE p.time_zone) WHEN 6 THEN 'TM' WHEN 14 THEN 'TT' WHEN 22 THEN 'TN' END`.execute(
      db,
    );
    expect(Number(stored.rows[0]!.n), 'shift indexes with another day or shift than their zone gives').toBe(0);
    // The views' sums (0001), written out here: the expected figures do not come from the code under test.
    const SUMS = `sum(production_quantity) AS production_quantity, sum(discard_quantity) AS discard_quantity,
      sum(staffed_time_ms) AS staffed_time_ms, sum(discount_time_ms) AS discount_time_ms, sum(adjusted_discount_time_ms) AS adjusted_discount_time_ms,
      sum(stop_time_ms) AS stop_time_ms, sum(failure_time_ms) AS failure_time_ms, sum(failure_count) AS failure_count,
      CASE WHEN bool_or(ideal_units IS NULL) THEN NULL ELSE sum(ideal_units) END AS ideal_units`;
    const figures = sql.raw(
      `production_quantity, discard_quantity, staffed_time_ms, discount_time_ms, adjusted_discount_time_ms, stop_time_ms, failure_time_ms, failure_count::int AS failure_count, ideal_units`,
    );
    const liveShifts = sql`SELECT si.plant_id, si.line_id, ${shiftDay} AS day, si.production_quantity, si.discard_quantity,
        si.staffed_time_ms, si.discount_time_ms, si.adjusted_discount_time_ms, si.stop_time_ms, si.failure_time_ms, si.failure_count,
        coalesce(si.ideal_units, CASE WHEN si.runtime_ms = 0 THEN 0 END) AS ideal_units
      FROM oee.shift_indexes si JOIN oee.plants p USING (plant_id) WHERE si.deleted_at IS NULL`;
    const lineDays =
      await sql`SELECT plant_id, line_id, production_day::text AS day, shift_count, ${figures} FROM oee.line_day_sums ORDER BY 1, 2, 3`.execute(
        db,
      );
    const expectedLineDays = await sql`SELECT plant_id, line_id, day, shift_count, ${figures} FROM (
        SELECT x.plant_id, x.line_id, x.day::text AS day, count(*)::int AS shift_count, ${sql.raw(SUMS)} FROM (${liveShifts}) x GROUP BY 1, 2, 3) s
      ORDER BY 1, 2, 3`.execute(db);
    const plantDays =
      await sql`SELECT plant_id, production_day::text AS day, line_count, shift_count, ${figures} FROM oee.plant_day_sums ORDER BY 1, 2`.execute(
        db,
      );
    const expectedPlantDays = await sql`SELECT plant_id, day, line_count, shift_count, ${figures} FROM (
        SELECT x.plant_id, x.day::text AS day, count(DISTINCT x.line_id)::int AS line_count, count(*)::int AS shift_count, ${sql.raw(SUMS)}
        FROM (${liveShifts}) x GROUP BY 1, 2) s
      ORDER BY 1, 2`.execute(db);
    expect(plantDays.rows).toEqual(expectedPlantDays.rows);
    expect(lineDays.rows).toEqual(expectedLineDays.rows);
    const stopDays =
      await sql`SELECT plant_id, line_id, production_day::text AS day, reason, path, stops::int AS stops, extract(epoch FROM lost)::float8 AS seconds
      FROM oee.stop_day_sums ORDER BY 1, 2, 3, 4, 5`.execute(db);
    const expectedStopDays =
      await sql`SELECT st.plant_id, st.line_id, ${localDay('st.start_date')}::text AS day, st.reason, st.path, count(*)::int AS stops,
        extract(epoch FROM sum(st.end_date - st.start_date))::float8 AS seconds
      FROM oee.stops st JOIN oee.plants p USING (plant_id)
      WHERE st.deleted_at IS NULL AND st.start_date IS NOT NULL AND st.end_date IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`.execute(db);
    expect(stopDays.rows).toEqual(expectedStopDays.rows);
    return {
      lineDays: lineDays.rows as Record<string, unknown>[],
      plantDays: plantDays.rows as Record<string, unknown>[],
      stopDays: stopDays.rows as Record<string, unknown>[],
    };
  };

  it('0005 keeps the local days and shifts and the line-day, plant-day and stop-day sums of the live rows: for rows from before it, after inserts, edits, late replays, tombstones, a change of zone and a bulk load', async () => {
    await withScratchDatabase('oee_day_sums', async (url) => {
      const db = openCentral(url);
      try {
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => centralMigrations },
          migrationTableSchema: CENTRAL_SCHEMA,
        });
        expect((await migrator.migrateTo('0004-central-portal')).error).toBeUndefined();
        const BA = { plantId: 'ba', timeZone: 'America/Argentina/Buenos_Aires' };
        const stop = (
          stopID: number,
          lineID: number,
          reason: string | null,
          start: number,
          end: number | null,
          version = ++seq,
        ): OutboxRow => ({
          seq: version,
          entity: 'stops',
          entityKey: JSON.stringify({ stopID }),
          operation: 'upsert',
          createdAt: version,
          payload: JSON.stringify({
            stopID,
            lineID,
            reason,
            path: reason && `No planificadas/Mecánica/${reason}`,
            startDate: start,
            endDate: end,
          }),
        });
        const removed = (entity: string, key: object): OutboxRow => ({
          seq: ++seq,
          entity,
          entityKey: JSON.stringify(key),
          operation: 'delete',
          payload: null,
          createdAt: seq,
        });
        // Before 0005: Buenos Aires' shifts and stops (one in progress); Madrid's across its DST night, a stop on each side of 06:00.
        await applyBatch(db, BA, [
          ...baRows,
          stop(1, 1, 'Atasco', BA_DAY + HOUR, BA_DAY + HOUR + 10 * MIN),
          stop(2, 1, 'Atasco', BA_DAY + 2 * HOUR, BA_DAY + 2 * HOUR + 5 * MIN),
          stop(3, 2, null, BA_DAY + 3 * HOUR, null),
        ]);
        const MADRID = { plantId: 'madrid', timeZone: 'Europe/Madrid' };
        await applyBatch(db, MADRID, [
          ...madridRows,
          stop(4, 1, 'Limpieza', Date.parse('2026-03-29T03:50:00Z'), Date.parse('2026-03-29T04:20:00Z')),
          stop(5, 1, 'Limpieza', Date.parse('2026-03-29T04:10:00Z'), Date.parse('2026-03-29T04:12:00Z')),
        ]);
        expect(await migrateCentral(db)).toEqual(MIGRATIONS.slice(MIGRATIONS.indexOf('0005-portal-day-sums')));
        // 0016: the rows already there keep the day they have, stored as their edge's.
        const unfilled = await sql<{ n: string }>`SELECT count(*) AS n FROM oee.shift_indexes
          WHERE production_day_edge IS DISTINCT FROM production_day::text`.execute(db);
        expect(Number(unfilled.rows[0]!.n), 'rows whose stored day is not the one they had').toBe(0);
        let sums = await expectSumsOfLiveRows(db);
        const labels = await sql<{
          label: string;
        }>`SELECT plant_id || ' ' || line_id || ' ' || shift_code || ' ' || production_day AS label FROM oee.shift_indexes ORDER BY plant_id, line_id, shift_start`.execute(
          db,
        );
        expect(labels.rows.map((r) => r.label)).toEqual([
          'ba 1 TM 2026-03-02',
          'ba 1 TT 2026-03-02',
          'ba 1 TN 2026-03-02',
          'ba 2 TM 2026-03-02',
          'ba 2 TT 2026-03-02',
          'ba 2 TM 2026-03-03',
          'madrid 1 TN 2026-03-28',
          'madrid 1 TM 2026-03-29',
        ]);
        expect(sums.lineDays.find((r) => r.plant_id === 'ba' && r.line_id === 1)).toMatchObject({
          day: '2026-03-02',
          shift_count: 3,
          production_quantity: 40_000 + 30_000 + 0,
        });
        expect(sums.plantDays.find((r) => r.plant_id === 'ba')).toMatchObject({
          day: '2026-03-02',
          line_count: 2,
          shift_count: 5,
          production_quantity: 40_000 + 30_000 + 0 + 20_000 + 38_000,
        });
        // 05:50 CEST is still the 28th's production day, 06:10 the 29th's; the stop in progress is not summed (read live).
        expect(sums.stopDays.map((r) => [r.plant_id, r.line_id, r.day, r.reason, r.stops, r.seconds])).toEqual([
          ['ba', 1, '2026-03-02', 'Atasco', 2, 15 * 60],
          ['madrid', 1, '2026-03-28', 'Limpieza', 1, 30 * 60],
          ['madrid', 1, '2026-03-29', 'Limpieza', 1, 2 * 60],
        ]);

        // After 0005, through the sync: a new shift and stop, an edited shift and stop (its minutes move to another
        // reason), tombstones of a shift and a stop, the stop in progress ended.
        const edited = shiftRow(1, BA_DAY, inputs({ unitsProduced: 41_000 }));
        await applyBatch(db, BA, [
          shiftRow(1, BA_DAY + 24 * HOUR, inputs({ unitsProduced: 5_000 })),
          edited,
          stop(1, 1, 'Rotura', BA_DAY + HOUR, BA_DAY + HOUR + 20 * MIN),
          stop(6, 1, 'Atasco', BA_DAY + 25 * HOUR, BA_DAY + 25 * HOUR + 4 * MIN),
          stop(3, 2, null, BA_DAY + 3 * HOUR, BA_DAY + 3 * HOUR + 7 * MIN),
          removed('stops', { stopID: 2 }),
          removed('shift_indexes', { lineID: 1, shiftStart: BA_DAY + 8 * HOUR }),
        ]);
        sums = await expectSumsOfLiveRows(db);
        expect(sums.lineDays.filter((r) => r.plant_id === 'ba' && r.line_id === 1)).toMatchObject([
          { day: '2026-03-02', shift_count: 2, production_quantity: 41_000 + 0 },
          { day: '2026-03-03', shift_count: 1, production_quantity: 5_000 },
        ]);
        expect(sums.plantDays.filter((r) => r.plant_id === 'ba')).toMatchObject([
          { day: '2026-03-02', line_count: 2, shift_count: 4, production_quantity: 41_000 + 0 + 20_000 + 38_000 },
          { day: '2026-03-03', line_count: 2, shift_count: 2, production_quantity: 5_000 + 12_000 },
        ]);
        expect(sums.stopDays.filter((r) => r.plant_id === 'ba').map((r) => [r.line_id, r.day, r.reason, r.stops, r.seconds])).toEqual([
          [1, '2026-03-02', 'Rotura', 1, 20 * 60],
          [1, '2026-03-03', 'Atasco', 1, 4 * 60],
          [2, '2026-03-02', null, 1, 7 * 60],
        ]);

        // Older versions arriving late change nothing; a tombstone of every stop of a group removes the group.
        await applyBatch(db, BA, [stop(1, 1, 'Atasco', BA_DAY, BA_DAY + HOUR, 1), { ...baRows[1]!, seq: 2 }]);
        expect(await expectSumsOfLiveRows(db)).toEqual(sums);
        await applyBatch(db, BA, [removed('stops', { stopID: 3 })]);
        expect((await expectSumsOfLiveRows(db)).stopDays.filter((r) => r.plant_id === 'ba')).toHaveLength(2);

        // Madrid's plant moved to UTC: its stops take the days of that zone, its shifts that zone's codes; the shifts keep
        // the day stored with them (0016: the day they had, as their edge keeps its own until it recalculates them).
        await applyBatch(db, { plantId: 'madrid', timeZone: 'UTC' }, [
          stop(7, 1, 'Limpieza', Date.parse('2026-03-30T10:00:00Z'), Date.parse('2026-03-30T10:01:00Z')),
        ]);
        sums = await expectSumsOfLiveRows(db);
        expect(sums.stopDays.filter((r) => r.plant_id === 'madrid').map((r) => [r.day, r.stops])).toEqual([
          ['2026-03-28', 2],
          ['2026-03-30', 1],
        ]);

        // A bulk load touching more line-days than a statement re-sums one by one: the plant is summed again whole.
        await sql`INSERT INTO oee.shift_indexes (plant_id, line_id, shift_start, production_quantity, staffed_time_ms, runtime_ms, ideal_units, row_version)
          SELECT 'ba', 3, timestamptz '2027-01-01 09:00+00' + d * interval '1 day', 100 + d, 28800000, 27000000, 150, 1 FROM generate_series(0, 1099) d`.execute(
          db,
        );
        sums = await expectSumsOfLiveRows(db);
        expect(sums.lineDays.filter((r) => r.plant_id === 'ba' && r.line_id === 3)).toHaveLength(1100);
      } finally {
        await db.destroy();
      }
    });
  });

  it('deleted rows leave the views', async () => {
    await applyBatch(central, { plantId: 'madrid', timeZone: 'Europe/Madrid' }, [
      {
        seq: 50,
        entity: 'shift_indexes',
        entityKey: JSON.stringify({ lineID: 1, shiftStart: madridTN }),
        operation: 'delete',
        payload: null,
        createdAt: 50,
      },
    ]);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM oee.line_shift_indicators WHERE plant_id = 'madrid'`.execute(
      central,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
