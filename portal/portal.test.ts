import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCommandLine, type Settings } from '../edge/src/config';
import type { Database } from '../edge/src/db/database';
import { computeIndicators, rollUpIndicators, type IndicatorInputs } from '../edge/src/domain/oee';
import { plantDateTimeText } from '../edge/src/modules/reports/workbook';
import { plantNameOf, readOutboxBatch } from '../sync/edge-outbox';
import { editHistory, FIXTURE_TZ, openEdgeDatabase, runProduction, writeConfiguration } from '../test/support/sync/edge-fixture';
import { startTestPostgres, type TestPostgres } from '../test/support/sync/postgres';
import { applyBatch } from '../sync/central/apply-batch';
import { readOnly } from './portal-database';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * The central portal on a real PostgreSQL fed by two edges: Buenos Aires (no DST) and Madrid across the night its
 * clocks go forward (2026-03-29 02:00 → 03:00, so that night shift lasts 7 hours). The portal's figures are the
 * edges' own: a line's shift shows what its edge's shift index holds; a plant's day is the sum of its lines;
 * tombstones never show; analysts read, administrators also manage users; nothing writes plant data.
 */

const MADRID_TZ = 'Europe/Madrid';
/** 21:00 in Madrid (CET) the evening before the change; 14 hours of production cross it. */
const MADRID_START = Date.parse('2026-03-28T20:00:00Z');

let postgres: TestPostgres;
let portal: RunningPortal;
let dir: string;
const edges: Record<string, { db: Database; timeZone: string }> = {};
let admin: string;
let analyst: string;

async function call(method: string, path: string, options: { token?: string; json?: unknown; language?: string } = {}) {
  const response = await fetch(`${portal.url}${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      'Accept-Language': options.language ?? 'es',
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: body as any };
}

async function signIn(userid: string, password: string): Promise<{ token: string; mustChangePassword: boolean }> {
  const answer = await call('POST', '/api/users/authenticate', { json: { userid, password } });
  expect(answer.status).toBe(200);
  return answer.body;
}

function settingsFor(url: string): Settings {
  const parsed = parseCommandLine(['central', 'serve', '--port', '0', '--host', '127.0.0.1', '--log-level', 'silent'], {
    SYNC_DATABASE_URL: url,
  });
  if (parsed.kind !== 'run') throw new Error('settings');
  return parsed.settings;
}

async function replicate(plantId: string): Promise<void> {
  const rows = await readOutboxBatch(edges[plantId]!.db, 0, 1_000_000);
  await applyBatch(portal.db, { plantId, timeZone: edges[plantId]!.timeZone, name: await plantNameOf(edges[plantId]!.db) }, rows);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oee-portal-'));
  postgres = await startTestPostgres();
  const ba = await openEdgeDatabase(join(dir, 'ba.db'));
  await writeConfiguration(ba);
  const baEnd = await runProduction(ba, { hours: 20 });
  await editHistory(ba, baEnd);
  edges.ba = { db: ba, timeZone: FIXTURE_TZ };
  const madrid = await openEdgeDatabase(join(dir, 'madrid.db'));
  await writeConfiguration(madrid, MADRID_START);
  await runProduction(madrid, { hours: 14, fromMs: MADRID_START, timeZone: MADRID_TZ, seed: 3 });
  await madrid.updateTable('parameters').set({ plantName: 'Fábrica de Madrid' }).where('id', '=', 1).execute();
  edges.madrid = { db: madrid, timeZone: MADRID_TZ };

  portal = await startPortal({ settings: settingsFor(postgres.url), stdout: false });
  await replicate('ba');
  await replicate('madrid');

  // The first administrator signs in with the password shown once and must change it before anything else.
  const first = await signIn('admin', portal.firstPassword!);
  expect(first.mustChangePassword).toBe(true);
  expect((await call('GET', '/api/portal/plants', { token: first.token })).status).toBe(403);
  expect(
    (
      await call('POST', '/api/users/changePassword', {
        token: first.token,
        json: { currentPassword: portal.firstPassword, newPassword: 'nueva-clave-1' },
      })
    ).status,
  ).toBe(204);
  admin = first.token;
  const created = await call('POST', '/api/portal/users', {
    token: admin,
    json: { values: { userID: 'ana', firstName: 'Ana', lastName: 'Análisis', roleID: 2, password: 'temporal-1' } },
  });
  expect(created.status).toBe(200);
  const ana = await signIn('ana', 'temporal-1');
  await call('POST', '/api/users/changePassword', {
    token: ana.token,
    json: { currentPassword: 'temporal-1', newPassword: 'propia-clave-2' },
  });
  analyst = ana.token;
}, 240_000);

afterAll(async () => {
  await portal?.close();
  for (const edge of Object.values(edges)) await edge.db.destroy();
  await postgres?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('central portal figures', () => {
  it("shows each line's shift exactly as its edge's shift index, in the plant's own zone (7-hour shift at Madrid's DST change)", async () => {
    for (const [plantId, edge] of Object.entries(edges)) {
      const stored = await edge.db.selectFrom('shift_indexes').selectAll().execute();
      expect(stored.length).toBeGreaterThan(3);
      const answer = await call('GET', `/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=shift&level=line&plants=${plantId}`, {
        token: analyst,
      });
      expect(answer.status).toBe(200);
      const rows = answer.body.rows as Record<string, any>[];
      expect(rows).toHaveLength(stored.length);
      for (const index of stored) {
        const row = rows.find((r) => r.lineID === index.lineID && r.shiftStart === plantDateTimeText(index.shiftStart, edge.timeZone));
        expect(row, `${plantId} line ${index.lineID} ${index.shiftStart}`).toBeDefined();
        expect(row!.productionQuantity).toBe(index.productionQuantity);
        for (const indicator of ['utilization', 'throughput', 'acceptance', 'oee'] as const) {
          if (index[indicator] === null) expect(row![indicator]).toBeNull();
          else expect(row![indicator]).toBeCloseTo(index[indicator] as number, 12);
        }
      }
    }
    const madrid = await edges
      .madrid!.db.selectFrom('shift_indexes')
      .select(['shiftStart', 'shiftEnd'])
      .where('lineID', '=', 1)
      .orderBy('shiftStart')
      .execute();
    const night = madrid.find((shift) => plantDateTimeText(shift.shiftStart, MADRID_TZ) === '2026-03-28 22:00:00');
    expect(night && night.shiftEnd - night.shiftStart).toBe(7 * 3_600_000);
  });

  it("sums a plant's day from its lines (never averaging percentages), at every grain", async () => {
    for (const grain of ['day', 'week', 'month']) {
      const query = `from=2026-03-01&to=2026-03-31&grain=${grain}`;
      const plants = (await call('GET', `/api/portal/compare?${query}&level=plant`, { token: analyst })).body.rows as Record<string, any>[];
      const lines = (await call('GET', `/api/portal/compare?${query}&level=line`, { token: analyst })).body.rows as Record<string, any>[];
      expect(plants.length).toBeGreaterThan(0);
      for (const plant of plants) {
        const own = lines.filter((line) => line.plantId === plant.plantId && line.period === plant.period);
        for (const figure of ['productionQuantity', 'discardQuantity', 'staffedTime', 'runtime', 'stopTime'] as const) {
          expect(plant[figure]).toBeCloseTo(
            own.reduce((sum, line) => sum + line[figure], 0),
            9,
          );
        }
        // OEE of the sums: utilization × good units / ideal units, which is not the mean of the lines' OEE.
        expect(plant.utilization).toBeCloseTo(plant.runtime / Math.max(1e-9, plant.runtime + plant.stopTime), 6);
      }
    }
    const { rows } = await sql<{
      plant_id: string;
      production_day: string;
      oee: number | null;
    }>`SELECT plant_id, production_day::text, oee FROM oee.plant_day_indicators`.execute(portal.db);
    const days = (await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=day&level=plant', { token: analyst })).body
      .rows as Record<string, any>[];
    expect(days.map((d) => [d.plantId, d.period, d.oee])).toEqual(
      rows.map((r) => [r.plant_id, r.production_day, r.oee]).sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    );
  });

  it('never shows a tombstone: a deleted shift index, stop or product is nowhere', async () => {
    const deletedStops = await sql<{ n: string }>`SELECT count(*) AS n FROM oee.stops WHERE deleted_at IS NOT NULL`.execute(portal.db);
    expect(Number(deletedStops.rows[0]!.n)).toBeGreaterThan(0);
    const liveStops = await edges
      .ba!.db.selectFrom('stops')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const madridStops = await edges
      .madrid!.db.selectFrom('stops')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const losses = (await call('GET', '/api/portal/losses?from=2026-03-01&to=2026-03-31&pathLevel=2', { token: analyst })).body;
    expect(losses.byReason.reduce((sum: number, row: { stops: number }) => sum + row.stops, 0)).toBe(
      Number(liveStops.n) + Number(madridStops.n),
    );
    const shifts = (
      await call('GET', '/api/portal/compare?from=2026-03-01&to=2026-03-31&grain=shift&level=line&plants=ba', { token: analyst })
    ).body.rows;
    expect(shifts).toHaveLength((await edges.ba!.db.selectFrom('shift_indexes').select('lineID').execute()).length);
    const orders = (await call('GET', '/api/portal/orders?requireTotalCount=true&take=50', { token: analyst })).body;
    expect(orders.totalCount).toBe(3 + 3);
    const stops = (await call('GET', `/api/portal/orders/stops?plantId=ba&order=1001-RP`, { token: analyst })).body as { stopID: number }[];
    const edgeStops = await edges.ba!.db.selectFrom('stops').select('stopID').where('order', '=', '1001-RP').execute();
    expect(stops.map((s) => s.stopID).sort((a, b) => a - b)).toEqual(edgeStops.map((s) => s.stopID).sort((a, b) => a - b));
  });

  it('counts every live stop of the range in the losses, those in progress included (their minutes up to now)', async () => {
    const reference = async () =>
      (
        await sql<{ reason: string | null; stops: number; open: number; minutes: number }>`SELECT reason, count(*)::int AS stops,
        count(*) FILTER (WHERE end_date IS NULL)::int AS open, sum(lost_minutes)::float8 AS minutes
        FROM oee.stop_inputs WHERE production_day BETWEEN '2026-03-01' AND '2026-03-31' GROUP BY reason`.execute(portal.db)
      ).rows;
    const startedMs = Date.now();
    const before = await reference();
    const losses = (await call('GET', '/api/portal/losses?from=2026-03-01&to=2026-03-31&pathLevel=3', { token: analyst })).body;
    const after = await reference();
    const elapsedMinutes = (Date.now() - startedMs) / 60_000;
    expect(before.reduce((sum, row) => sum + row.open, 0)).toBeGreaterThan(0);
    const key = (reason: string | null) => reason ?? '';
    expect(losses.byReason.map((row: { reason: string | null; stops: number }) => [key(row.reason), row.stops]).sort()).toEqual(
      after.map((row) => [key(row.reason), row.stops]).sort(),
    );
    for (const row of losses.byReason as { reason: string | null; lostMinutes: number }[]) {
      const [was, is] = [before, after].map((rows) => rows.find((r) => key(r.reason) === key(row.reason))!);
      // Between the two readings, each stop in progress grew by the time that passed; ended stops did not change.
      expect(row.lostMinutes).toBeGreaterThanOrEqual(was!.minutes - 1e-6);
      expect(row.lostMinutes).toBeLessThanOrEqual(is!.minutes + 1e-6);
      expect(is!.minutes - was!.minutes).toBeLessThanOrEqual(is!.open * elapsedMinutes + 1e-6);
    }
  });

  it('shows each plant today and this week with the freshness of its data and its lines', async () => {
    const plants = (await call('GET', '/api/portal/plants?day=2026-03-02', { token: analyst })).body as Record<string, any>[];
    const ba = plants.find((p) => p.plantId === 'ba')!;
    expect(ba).toMatchObject({ timeZone: FIXTURE_TZ, day: '2026-03-02', weekStart: '2026-03-02' });
    // The plant's name as its edge sends it (plantName), else its buildings' names: more than the PLANT_ID key.
    expect(plants.find((p) => p.plantId === 'madrid')!.name).toBe('Fábrica de Madrid');
    expect(ba.name).toEqual(expect.stringContaining('Planta Norte'));
    expect(ba.today.productionQuantity).toBeGreaterThan(0);
    expect(ba.week.productionQuantity).toBeGreaterThanOrEqual(ba.today.productionQuantity);
    expect(ba.lastSeq).toBeGreaterThan(0);
    expect(ba.syncLagSeconds).toBeGreaterThanOrEqual(0);
    expect(ba.lines.map((l: { lineID: number }) => l.lineID)).toEqual([1, 2, 3]);
    const day = (await call('GET', '/api/portal/compare?from=2026-03-02&to=2026-03-02&grain=day&level=plant&plants=ba', { token: analyst }))
      .body.rows[0];
    expect([ba.today.oee, ba.today.utilization, ba.today.productionQuantity]).toEqual([day.oee, day.utilization, day.productionQuantity]);
  });

  it("covers the lines with a nominal speed in a plant's OEE and throughput and says how many of how many: one line without a speed never blanks the plant", async () => {
    // A plant of its own: lines 1 and 2 with a nominal speed, line 5 (manual, no speed) with runtime, on 2026-04-06.
    const HOUR = 3_600_000;
    const start = Date.parse('2026-04-06T09:00:00Z');
    const input = (units: number, ideal: number | null): IndicatorInputs => ({
      staffedMs: 8 * HOUR,
      discountMs: 0,
      adjustedDiscountMs: 0,
      stopMs: HOUR,
      failureMs: HOUR,
      failureCount: 2,
      unitsProduced: units,
      unitsDiscarded: 10,
      nominalUnitsPerMinute: null,
      idealUnits: ideal,
    });
    const parts = { 1: input(20_000, 25_000), 2: input(30_000, 28_000), 5: input(4_000, null) };
    const rows = Object.entries(parts).map(([lineID, part], i) => {
      const indicators = computeIndicators(part);
      const payload = {
        lineID: Number(lineID),
        shiftStart: start,
        shiftEnd: start + 8 * HOUR,
        discountShift: 0,
        closed: 1,
        calculatedAt: start + 8 * HOUR,
        productionQuantity: part.unitsProduced,
        discardQuantity: part.unitsDiscarded,
        staffedTime: part.staffedMs,
        discountTime: 0,
        adjustedDiscountTime: 0,
        staffedTimeCorrect: indicators.staffedTimeCorrectMs,
        runtime: indicators.runtimeMs,
        stopTime: part.stopMs,
        failureTime: part.failureMs,
        failureCount: part.failureCount,
        utilization: indicators.utilization,
        throughput: indicators.throughput,
        acceptance: indicators.acceptance,
        oee: indicators.oee,
        mtbf: indicators.mtbfMinutes,
        mttr: indicators.mttrMinutes,
        idealUnits: part.idealUnits,
      };
      return {
        seq: i + 1,
        entity: 'shift_indexes',
        entityKey: JSON.stringify({ lineID: Number(lineID), shiftStart: start }),
        operation: 'upsert' as const,
        payload: JSON.stringify(payload),
        createdAt: i + 1,
      };
    });
    await applyBatch(portal.db, { plantId: 'cover', timeZone: FIXTURE_TZ }, rows);
    const expected = rollUpIndicators(Object.values(parts)).indicators;
    expect(expected.oee).not.toBeNull();
    const plants = (await call('GET', '/api/portal/plants?day=2026-04-06', { token: analyst })).body as Record<string, any>[];
    const cover = plants.find((p) => p.plantId === 'cover')!;
    for (const period of [cover.today, cover.week]) {
      expect(period).toMatchObject({ lineCount: 3, coveredLines: 2, aboveNominalSpeed: false });
      expect(period.oee).toBeCloseTo(expected.oee!, 12);
      expect(period.throughput).toBeCloseTo(expected.throughput!, 12);
      expect(period.utilization).toBeCloseTo(expected.utilization!, 12);
    }
    // Line 2 ran above its nominal speed (30,000 units against 28,000 ideal): kept, and flagged.
    const lines = (
      await call('GET', '/api/portal/compare?from=2026-04-06&to=2026-04-06&grain=day&level=line&plants=cover', { token: analyst })
    ).body.rows as Record<string, any>[];
    expect(lines.map((line) => [line.lineID, line.aboveNominalSpeed])).toEqual([
      [1, false],
      [2, true],
      [5, false],
    ]);
    for (const grain of ['shift', 'day', 'week', 'month']) {
      const answer = (
        await call('GET', `/api/portal/compare?from=2026-04-06&to=2026-04-06&grain=${grain}&level=plant&plants=cover`, { token: analyst })
      ).body;
      for (const row of [...answer.rows, ...answer.totals]) {
        expect(row, grain).toMatchObject({ lineCount: 3, coveredLines: 2 });
        expect(row.oee, grain).toBeCloseTo(expected.oee!, 12);
      }
    }
  });

  it('exports every table to Excel with the figures shown on screen', async () => {
    const query = 'from=2026-03-01&to=2026-03-31&grain=day&level=line';
    const shown = (await call('GET', `/api/portal/compare?${query}`, { token: analyst, language: 'en' })).body.rows as Record<
      string,
      any
    >[];
    const file = await call('GET', `/api/portal/compare/export?${query}`, { token: analyst, language: 'en' });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.getWorksheet('Comparison')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('OEE');
    const oeeColumn = header.indexOf('OEE') + 1;
    expect(sheet.rowCount - 1).toBe(shown.length);
    shown.forEach((row, i) => expect(sheet.getRow(i + 2).getCell(oeeColumn).value).toBe(row.oee));
    for (const path of [
      '/api/portal/losses/export?from=2026-03-01&to=2026-03-31',
      '/api/portal/orders/export',
      '/api/portal/plants/export?day=2026-03-02',
    ]) {
      const answer = await call('GET', path, { token: analyst });
      expect(answer.status, path).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(answer.body);
      expect(book.worksheets.length).toBeGreaterThan(0);
    }
  });

  it('refuses bad ranges with a clear error in both languages', async () => {
    const es = await call('GET', '/api/portal/compare?from=2024-01-01&to=2026-03-31&grain=shift', { token: analyst });
    expect(es.status).toBe(400);
    expect(es.body.error.message).toBe('El rango admite como máximo 93 días.');
    const en = await call('GET', '/api/portal/compare?from=2026-03-31&to=2026-03-01', { token: analyst, language: 'en' });
    expect(en.status).toBe(400);
    expect((await call('GET', '/api/portal/compare?from=2026-02-30&to=2026-03-01', { token: analyst })).status).toBe(400);
    expect((await call('GET', '/api/portal/losses?from=x&to=y&pathLevel=9', { token: analyst })).status).toBe(400);
    const lastDay = await call('GET', '/api/portal/compare?from=9999-12-31&to=9999-12-31', { token: analyst });
    expect(lastDay.status).toBe(400);
  });

  it('refuses a NUL character in any text and a text operator on a number column before PostgreSQL sees them (once 500s 22021 and 42883)', async () => {
    const before = await call('GET', '/api/portal/orders?requireTotalCount=true', { token: analyst });
    const nul = encodeURIComponent('\u0000');
    const withNul = [
      `/api/portal/orders?filter=${encodeURIComponent(JSON.stringify(['productName', 'contains', 'a\u0000b']))}`,
      `/api/portal/orders?plants=ba${nul}`,
      `/api/portal/compare?from=2026-03-01&to=2026-03-02&plants=${nul}`,
      `/api/portal/orders/stops?plantId=ba${nul}&order=1`,
    ];
    for (const path of withNul) {
      const answer = await call('GET', path, { token: analyst });
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.message, path).toMatch(/carácter nulo \(NUL\)/);
    }
    const signIn = await call('POST', '/api/users/authenticate', { json: { userid: 'ana\u0000', password: 'x' }, language: 'en' });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.message).toMatch(/^The \w+ field contains a null character \(NUL\), which is not accepted.$/);
    for (const operator of ['contains', 'notcontains', 'startswith', 'endswith']) {
      const answer = await call('GET', `/api/portal/orders?filter=${encodeURIComponent(JSON.stringify(['lineID', operator, '1']))}`, {
        token: analyst,
      });
      expect(answer.status, operator).toBe(400);
      expect(answer.body.error.message).toBe(`El filtro no es válido: ${operator} solo se aplica a columnas de texto, y lineID no lo es.`);
    }
    // Text columns keep their text operators; nothing changed.
    expect(
      (
        await call('GET', `/api/portal/orders?filter=${encodeURIComponent(JSON.stringify(['productName', 'contains', 'a']))}`, {
          token: analyst,
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/api/portal/orders?requireTotalCount=true', { token: analyst })).body.totalCount).toBe(
      before.body.totalCount,
    );
  });
});

describe("the portal's answers", () => {
  it('match the schema each route declares (the types the app imports), at every level and grain', async () => {
    const range = 'from=2026-03-01&to=2026-03-31';
    const orders = await call('GET', `/api/portal/orders?${range}&requireTotalCount=true&take=50`, { token: analyst });
    const order = (orders.body.data as { plantId: string; order: string }[])[0]!;
    const paths = [
      '/api/portal/plants',
      '/api/portal/plants?day=2026-03-02',
      ...['shift', 'day', 'week', 'month'].flatMap((grain) =>
        ['plant', 'sector', 'line'].map((level) => `/api/portal/compare?${range}&grain=${grain}&level=${level}`),
      ),
      `/api/portal/losses?${range}&pathLevel=3`,
      `/api/portal/waterfall?plant=ba&${range}`,
      `/api/portal/waterfall?plant=ba&lineID=1&${range}`,
      `/api/portal/waterfall?plant=nowhere&${range}`,
      `/api/portal/orders?${range}&requireTotalCount=true&take=50`,
      `/api/portal/orders/stops?plantId=${order.plantId}&order=${encodeURIComponent(order.order)}`,
      '/api/portal/users?requireTotalCount=true',
    ];
    const mismatches: string[] = [];
    for (const path of paths) {
      const route = portal.api.routes.find((entry) => entry.spec.method === 'get' && entry.paths.includes(path.split('?')[0]!))!;
      const answer = await call('GET', path, { token: admin });
      expect(answer.status, path).toBe(200);
      if (typeof route.spec.response !== 'object') throw new Error(`${path} declares no JSON answer`);
      const parsed = route.spec.response.safeParse(answer.body);
      if (!parsed.success) mismatches.push(`${path}: ${z.prettifyError(parsed.error).slice(0, 600)}`);
    }
    expect(mismatches).toEqual([]);
    expect(orders.body.data.length).toBeGreaterThan(0);
  });
});

describe('central portal access', () => {
  it('lets analysts read and only administrators manage users; every call but sign-in needs a session', async () => {
    for (const path of ['/api/portal/plants', '/api/portal/compare?from=2026-03-01&to=2026-03-02', '/api/portal/orders']) {
      expect((await call('GET', path)).status).toBe(401);
      expect((await call('GET', path, { token: analyst })).status).toBe(200);
      expect((await call('GET', path, { token: admin })).status).toBe(200);
    }
    expect((await call('GET', '/api/portal/users', { token: analyst })).status).toBe(403);
    expect(
      (
        await call('POST', '/api/portal/users', {
          token: analyst,
          json: { values: { userID: 'x', firstName: 'x', lastName: 'x', roleID: 1, password: 'password-1' } },
        })
      ).status,
    ).toBe(403);
    const list = await call('GET', '/api/portal/users?requireTotalCount=true', { token: admin });
    expect(list.body.totalCount).toBe(2);
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|"password"/i);
    // The last active administrator stays one.
    const demote = await call('PUT', '/api/portal/users', { token: admin, json: { key: 'admin', values: { roleID: 2 } } });
    expect(demote.body.error.message).toBe('Debe quedar al menos un administrador activo.');
    expect((await call('DELETE', '/api/portal/users', { token: admin, json: { key: 'admin' } })).status).toBe(409);
  });

  it("lists, pages, filters and sorts its users through the edge's grid engine on PostgreSQL, and keeps their rules", async () => {
    const names = ['Beatriz', 'Carlos', 'Diana', 'Esteban', 'Fabián'];
    for (const [i, firstName] of names.entries()) {
      const created = await call('POST', '/api/portal/users', {
        token: admin,
        json: { values: { userID: `pag${i}`, firstName, lastName: 'Paginado', roleID: 2, password: `temporal-${i}-x` } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ userID: `pag${i}`, firstName, active: true, mustChangePassword: true, updatedBy: 'admin' });
    }
    const page = async (query: string) => (await call('GET', `/api/portal/users?${query}`, { token: admin })).body;
    const filter = encodeURIComponent(JSON.stringify(['lastName', 'contains', 'Paginado']));
    const sort = encodeURIComponent(JSON.stringify([{ selector: 'firstName', desc: true }]));
    // Filtered, sorted by name descending, the second page of two, with the total.
    const second = await page(`filter=${filter}&sort=${sort}&skip=2&take=2&requireTotalCount=true`);
    expect(second.totalCount).toBe(5);
    expect(second.data.map((user: { firstName: string }) => user.firstName)).toEqual(['Diana', 'Carlos']);
    // Skipped without a page size: the rest of the list (an OFFSET alone on PostgreSQL).
    const rest = await page(`filter=${filter}&sort=${sort}&skip=3`);
    expect(rest.data.map((user: { firstName: string }) => user.firstName)).toEqual(['Carlos', 'Beatriz']);
    // Never a password hash; a filter on a column the grid does not offer is refused.
    expect(JSON.stringify(await page('take=50'))).not.toMatch(/scrypt|"password(Hash)?"/i);
    expect((await call('GET', `/api/portal/users?filter=${encodeURIComponent('["passwordHash","=","x"]')}`, { token: admin })).status).toBe(
      400,
    );
    // A name another user has, in any case, is refused; so is a user without a password; nothing is stored.
    const duplicate = await call('POST', '/api/portal/users', {
      token: admin,
      json: { values: { userID: 'PAG0', firstName: 'Otra', roleID: 2, password: 'temporal-9-x' } },
    });
    expect(duplicate.status).toBe(409);
    const noPassword = await call('POST', '/api/portal/users', {
      token: admin,
      json: { values: { userID: 'pag9', firstName: 'Sin', roleID: 2 } },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields.password).toBeDefined();
    expect((await page(`filter=${filter}&requireTotalCount=true`)).totalCount).toBe(5);
    // The key never changes; a new password is temporary and ends the user's sessions.
    expect((await call('PUT', '/api/portal/users', { token: admin, json: { key: 'pag0', values: { userID: 'otro' } } })).status).toBe(400);
    const session = await signIn('pag1', 'temporal-1-x');
    expect((await call('POST', '/api/users/isvalid', { token: session.token })).status).toBe(200);
    const reset = await call('PUT', '/api/portal/users', {
      token: admin,
      json: { key: 'pag1', values: { password: 'temporal-1-y', lastName: 'Nuevo' } },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ userID: 'pag1', lastName: 'Nuevo', mustChangePassword: true });
    expect((await call('POST', '/api/users/isvalid', { token: session.token })).status).toBe(401);
    expect((await call('PUT', '/api/portal/users', { token: admin, json: { key: 'nadie', values: { firstName: 'x' } } })).status).toBe(404);
    for (const i of names.keys())
      expect((await call('DELETE', '/api/portal/users', { token: admin, json: { key: `pag${i}` } })).status).toBe(204);
    expect((await page(`filter=${filter}&requireTotalCount=true`)).totalCount).toBe(0);
  });

  it('has no route that writes plant data, refuses any write outside its users, and reads in read-only transactions', async () => {
    const writes = portal.api.routes.filter((route) => route.spec.method !== 'get').flatMap((route) => route.paths);
    expect(writes.every((path) => path.startsWith('/api/users/') || path === '/api/portal/users')).toBe(true);
    for (const [method, path] of [
      ['POST', '/api/portal/orders'],
      ['PUT', '/api/portal/plants'],
      ['DELETE', '/api/portal/compare'],
      ['POST', '/api/stops'],
      ['PUT', '/api/shiftindexes'],
    ]) {
      const answer = await call(method!, path!, { token: admin, json: {} });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.body.error.code).toBe('readOnly');
    }
    await expect(readOnly(portal.db, (trx) => sql`DELETE FROM oee.stops`.execute(trx))).rejects.toThrow(/read-only transaction/);
  });
});
