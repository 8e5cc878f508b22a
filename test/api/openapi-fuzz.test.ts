import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import { insert, onSharedEdge, type RoleTokens } from '../../edge/src/modules/common/test-fixtures';
import { openSession } from '../../edge/src/http/session';
import { ROLE_USER_IDS, type TestEdge } from '../support/test-edge';

/**
 * Fuzzing from the API's own description (issue 15, "Hostile input"): every route and method of /api/openapi.json,
 * called without a session and as each role, with generated query, path and body inputs — missing, wrong-typed, huge,
 * negative, unicode and malformed — besides well-typed ones that reach the handlers' own rules. Every answer must be
 * below 500; every refusal must be the documented error shape (`{ error: { code, message } }`, JSON, no HTML, no stack
 * trace, no file path) and leave every table as it was.
 *
 * Deterministic (fast-check with a fixed seed per operation) and bounded: a few inputs per route and caller, more for
 * the callers a route admits (their inputs get past the role check), one for the others.
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

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

interface Operation {
  method: string;
  path: string;
  roles: string[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface Caller {
  name: string;
  role: RoleId | null;
  /** The user the token belongs to (setup's `admin`, the others tokensForEveryRole's users). */
  userID: string | null;
  token: string | null;
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
  await insert(t, '/api/Resources/PostResources', { lineID: 1, sectorID: sector.sectorID, description: 'Llenadora', enableStopsManager: true, enableProductionManager: true });
});

// ——— generated inputs ———

const HUGE = 'Ω'.repeat(50_000);
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    '-1',
    '-99999999999999999999',
    '1e308',
    '1e20',
    '0x10',
    ' 3 ',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '{"a":',
    '[[[[',
    '["x","=",',
    "' OR 1=1 --",
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    '//@oee \u2028',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ñandú 日本語 🏭',
    '\uD800',
    '2026-02-30T25:61:00Z',
    '9999-12-31T23:59:59Z',
    HUGE,
    -1,
    -(2 ** 31),
    2 ** 53,
    1e308,
    -0,
    0.5,
    true,
    false,
    null,
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'key', 'values', 'lineID'), hostileScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`) as unknown) },
);

/** A value of the documented type, within its documented bounds when there are some (so handlers' own rules run). */
function typedValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostileScalar;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => typedValue(choice, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -1e6), max: Math.min(schema.maximum ?? 50, 1e9) });
    case 'number':
      return fc.double({ min: Math.max(schema.minimum ?? -5, -1e6), max: Math.min(schema.maximum ?? 50, 1e9), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 20)) });
    case 'array':
      return fc.array(typedValue(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** Each documented field typed, hostile or missing. */
function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 });
  const field = (property: JsonSchema) => fc.oneof({ weight: 3, arbitrary: typedValue(property, depth) }, { weight: 2, arbitrary: hostileValue });
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, field(property)])), { requiredKeys: [] });
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; contentType: string; text: string };

const bodyOf = (schema: JsonSchema | null): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 4, arbitrary: objectOf(schema ?? {}).map((value): Body => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: objectOf(schema ?? {}).map((value): Body => ({ kind: 'form', value })) },
    { weight: 1, arbitrary: hostileValue.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'none' },
        { kind: 'raw', contentType: 'application/json', text: '{"values": {"a": ' },
        { kind: 'raw', contentType: 'application/json', text: 'null' },
        { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'values=%7B%22a&key=%E0%A4%A&values=2' },
        { kind: 'raw', contentType: 'text/plain', text: 'values={}' },
        { kind: 'raw', contentType: 'application/xml', text: '<values/>' },
      ),
    },
  );

const PATH_VALUES = ['1', '0', '-1', '1e20', '99999999999999999999', 'abc', '..', 'ñ', '🏭', ' ', '%', '%E0%A4%A', 'x'.repeat(3_000)];

interface Input {
  query: [string, string][];
  pathValues: Record<string, string>;
  body: Body;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));
/**
 * Query values are cut to 1,500 characters so that the request line, escaped, stays under Node's 16 KB header limit
 * and the inputs reach the handlers (beyond it the parser answers 431, tested in edge/src/http/client-errors.test.ts).
 */
const queryText = (value: unknown): string => asText(value).slice(0, 1_500);

function inputOf(operation: Operation): fc.Arbitrary<Input> {
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryValue = (schema: JsonSchema) => fc.oneof(typedValue(schema), hostileValue).map(queryText);
  const query = fc
    .tuple(
      fc.record(Object.fromEntries(queryParams.map((parameter) => [parameter.name, queryValue(parameter.schema)])), { requiredKeys: [] }),
      // A parameter given twice arrives as a list; an undocumented one must be ignored or refused.
      fc.option(fc.tuple(fc.constantFrom(...queryParams.map((parameter) => parameter.name), 'values', 'key', 'zzz'), fc.array(hostileScalar.map(queryText), { minLength: 1, maxLength: 2 }))),
    )
    .map(([named, extra]) => {
      const pairs = Object.entries(named).filter((pair): pair is [string, string] => pair[1] !== undefined);
      if (extra) for (const value of extra[1]) pairs.push([extra[0], value]);
      return pairs;
    });
  const pathValues = fc.record(Object.fromEntries(pathParams.map((parameter) => [parameter.name, fc.constantFrom(...PATH_VALUES)])));
  const body = operation.method === 'get' ? fc.constant<Body>({ kind: 'none' }) : bodyOf(operation.body);
  return fc.record({ query, pathValues, body });
}

// ——— calls and checks ———

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(operation: Operation, input: Input, token: string | null): Promise<{ answer: Answer; described: string }> {
  // Path values go in as they are when they are (broken) escapes on purpose, else escaped.
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.pathValues[name] ?? '1';
    return value.startsWith('%') ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams(input.query).toString();
  const url = `${t.url}${path}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  const given = input.body;
  if (given.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(given.value) ?? 'null';
  } else if (given.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(given.value).map(([name, value]) => [name, asText(value)])).toString();
  } else if (given.kind === 'raw') {
    headers['content-type'] = given.contentType;
    body = given.text;
  }
  const response = await fetch(url, { method: operation.method.toUpperCase(), headers, body });
  const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  const described = `${operation.method.toUpperCase()} ${path.slice(0, 120)}${search ? `?${search.slice(0, 200)}` : ''} body ${given.kind}: ${(body ?? '').slice(0, 200)}`;
  return { answer, described };
}

/** What is wrong with a refusal's answer, or null when it is the documented error shape. */
function malformedRefusal(answer: Answer): string | null {
  if (!answer.contentType.includes('application/json')) return `not JSON (${answer.contentType})`;
  if (/<html|<!doctype|\bat\s+\S+\s*\(?\S*\.(?:js|ts|mjs|cjs):\d+|node_modules|\/work\/|\/tmp\//i.test(answer.text)) return 'HTML, a stack trace or a file path';
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return 'unparseable JSON';
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message.trim() === '') return 'not { error: { code, message } }';
  return null;
}

/** A digest of every table's rows (sessions: token and user only, their sliding expiry moves on every call). */
async function databaseDigest(): Promise<Map<string, string>> {
  const db = t.edge.plant.db!;
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
  const digest = new Map<string, string>();
  for (const { name } of tables.rows) {
    const columns = name === 'sessions' ? sql.raw('tokenHash, userID') : sql.raw('*');
    const rows = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(name)} ORDER BY 1`.execute(db);
    digest.set(name, createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex'));
  }
  return digest;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

async function operations(): Promise<Operation[]> {
  const document = (await t.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-roles': string[]; parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      path,
      roles: operation['x-roles'],
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

/** Writes that take no body, and why. */
const WRITES_WITHOUT_BODY: Record<string, string> = {
  'post /api/users/isvalid': 'checks the session of the Authorization header',
  'post /api/users/logout': 'revokes the session of the Authorization header',
  'post /api/opcservers/{opcServerID}/apikey': 'the server is the path parameter',
  'delete /api/opcservers/{opcServerID}/apikey': 'the server is the path parameter',
};

describe('the OpenAPI document', () => {
  it('documents the body of every write; a grid\'s as `values` (its record) and `key`, as they are read', async () => {
    const documented = await operations();
    const undocumented = documented.filter((operation) => operation.method !== 'get' && !operation.body && !(`${operation.method} ${operation.path}` in WRITES_WITHOUT_BODY));
    expect(undocumented.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);

    const body = (method: string) => documented.find((operation) => operation.path === '/api/sectors' && operation.method === method)!.body!;
    const valuesOf = (schema: JsonSchema) => schema.properties!.values!.anyOf!;
    // Insert: the record's fields (the generated sectorID left out) as an object, or as JSON text in a form field.
    expect(body('post').required).toEqual(['values']);
    expect(valuesOf(body('post'))[0]).toMatchObject({ type: 'object', required: ['sectorName'], properties: { sectorName: { type: 'string' } } });
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
    const documented = await operations();
    expect(documented.length).toBeGreaterThan(150);
    const roleCallers: Caller[] = ([ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT] as RoleId[]).map((role) => ({ name: ROLE_NAMES[role], role, userID: role === ROLE.ADMINISTRATOR ? 'admin' : ROLE_USER_IDS[role], token: tokens[role] }));
    const callers: Caller[] = [{ name: 'no session', role: null, userID: null, token: null }, ...roleCallers];
    const failures: string[] = [];
    let calls = 0;
    let refusals = 0;
    let digest = await databaseDigest();

    for (const [index, operation] of documented.entries()) {
      const inputs = fc.sample(inputOf(operation), { seed: SEED + index, numRuns: RUNS_ADMITTED * callers.length });
      let next = 0;
      for (const caller of callers) {
        const admitted = operation.roles.length === 0 || (caller.role !== null && operation.roles.includes(ROLE_NAMES[caller.role]));
        for (let run = 0; run < (admitted ? RUNS_ADMITTED : RUNS_REFUSED); run++) {
          const input = inputs[next++]!;
          // Logging out revokes the session it is called with: a throw-away one, never the caller's.
          let token = caller.token;
          if (operation.path === '/api/users/logout' && caller.userID) {
            token = await openSession(t.edge.plant.db!, caller.userID, t.edge.plant.now(), '127.0.0.1');
            digest = await databaseDigest();
          }
          const { answer, described } = await send(operation, input, token);
          if (operation.path.startsWith('/api/parameters') && answer.status === 200) {
            await t.edge.plant.db!.updateTable('parameters').set({ enableDomainValidation: 0 }).execute();
          }
          calls++;
          const where = `${described} as ${caller.name} → ${answer.status}`;
          if (answer.status >= 500) failures.push(`${where}: ${answer.text.slice(0, 300)}`);
          const after = await databaseDigest();
          if (answer.status >= 400) {
            refusals++;
            const malformed = malformedRefusal(answer);
            if (malformed) failures.push(`${where}: ${malformed}: ${answer.text.slice(0, 300)}`);
            const changed = changedTables(digest, after);
            if (changed.length) failures.push(`${where}: refused but changed ${changed.join(', ')}`);
          }
          digest = after;
        }
      }
    }
    expect(failures).toEqual([]);
    // The inputs reach the handlers: most are refused, and some well-typed ones are answered.
    expect(refusals).toBeGreaterThan(calls / 2);
    expect(refusals).toBeLessThan(calls);
    // A hang guard only: some 1,900 calls, each role's session among them, on a machine CI may load.
  }, 300_000);
});
