import fc from 'fast-check';
import { callEdge } from './test-edge';

/**
 * Fuzzing an API from its own description, shared by the edge's test (test/api/openapi-fuzz.test.ts) and the central
 * portal's (test/api/portal-permissions.test.ts): every route and method of an /api/openapi.json, called without a
 * session and as each caller, with generated query, path and body inputs — missing, wrong-typed, huge, negative,
 * unicode and malformed — besides well-typed ones that reach the handlers' own rules. Every answer must be below 500;
 * every refusal must be the documented error shape (`{ error: { code, message } }`, JSON, no HTML, no stack trace, no
 * file path) and leave the data as it was (`digest`: a digest per table, compared before and after each call).
 *
 * Deterministic (fast-check with a fixed seed per operation) and bounded: `runsAdmitted` inputs per route and caller
 * the route admits (their inputs get past the role check), `runsRefused` for the others.
 */

export interface JsonSchema {
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

export interface Operation {
  method: string;
  path: string;
  roles: string[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
}

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
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'key', 'values', 'lineID'), hostileScalar, { maxKeys: 3 }),
  },
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
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      return fc.string({
        unit: 'grapheme',
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 20)),
      });
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
  const field = (property: JsonSchema) =>
    fc.oneof({ weight: 3, arbitrary: typedValue(property, depth) }, { weight: 2, arbitrary: hostileValue });
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
 * and the inputs reach the handlers (beyond it the parser answers 431, tested in edge/src/http/connections.test.ts).
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
      fc.option(
        fc.tuple(
          fc.constantFrom(...queryParams.map((parameter) => parameter.name), 'values', 'key', 'zzz'),
          fc.array(hostileScalar.map(queryText), { minLength: 1, maxLength: 2 }),
        ),
      ),
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

async function send(url: string, operation: Operation, input: Input, token: string | null): Promise<{ answer: Answer; described: string }> {
  // Path values go in as they are when they are (broken) escapes on purpose, else escaped.
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.pathValues[name] ?? '1';
    return value.startsWith('%') ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams(input.query).toString();
  const target = `${url}${path}${search ? `?${search}` : ''}`;
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
  const response = await fetch(target, { method: operation.method.toUpperCase(), headers, body });
  const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  const described = `${operation.method.toUpperCase()} ${path.slice(0, 120)}${search ? `?${search.slice(0, 200)}` : ''} body ${given.kind}: ${(body ?? '').slice(0, 200)}`;
  return { answer, described };
}

/** What is wrong with a refusal's answer, or null when it is the documented error shape. */
export function malformedRefusal(answer: Answer): string | null {
  if (!answer.contentType.includes('application/json')) return `not JSON (${answer.contentType})`;
  if (/<html|<!doctype|\bat\s+\S+\s*\(?\S*\.(?:js|ts|mjs|cjs):\d+|node_modules|\/work\/|\/tmp\//i.test(answer.text))
    return 'HTML, a stack trace or a file path';
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return 'unparseable JSON';
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message.trim() === '')
    return 'not { error: { code, message } }';
  return null;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

/** The operations of an OpenAPI document (as edge/src/http/openapi.ts builds it: `x-roles` on each). */
export async function documentedOperations(url: string): Promise<Operation[]> {
  const document = (await callEdge(url, 'GET', '/api/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        { 'x-roles': string[]; parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
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

export interface FuzzCaller {
  name: string;
  /** The caller's role as the document names it in `x-roles`; null: no session. */
  role: string | null;
  token: string | null;
}

export interface FuzzOptions {
  url: string;
  operations: readonly Operation[];
  callers: readonly FuzzCaller[];
  seed: number;
  runsAdmitted: number;
  runsRefused: number;
  /** A digest per table of everything a refused call must leave as it was. */
  digest(): Promise<Map<string, string>>;
  /** A token of its own for this call (logging out spends it), else undefined: the caller's. */
  tokenFor?(operation: Operation, caller: FuzzCaller): Promise<string | undefined>;
  /** After each call (to undo what an accepted call turned on). */
  afterCall?(operation: Operation, status: number): Promise<void>;
}

/** Calls every operation as every caller with generated inputs; the failures found, and how many calls and refusals. */
export async function fuzzOperations(options: FuzzOptions): Promise<{ failures: string[]; calls: number; refusals: number }> {
  const failures: string[] = [];
  let calls = 0;
  let refusals = 0;
  let digest = await options.digest();
  for (const [index, operation] of options.operations.entries()) {
    const inputs = fc.sample(inputOf(operation), { seed: options.seed + index, numRuns: options.runsAdmitted * options.callers.length });
    let next = 0;
    for (const caller of options.callers) {
      const admitted = operation.roles.length === 0 || (caller.role !== null && operation.roles.includes(caller.role));
      for (let run = 0; run < (admitted ? options.runsAdmitted : options.runsRefused); run++) {
        const input = inputs[next++]!;
        let token = caller.token;
        const own = await options.tokenFor?.(operation, caller);
        if (own !== undefined) {
          token = own;
          digest = await options.digest();
        }
        const { answer, described } = await send(options.url, operation, input, token);
        await options.afterCall?.(operation, answer.status);
        calls++;
        const where = `${described} as ${caller.name} → ${answer.status}`;
        if (answer.status >= 500) failures.push(`${where}: ${answer.text.slice(0, 300)}`);
        const after = await options.digest();
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
  return { failures, calls, refusals };
}
