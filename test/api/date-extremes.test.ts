import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insert, onSharedEdge } from '../support/module-fixtures';
import type { CallOptions, TestEdge } from '../support/test-edge';

/**
 * Dates at the edge of JavaScript's range (issue 26, point 9): '9999-12-31' and -8640000000000000 once answered 500
 * 'Invalid plant date' on six routes. Every route that reads a date answers them 400 with the supported range in the
 * message, and changes nothing.
 */
let t: TestEdge;
let supervisorToken: string;
onSharedEdge(async (edge) => {
  t = edge;
  supervisorToken = (await t.userWithRole(2, 'fechas-sup')).token;
  const { sectorID } = await insert(t, '/api/sectors', { sectorName: 'Envasado' });
  await insert(t, '/api/Resources/PostResources', {
    lineID: 1,
    sectorID,
    description: 'Llenadora',
    enableStopsManager: true,
    enableProductionManager: true,
    enableOrderManager: true,
  });
});

async function databaseDigest(): Promise<string> {
  const db = t.edge.plant.db!;
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('sessions') AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
    db,
  );
  const hash = createHash('sha256');
  for (const { name } of tables.rows)
    hash.update(JSON.stringify((await sql`SELECT * FROM ${sql.table(name)} ORDER BY 1`.execute(db)).rows));
  return hash.digest('hex');
}

const EXTREMES: (string | number)[] = [
  '9999-12-31',
  '9999-12-31T23:00:00Z',
  '10000-01-01',
  '+275760-09-13',
  '1899-12-31',
  '0000-01-01',
  -8640000000000000,
  8640000000000000,
  '-8640000000000000',
];

/** Each route with a date input, as a call given that date. */
const ROUTES: Record<string, (date: string | number) => [string, string, CallOptions]> = {
  'GET /api/maintenance/mttr from': (d) => ['GET', '/api/maintenance/mttr', { query: { from: String(d) } }],
  'GET /api/maintenance/mttr to': (d) => ['GET', '/api/maintenance/mttr', { query: { to: String(d) } }],
  'GET /api/reports/completeoaereport startDate': (d) => [
    'GET',
    '/api/reports/completeoaereport',
    { query: { line: '1', startDate: String(d) } },
  ],
  'GET /api/reports/completeoaereport endDate': (d) => [
    'GET',
    '/api/reports/completeoaereport',
    { query: { line: '1', endDate: String(d) } },
  ],
  'GET /api/indicators/get shiftStart': (d) => ['GET', '/api/indicators/get', { query: { lineID: '1', shiftStart: String(d) } }],
  'GET /api/history/get shiftStart': (d) => ['GET', '/api/history/get', { query: { lineID: '1', shiftStart: String(d) } }],
  'GET /api/production/summary end': (d) => [
    'GET',
    '/api/production/summary',
    { query: { line: '1', start: '2026-01-01', end: String(d) } },
  ],
  'GET /api/products/lookupByLineAndDate endDate': (d) => [
    'GET',
    '/api/products/lookupByLineAndDate',
    { query: { line: '1', startDate: '2026-01-01', endDate: String(d) } },
  ],
  'GET /api/stops/getStopsSummary endDate': (d) => [
    'GET',
    '/api/stops/getStopsSummary',
    { query: { line: '1', startDate: '2026-01-01', endDate: String(d) } },
  ],
  'GET /api/stops/get filter': (d) => ['GET', '/api/stops/get', { query: { filter: JSON.stringify(['startDate', '>', d]) } }],
  'POST /api/orders/start atDate': (d) => ['POST', '/api/orders/start', { json: { order: 'O-1', lineID: 1, atDate: String(d) } }],
  'POST /api/orders/finish atDate': (d) => ['POST', '/api/orders/finish', { json: { lineID: 1, atDate: String(d) } }],
  'POST /api/stops/post startDate': (d) => ['POST', '/api/stops/post', { json: { values: { lineID: 1, startDate: d } } }],
  'POST /api/stops/split newStart': (d) => [
    'POST',
    '/api/stops/split',
    { json: { stopID: 1, lineID: 1, newStart: d, username: 'fechas-sup', password: 'fechas-sup' } },
  ],
};

describe('dates outside the plant calendar', () => {
  it('are refused 400 with the supported range by every route that reads a date, and change nothing', async () => {
    const before = await databaseDigest();
    const wrong: string[] = [];
    for (const [name, route] of Object.entries(ROUTES)) {
      for (const date of EXTREMES) {
        const [method, path, options] = route(date);
        const answer = await t.call(method, path, { ...options, token: method === 'GET' ? t.adminToken : supervisorToken });
        const ok = answer.status === 400 && answer.body?.error?.code === 'validation' && !/Ha ocurrido un error/.test(answer.text);
        if (!ok) wrong.push(`${name} = ${date}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseDigest()).toBe(before);
  });

  it('says which date and which range, in Spanish by default and in English when asked', async () => {
    const es = await t.call('GET', '/api/maintenance/mttr', { token: t.adminToken, query: { from: '9999-12-31' } });
    expect(es.body.error.message).toBe('La fecha 9999-12-31 está fuera del rango admitido (1900-01-01 a 9998-12-31).');
    const en = await t.call('GET', '/api/stops/get', {
      token: t.adminToken,
      query: { filter: JSON.stringify(['startDate', '>', -8640000000000000]) },
      language: 'en',
    });
    expect(en.body.error.message).toBe('The date -8640000000000000 is outside the supported range (1900-01-01 to 9998-12-31).');
  });

  it('the last supported plant date is still answered', async () => {
    expect(
      (await t.call('GET', '/api/maintenance/mttr', { token: t.adminToken, query: { from: '9998-12-30', to: '9998-12-31' } })).status,
    ).toBe(200);
    expect(
      (
        await t.call('GET', '/api/stops/getStopsSummary', {
          token: t.adminToken,
          query: { line: '1', startDate: '9998-12-30', endDate: '9998-12-31' },
        })
      ).status,
    ).toBe(200);
  });
});
