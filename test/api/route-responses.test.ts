import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PASSWORD, seedDemoPlant } from '../../edge/src/demo/demo-plant';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import type { RouteEntry, DeclaredRoute } from '../../edge/src/http/route-table';
import { allowedRoles, type RegisteredRoute } from '../../edge/src/http/api';
import type { CentralDatabase } from '../../sync/central/central-database';
import { PortalApi, registerPortalRoutes } from '../../portal/portal.routes';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The edge–UI contract (issue 28): every route declares what it answers (`response` in its declaration: a zod schema
 * of its JSON, 'none' for 204, 'file' for a download), /api/openapi.json shows it, and the app imports its type with
 * `z.infer`. A route added without one fails here. The answers of the edge's reads on a plant with a week of history
 * (those without parameters, and a list of calls with them) are checked against their schemas, so the type the app
 * imports is what it gets; portal/portal.test.ts checks the portal's.
 */

/**
 * Routes that answer no JSON of their own and so declare none: none left (a download declares 'file', a 204 'none').
 * Issue 28 found 149 of the edge's 187 routes without a declared answer; a route added without one fails here.
 */
const STILL_UNDECLARED: readonly string[] = [];

/**
 * The portal's routes without a declared answer: none left. portal/portal.test.ts checks their answers against their
 * schemas on a PostgreSQL fed by two edges.
 */
const PORTAL_STILL_UNDECLARED: readonly string[] = [];

const keyOf = ({ spec, paths }: RouteEntry<DeclaredRoute<unknown>>) => `${spec.method.toUpperCase()} ${paths[0]}`;

let t: TestEdge;
let tokens: Record<RoleId, string>;
beforeAll(async () => {
  t = await startTestEdge();
  // The demo's plant and its week of history, made by the engine; its users replace setup's administrator.
  const db = t.edge.plant.db!;
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('users').execute();
  await seedDemoPlant(db, { nowMs: Date.now(), timeZone: t.edge.plant.timeZone });
  const tokenOf = async (userID: string): Promise<string> =>
    (await t.call('POST', '/api/users/authenticate', { json: { userid: userID, password: DEMO_PASSWORD } })).body.token as string;
  tokens = {
    [ROLE.ADMINISTRATOR]: await tokenOf('admin'),
    [ROLE.SUPERVISOR]: await tokenOf('supervisor'),
    [ROLE.OPERATOR]: await tokenOf('operator'),
    [ROLE.CONSULTANT]: await tokenOf('consultant'),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('every route declares what it answers', () => {
  it("the edge's routes, but those still listed", () => {
    const undeclared = t.edge.api.routes.filter((route) => !route.spec.response).map(keyOf);
    console.log(`edge routes: ${t.edge.api.routes.length}, without a declared answer: ${undeclared.length}`);
    expect(undeclared.sort()).toEqual([...STILL_UNDECLARED].sort());
  });

  it("the portal's routes, but those still listed", () => {
    // Declaring the routes reads nothing of the database: the central copy is not needed to list them.
    const api = new PortalApi({} as CentralDatabase, pino({ enabled: false }));
    registerPortalRoutes(api);
    const undeclared = api.routes.filter((route) => !route.spec.response).map(keyOf);
    console.log(`portal routes: ${api.routes.length}, without a declared answer: ${undeclared.length}`);
    expect(undeclared.sort()).toEqual([...PORTAL_STILL_UNDECLARED].sort());
  });

  it('/api/openapi.json shows each declared answer', async () => {
    const document = (await t.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const missing = t.edge.api.routes
      // The document itself is registered after it is written, so it is the one route it does not show.
      .filter((route) => route.spec.response && route.paths[0] !== '/api/openapi.json')
      .filter(({ spec, paths }) => {
        const responses = document.paths[paths[0]!.replace(/:(\w+)/g, '{$1}')]?.[spec.method]?.responses ?? {};
        if (spec.response === 'none') return !responses['204'];
        if (spec.response === 'file') return !responses['200']?.content?.['application/octet-stream'];
        return !responses['200']?.content?.['application/json']?.schema;
      })
      .map(keyOf);
    expect(missing).toEqual([]);
  });
});

/** A token of a role the route admits (the administrator's when it admits every role). */
function tokenFor(route: RegisteredRoute): string | undefined {
  if (route.spec.access === 'public') return undefined;
  const roles = allowedRoles(route.spec.access);
  return tokens[roles.includes(ROLE.ADMINISTRATOR) ? ROLE.ADMINISTRATOR : roles[0]!];
}

describe('the answers match their declared schemas', () => {
  it("every read without parameters, on the demo's plant with a week of history", async () => {
    const checked: string[] = [];
    const mismatches: string[] = [];
    const rowsOf: Record<string, number> = {};
    for (const route of t.edge.api.routes) {
      const { spec, paths } = route;
      const path = paths[0]!;
      if (spec.method !== 'get' || path.includes(':') || !spec.response || typeof spec.response === 'string') continue;
      const answer = await t.call('GET', path, { token: tokenFor(route) });
      if (answer.status !== 200) continue;
      checked.push(path);
      const parsed = spec.response.safeParse(answer.body);
      if (!parsed.success) mismatches.push(`${path}: ${z.prettifyError(parsed.error).slice(0, 600)}`);
      const data = (answer.body as { data?: unknown } | null)?.data;
      if (Array.isArray(data)) rowsOf[path] = data.length;
    }
    expect(mismatches).toEqual([]);
    // The lists the app types most, each with rows to check: a week of the demo's stops, orders and shifts.
    for (const path of ['/api/stops', '/api/oeeindex', '/api/oeeindex/history', '/api/stopreasons', '/api/users', '/api/Resources'])
      expect(rowsOf[path], path).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThan(40);
  }, 120_000);

  it("the calls that need parameters, on the demo's first line and its last two days", async () => {
    const dayMs = 86_400_000;
    const signature = { user: 'admin', password: DEMO_PASSWORD };
    const calls: { method: 'GET' | 'POST'; path: string; query?: Record<string, string | number>; json?: unknown }[] = [
      { method: 'GET', path: '/api/resources/status/get', query: { lineID: 1 } },
      { method: 'GET', path: '/api/indicators/get', query: { lineID: 1 } },
      { method: 'GET', path: '/api/indicators/get', query: { lineID: 5 } },
      { method: 'GET', path: '/api/indicators/sector', query: { lines: '1,2' } },
      { method: 'GET', path: '/api/resources/isIndicadorPorTurno', query: { lineID: 1 } },
      { method: 'GET', path: '/api/products/getUnitById', query: { code: 'AGUA-500' } },
      { method: 'GET', path: '/api/production/orders', query: { line: 1 } },
      { method: 'GET', path: '/api/production/summary/order', query: { line: 1 } },
      {
        method: 'GET',
        path: '/api/production/summary',
        query: { line: 1, start: new Date(Date.now() - 2 * dayMs).toISOString(), end: new Date().toISOString() },
      },
      { method: 'GET', path: '/api/scoreboard', query: { line: 1 } },
      { method: 'GET', path: '/api/scoreboard', query: { sector: 1 } },
      { method: 'GET', path: '/api/OeeIndex/RecalculateAllOrders', query: signature },
      {
        method: 'GET',
        path: '/api/OeeIndex/RecalculateAllOrdersHistory',
        query: { ...signature, from: new Date(Date.now() - dayMs).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
      },
      { method: 'POST', path: '/api/validatedOrder/deleteMany', json: { orderIDs: ['not-a-validation-order'] } },
    ];
    const mismatches: string[] = [];
    for (const { method, path, query, json } of calls) {
      const route = t.edge.api.routes.find((entry) => entry.spec.method === method.toLowerCase() && entry.paths.includes(path))!;
      expect(route, path).toBeDefined();
      const roles = route.spec.access === 'public' ? [ROLE.ADMINISTRATOR] : allowedRoles(route.spec.access);
      const token = tokens[roles.includes(ROLE.ADMINISTRATOR) ? ROLE.ADMINISTRATOR : roles[0]!];
      const answer = await t.call(method, path, { token, query, json });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      if (typeof route.spec.response !== 'object') throw new Error(`${path} declares no JSON answer`);
      const parsed = route.spec.response.safeParse(answer.body);
      if (!parsed.success) mismatches.push(`${path}: ${z.prettifyError(parsed.error).slice(0, 600)}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
