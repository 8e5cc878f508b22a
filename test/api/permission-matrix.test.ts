import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleId } from '../../edge/src/domain/roles';
import { accessFailures, type AccessCall } from '../support/access-check';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * Every endpoint × every role (and no token) gets the status SPEC.md section 6 implies. The expectations below are
 * written from the spec, not read from the code; a route the server registers without a line here fails the test,
 * so a new endpoint cannot ship without its permissions being stated.
 *
 * 'public': no token needed. 'any': every role, a token needed. Otherwise the roles allowed.
 */
const A = 1;
const S = 2;
const O = 3;
const C = 4;
type Expected = 'public' | 'any' | readonly RoleId[];

const MATRIX: Record<string, Expected> = {
  // Session and setup
  'POST /api/users/authenticate': 'public',
  'POST /api/users/isvalid': 'any',
  'POST /api/users/logout': 'any',
  // Passwords (issue 15): every user changes their own, signed with the current one.
  'POST /api/users/changePassword': 'any',
  'GET /api/setup/information': 'public',
  'POST /api/setup/configure': [A],
  'GET /api/openapi.json': 'public',
  // Technical users
  'GET /api/log/get': [A],
  'GET /api/log/info': [A],

  // Configuration tabs of the administrator (section 6): users, groups, sectors, resources, terminals, parameters.
  ...grid('/api/users', [A], [A]),
  ...grid('/api/notifications/groups', [A], [A]),
  'GET /api/notifications/groups/lookup': [A],
  ...grid('/api/notifications/schedules', [A], [A]),
  ...grid('/api/notifications/targets', [A], [A]),
  ...grid('/api/notifications/watchers', [A], [A]),
  // Telegram registration (section 7) is part of the Users tab: the administrator's.
  'GET /api/telegramUsers': [A],
  'POST /api/telegramUsers': [A],
  'POST /api/telegramUsers/all': [A],
  ...grid('/api/buildings', [A], [A]),
  ...grid('/api/sectors', [A], [A]),
  // The OEE menu (sectors, then lines) is for every role that sees a dashboard.
  'GET /api/buildings/lookup': 'any',
  'GET /api/sectors/lookup': 'any',
  ...grid('/api/Resources', [A], [A]),
  'GET /api/resources/tree': 'any',
  'GET /api/Resources/LookupResources': 'any',
  'GET /api/Resources/GetById/:line': 'any',
  'GET /api/resources/isIndicadorPorTurno': 'any',
  // The plant's clock (production day, shift) that screens take their "today" from.
  'GET /api/calendar/now': 'any',
  // Work calendars (issue 29): every screen may read them; administrators and supervisors change them.
  'GET /api/calendars': 'any',
  'GET /api/calendars/days': 'any',
  'PUT /api/calendars/plant': [A, S],
  'PUT /api/calendars/lines/:lineID': [A, S],
  'DELETE /api/calendars/lines/:lineID': [A, S],
  'GET /api/modules/enabled': 'any',
  ...grid('/api/terminals', [A], [A]),
  // Every terminal syncs itself by IP at start, whoever is logged in.
  'GET /api/terminals/syncronize/0': 'any',
  'GET /api/terminals/ip': 'any',
  // Every screen reads the refresh times; only the administrator changes them.
  'GET /api/parameters/get': 'any',
  'PUT /api/parameters/put': [A],
  ...grid('/api/opcservers', [A], [A]),
  'GET /api/opcservers/lookup': [A],
  ...grid('/api/tags', [A], [A]),
  // Live tags: the script preview and API keys are configuration; values may also come with an API server's key.
  'POST /api/tags/execute': [A],
  'POST /api/tags/values': [A],
  'POST /api/opcservers/:opcServerID/apikey': [A],
  'DELETE /api/opcservers/:opcServerID/apikey': [A],
  // The dashboard shows a line's tag status to every role; diagnostics are the administrator's (section 2).
  'GET /api/opcstatus/get': 'any',
  'GET /api/diagnostics/tagsupdates': [A],
  'GET /api/diagnostics/calculationtimes': [A],
  'GET /api/diagnostics/opcservers': [A],
  'GET /api/diagnostics/counters': [A],
  'GET /api/diagnostics/notifications': [A],
  'GET /api/diagnostics/above-nominal-speed': [A],
  // A full disk (issue 15): the disk's space for the administrator; the health answer for monitoring, without a session.
  'GET /api/diagnostics/storage': [A],
  'GET /api/health': 'public',
  // Replication to the central PostgreSQL is the administrator's to watch.
  'GET /api/sync/status': [A],

  // Supervisor tabs: the administrator sees them but only the supervisor writes (section 6).
  ...grid('/api/equipments', [A, S], [S]),
  'GET /api/equipments/stops': [A, S],
  'POST /api/equipments/stops': [S],
  'DELETE /api/equipments/stops': [S],
  // Operators recognize stops, so every role reads the reasons; only the supervisor manages the tree.
  ...grid('/api/stopreasons', 'any', [S]),
  'GET /api/stopreasons/rootlookup': 'any',
  'PUT /api/stopreasons/lines': [S],
  // The dashboard reads targets and products (/api/targets/get, /api/products/get are these lists).
  ...grid('/api/targets', 'any', [S]),
  ...grid('/api/products', 'any', [S]),
  'GET /api/products/lookup': 'any',
  'GET /api/products/getUnitById': 'any',
  'GET /api/products/lookupByLineAndDate': 'any',
  ...grid('/api/productspeeds', [A, S], [S]),
  // Validation orders: view supervisor, administrator, consultant; write supervisor. Preload: view S, A; write S.
  ...grid('/api/validatedOrder', [A, S, C], [S]),
  'POST /api/validatedOrder/deleteMany': [S],
  ...grid('/api/preContract', [A, S], [S]),

  // The dashboard (every role with a line): orders, indexes, stops, maintenance, production, overview.
  'GET /api/oeeindex': 'any',
  'GET /api/oeeindex/history': 'any',
  'GET /api/history/get': 'any',
  // Where the time went (issue 29): read like the indexes, on the dashboard's tile and the index pages.
  'GET /api/losses/waterfall': 'any',
  'GET /api/orders': 'any',
  'GET /api/stops': 'any',
  'GET /api/stops/getStopsSummary': 'any',
  'GET /api/maintenance': 'any',
  'GET /api/alerts/first': 'any',
  // Maintenance manager (issue 14): operators and supervisors call, start and finish (maintenance staff log in as
  // operators); closing a call as NoMtto is the supervisor's; the call reasons are a supervisor's configuration tab,
  // read by every caller; MTTR is read by every role with a line.
  'POST /api/maintenance/call': [S, O],
  'POST /api/maintenance/start': [S, O],
  'POST /api/maintenance/finish': [S, O],
  'POST /api/maintenance/close': [S],
  'GET /api/maintenance/mttr': 'any',
  'GET /api/maintenance/equipment': 'any',
  ...grid('/api/maintenance/reasons', 'any', [S]),
  'GET /api/production/summary': 'any',
  'GET /api/production/summary/order': 'any',
  // Production manager (feature module, lines with enableProductionManager): every role reads; supervisor and operator
  // declare lots and discards as the line packs its output; the wrapper types are the supervisor's configuration.
  'GET /api/production/orders': 'any',
  'GET /api/production/lots': 'any',
  'POST /api/production/lots': [S, O],
  'PUT /api/production/lots': [S, O],
  'DELETE /api/production/lots': [S, O],
  'GET /api/production/discards': 'any',
  'POST /api/production/discards': [S, O],
  'DELETE /api/production/discards': [S, O],
  ...grid('/api/production/wrapperTypes', 'any', [S]),
  'GET /api/resources/status/get': 'any',
  'GET /api/indicators/get': 'any',
  // The scoreboard (/tablero, issue 27): every role's session; without one, a terminal configured for the caller's
  // address (scoreboard.routes.test.ts), none here, so no token is 401.
  'GET /api/scoreboard': 'any',
  // Summary by sector: supervisor, consultant, administrator.
  'GET /api/indicators/sector': [A, S, C],
  // Reports: supervisor, consultant, administrator.
  'GET /api/reports/completeoaereport': [A, S, C],
  // Orders are planned by the supervisor; supervisor and operator run them on the line and validate them.
  'POST /api/orders': [S],
  'PUT /api/oeeindex/put': [S],
  'POST /api/orders/start': [S, O],
  'POST /api/orders/finish': [S, O],
  'PUT /api/oeeindex/validate': [S, O],
  // The order manager (issue 14): the supervisor makes an order from a preload order, edits one not started yet and
  // deletes one never run.
  'POST /api/orders/fromPreload': [S],
  'PUT /api/orders': [S],
  'DELETE /api/orders': [S],
  // 'Ajustar' is the supervisor's; recalculation the administrator's (both signed).
  'PUT /api/oeeindex/adjust': [S],
  'GET /api/OeeIndex/RecalculateAllOrders': [A],
  'GET /api/OeeIndex/RecalculateAllOrdersHistory': [A],
  // Stops: supervisor and operator recognize, modify and split; entering and changing manual stops likewise;
  // deleting a stop is the supervisor's.
  'POST /api/stops': [S, O],
  'PUT /api/stops': [S, O],
  'DELETE /api/stops': [S],
  'POST /api/stops/recognize': [S, O],
  'POST /api/stops/split': [S, O],
  // Stops managers (feature module, lines with enableStopsManager): the pages of supervisors and operators; their
  // writes are the stops calls above.
  'GET /api/stopsManager/lines': [S, O],
  'GET /api/stopsManager/stops': [S, O],
  // OPC UA security (issue 15): the edge's certificate and the servers' certificates are the administrator's.
  'GET /api/opcservers/certificate': [A],
  'GET /api/opcservers/certificate/download': [A],
  'GET /api/opcservers/certificates': [A],
  'POST /api/opcservers/certificates/trust': [A],
  'POST /api/opcservers/certificates/reject': [A],
};

/** The four grid calls of a resource: list with `read`, insert/update/delete with `write`. */
function grid(path: string, read: Expected, write: Expected): Record<string, Expected> {
  return { [`GET ${path}`]: read, [`POST ${path}`]: write, [`PUT ${path}`]: write, [`DELETE ${path}`]: write };
}

const ROLES: readonly RoleId[] = [A, S, O, C];

let t: TestEdge;
let tokens: Record<number, string>;
let routes: { method: string; path: string; key: string }[];

beforeAll(async () => {
  t = await startTestEdge();
  tokens = {};
  for (const role of ROLES) tokens[role] = (await t.userWithRole(role)).token;
  routes = t.edge.api.routes.flatMap(({ spec, paths }) =>
    paths.map((path) => ({ method: spec.method.toUpperCase(), path, key: `${spec.method.toUpperCase()} ${paths[0]}` })),
  );
});
afterAll(async () => {
  await t.close();
});

describe('permission matrix (SPEC.md section 6)', () => {
  it('states the permissions of every registered endpoint', () => {
    const unlisted = [...new Set(routes.map((r) => r.key))].filter((key) => !(key in MATRIX));
    expect(unlisted).toEqual([]);
  });

  it('every endpoint answers 401 without a token unless public, 403 to roles outside its list, and lets its roles through', async () => {
    const calls: AccessCall[] = routes.flatMap((route) => {
      const expected = MATRIX[route.key];
      if (!expected) return [];
      const anonymous: AccessCall = { ...route, caller: 'no session', allowed: expected === 'public', token: null };
      if (expected === 'public') return [anonymous];
      return [
        anonymous,
        ...ROLES.map((role): AccessCall => ({
          ...route,
          caller: `role ${role}`,
          allowed: expected === 'any' || expected.includes(role),
          // Logging out revokes the token; use a throw-away session for it.
          token: route.path.endsWith('/logout') ? async () => (await t.userWithRole(role)).token : tokens[role]!,
        })),
      ];
    });
    expect(await accessFailures(t.url, calls)).toEqual([]);
    // A hang guard only: every route is called as each role and without a session.
  }, 120_000);
});
