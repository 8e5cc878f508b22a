import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../edge/src/db/database';
import { waitFor } from './simulated-plant';
import { startTestEdge, type CallOptions, type CallResult, type TestEdge } from './test-edge';

/**
 * Helpers for the configuration API tests: one edge per test file with a token per role and the lines the
 * configuration hangs from, inserts that must succeed, writes that must be refused without changing stored data,
 * and the check of an error's status, message and field.
 */

export interface RoleTokens {
  admin: string;
  supervisor: string;
  operator: string;
  consultant: string;
}

export interface ConfigApi {
  call: TestEdge['call'];
  tokens: RoleTokens;
  db(): Database;
  /** POSTs `values` (as the grids do, a form field holding JSON) as the supervisor unless told; expects 200. */
  insert(path: string, values: Record<string, unknown>, token?: string): Promise<any>;
  /** A caller for writes that must be refused: it checks that `snapshot()` is the same before and after. */
  refusing(snapshot: () => Promise<unknown>): (method: string, path: string, options: CallOptions) => Promise<CallResult>;
}

/** Starts one edge for the test file (beforeAll) with users of every role and these lines; closes it afterwards. */
export function configApi(options: { lines?: readonly number[] } = {}): ConfigApi {
  let t: TestEdge;
  const tokens = {} as RoleTokens;
  beforeAll(async () => {
    t = await startTestEdge();
    tokens.admin = (await t.userWithRole(1)).token;
    tokens.supervisor = (await t.userWithRole(2)).token;
    tokens.operator = (await t.userWithRole(3)).token;
    tokens.consultant = (await t.userWithRole(4)).token;
    if (options.lines?.length) await addLines(t.edge.plant.db!, options.lines);
  });
  afterAll(async () => {
    await t?.close();
  });
  const call: TestEdge['call'] = (method, path, callOptions) => t.call(method, path, callOptions);
  return {
    call,
    tokens,
    db: () => t.edge.plant.db!,
    async insert(path, values, token = tokens.supervisor) {
      const answer = await call('POST', path, { token, form: { values } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    },
    refusing(snapshot) {
      return async (method, path, callOptions) => {
        const before = await snapshot();
        const answer = await call(method, path, callOptions);
        expect(await snapshot()).toEqual(before);
        return answer;
      };
    },
  };
}

/** Creates a sector and the given lines directly in the database (the lines API is tested elsewhere). */
async function addLines(db: Database, lineIDs: readonly number[]): Promise<void> {
  const sector = await db
    .insertInto('sectors')
    .values({ sectorName: `Sector ${lineIDs.join('-')}`, buildingId: null })
    .returning('sectorID')
    .executeTakeFirstOrThrow();
  for (const lineID of lineIDs) {
    await db
      .insertInto('lines')
      .values({
        lineID,
        sectorID: sector.sectorID,
        description: `Línea ${lineID}`,
        calculationBaliza: null,
        calculationUnits: null,
        calculationDiscards: null,
        fixedThroughput: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
  }
}

/** Asserts an API error: its status, its message and, when given, that the message sits on `field`. */
export function expectError(result: CallResult, status: number, message: string, field?: string): void {
  expect({ status: result.status, message: result.body?.error?.message }).toEqual({ status, message });
  if (field) expect(result.body.error.fields?.[field]).toBe(message);
}

/**
 * An enabled OPC server of type API with its tags ([tagName, tagType, tagValue]), made by the administrator; waits
 * until the acquisition has it with all its tags. Answers its id.
 */
export async function addApiServer(t: TestEdge, name: string, tags: readonly (readonly [string, string, string])[]): Promise<number> {
  const token = t.adminToken;
  const server = await t.call('POST', '/api/opcservers', {
    token,
    form: { values: { name, hostName: `${name.toLowerCase()}.plant.local`, serverType: 'API', enabled: true } },
  });
  expect(server.status, server.text).toBe(200);
  const opcServerID = server.body.opcServerID as number;
  for (const [tagName, tagType, tagValue] of tags) {
    const tag = await t.call('POST', '/api/tags', { token, form: { values: { tagName, tagType, opcServerID, tagValue } } });
    expect(tag.status, tag.text).toBe(200);
  }
  const inAcquisition = async () =>
    (await t.call('GET', '/api/diagnostics/opcservers', { token })).body.some?.(
      (entry: any) => entry.opcServerID === opcServerID && entry.tagCount === tags.length,
    );
  await waitFor(inAcquisition, `the API server ${name} in the acquisition`);
  return opcServerID;
}
