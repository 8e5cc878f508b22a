import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import { insert, onSharedEdge, type RoleTokens } from '../support/module-fixtures';
import { openSession } from '../../edge/src/http/session';
import { documentedOperations, fuzzOperations, type FuzzCaller, type JsonSchema } from '../support/openapi-fuzz';
import { ROLE_USER_IDS, type TestEdge } from '../support/test-edge';

/**
 * Fuzzing from the API's own description (issue 15, "Hostile input"; the machinery: test/support/openapi-fuzz.ts):
 * every route and method of /api/openapi.json, called without a session and as each role, with generated inputs.
 * Every answer must be below 500; every refusal must be the documented error shape and leave every table as it was.
 * A few inputs per route and caller, more for the callers a route admits, one for the others.
 *
 * Routes with effects outside the database, handled rather than skipped:
 * - POST /api/users/logout revokes the caller's session: it is called with a throw-away session each time, so the
 *   role tokens of the other calls stay valid.
 * - POST /api/setup/configure: setup is done on this edge, so it can only be refused (409 to the administrator), which
 *   is what it must do after setup; the pending-setup path is tested in setup-and-login.
 * - PUT /api/parameters may turn directory sign-in on (enableDomainValidation with a generated domain): every later
 *   signature would then ask a directory that does not exist (503 directoryUnavailable, the environment's answer, not
 *   the input's). It is turned off again after each accepted write; test/api/directory-sign-in.test.ts covers it.
 * - There is no backup route (backups are the `backup` command and the scheduled job), so nothing to exclude.
 * Compared columns: every column of every table except `sessions`' sliding expiry, which each authenticated call
 * extends by design (refused ones included); its rows (token, user) are compared.
 */

const SEED = 1515;
/** Inputs per operation for a caller the route admits, and for one it refuses at the role check. */
const RUNS_ADMITTED = 4;
const RUNS_REFUSED = 1;

interface Caller extends FuzzCaller {
  /** The user the token belongs to (setup's `admin`, the others tokensForEveryRole's users). */
  userID: string | null;
}

const ROLE_NAMES: Record<RoleId, string> = { 1: 'administrator', 2: 'supervisor', 3: 'operator', 4: 'consultant' };

let t: TestEdge;
let tokens: RoleTokens;
onSharedEdge(async (edge, roleTokens) => {
  t = edge;
  tokens = roleTokens;
  // Something for the keys and references to find: a building, a sector, a line with every manager enabled.
  const building = await insert(t, '/api/buildings', { buildingName: 'Planta' });
  const sector = await insert(t, '/api/sectors', { sectorName: 'Envasado', buildingId: building.buildingId });
  await insert(t, '/api/Resources/PostResources', {
    lineID: 1,
    sectorID: sector.sectorID,
    description: 'Llenadora',
    enableStopsManager: true,
    enableProductionManager: true,
  });
});

/** A digest of every table's rows (sessions: token and user only, their sliding expiry moves on every call). */
async function databaseDigest(): Promise<Map<string, string>> {
  const db = t.edge.plant.db!;
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
  const digest = new Map<string, string>();
  for (const { name } of tables.rows) {
    const columns = name === 'sessions' ? sql.raw('tokenHash, userID') : sql.raw('*');
    const rows = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(name)} ORDER BY 1`.execute(db);
    digest.set(name, createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex'));
  }
  return digest;
}

/** Writes that take no body, and why. */
const WRITES_WITHOUT_BODY: Record<string, string> = {
  'post /api/users/isvalid': 'checks the session of the Authorization header',
  'post /api/users/logout': 'revokes the session of the Authorization header',
  'post /api/opcservers/{opcServerID}/apikey': 'the server is the path parameter',
  'delete /api/opcservers/{opcServerID}/apikey': 'the server is the path parameter',
  'delete /api/calendars/lines/{lineID}': 'the line is the path parameter',
};

describe('the OpenAPI document', () => {
  it("documents the body of every write; a grid's as `values` (its record) and `key`, as they are read", async () => {
    const documented = await documentedOperations(t.url);
    const undocumented = documented.filter(
      (operation) => operation.method !== 'get' && !operation.body && !(`${operation.method} ${operation.path}` in WRITES_WITHOUT_BODY),
    );
    expect(undocumented.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);

    const body = (method: string) =>
      documented.find((operation) => operation.path === '/api/sectors' && operation.method === method)!.body!;
    const valuesOf = (schema: JsonSchema) => schema.properties!.values!.anyOf!;
    // Insert: the record's fields (the generated sectorID left out) as an object, or as JSON text in a form field.
    expect(body('post').required).toEqual(['values']);
    expect(valuesOf(body('post'))[0]).toMatchObject({
      type: 'object',
      required: ['sectorName'],
      properties: { sectorName: { type: 'string' } },
    });
    expect(valuesOf(body('post'))[0]!.properties).not.toHaveProperty('sectorID');
    expect(valuesOf(body('post'))[1]).toMatchObject({ type: 'string' });
    // Update: the whole-number key and any of the fields; delete: the key.
    expect(body('put')).toMatchObject({ required: ['key', 'values'], properties: { key: { type: 'integer' } } });
    expect(valuesOf(body('put'))[0]!.required ?? []).toEqual([]);
    expect(body('delete')).toMatchObject({ required: ['key'], properties: { key: { type: 'integer' } } });
    expect(body('delete').properties).not.toHaveProperty('values');
  });
});

describe('fuzzing every route of /api/openapi.json', () => {
  it('no input, role or missing session gets a 500; every refusal is the error shape and changes no table', async () => {
    const documented = await documentedOperations(t.url);
    expect(documented.length).toBeGreaterThan(150);
    const roleCallers: Caller[] = ([ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT] as RoleId[]).map((role) => ({
      name: ROLE_NAMES[role],
      role: ROLE_NAMES[role],
      userID: role === ROLE.ADMINISTRATOR ? 'admin' : ROLE_USER_IDS[role],
      token: tokens[role],
    }));
    const callers: Caller[] = [{ name: 'no session', role: null, userID: null, token: null }, ...roleCallers];
    const { failures, calls, refusals } = await fuzzOperations({
      url: t.url,
      operations: documented,
      callers,
      seed: SEED,
      runsAdmitted: RUNS_ADMITTED,
      runsRefused: RUNS_REFUSED,
      digest: databaseDigest,
      // Logging out revokes the session it is called with: a throw-away one, never the caller's.
      tokenFor: async (operation, caller) => {
        const userID = (caller as Caller).userID;
        return operation.path === '/api/users/logout' && userID
          ? openSession(t.edge.plant.db!, userID, t.edge.plant.now(), '127.0.0.1')
          : undefined;
      },
      afterCall: async (operation, status) => {
        if (operation.path.startsWith('/api/parameters') && status === 200)
          await t.edge.plant.db!.updateTable('parameters').set({ enableDomainValidation: 0 }).execute();
      },
    });
    expect(failures).toEqual([]);
    // The inputs reach the handlers: most are refused, and some well-typed ones are answered.
    expect(refusals).toBeGreaterThan(calls / 2);
    expect(refusals).toBeLessThan(calls);
    // A hang guard only: some 1,900 calls, each role's session among them, on a machine CI may load.
  }, 300_000);
});
