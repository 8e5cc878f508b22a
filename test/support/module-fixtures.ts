import { afterAll, beforeAll, expect } from 'vitest';
import { ROLE, type RoleId } from '../../edge/src/domain/roles';
import { startTestEdge, type CallResult, type TestEdge } from './test-edge';

/** Helpers for the configuration modules' API tests (imported by tests only). */

export type RoleTokens = Record<RoleId, string>;

/** A session token for each role (the administrator is setup's `admin`). */
export async function tokensForEveryRole(t: TestEdge): Promise<RoleTokens> {
  const [supervisor, operator, consultant] = await Promise.all([
    t.userWithRole(ROLE.SUPERVISOR),
    t.userWithRole(ROLE.OPERATOR),
    t.userWithRole(ROLE.CONSULTANT),
  ]);
  return {
    [ROLE.ADMINISTRATOR]: t.adminToken!,
    [ROLE.SUPERVISOR]: supervisor.token,
    [ROLE.OPERATOR]: operator.token,
    [ROLE.CONSULTANT]: consultant.token,
  };
}

/**
 * One edge for a whole test file (starting one and hashing passwords costs): started before the file's tests with a
 * token for every role, handed to `use`, closed after them.
 */
export function onSharedEdge(use: (t: TestEdge, tokens: RoleTokens) => void | Promise<void>): void {
  let edge: TestEdge | undefined;
  beforeAll(async () => {
    edge = await startTestEdge();
    await use(edge, await tokensForEveryRole(edge));
  });
  afterAll(async () => {
    await edge?.close();
  });
}

/** The call is refused without a token (401) and for every role but the administrator (403). */
export async function expectAdministratorOnly(
  t: TestEdge,
  tokens: RoleTokens,
  method: string,
  path: string,
  body?: { json?: unknown; form?: Record<string, unknown> },
) {
  expect((await t.call(method, path, { ...body })).status).toBe(401);
  for (const role of [ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT]) {
    const refused = await t.call(method, path, { ...body, token: tokens[role] });
    expect(refused.status, `${method} ${path} as role ${role}`).toBe(403);
  }
}

/** Every role may make the call. */
export async function expectEveryRole(t: TestEdge, tokens: RoleTokens, method: string, path: string) {
  for (const token of Object.values(tokens)) expect((await t.call(method, path, { token })).status, `${method} ${path}`).toBe(200);
}

/** Inserts through the API and answers the stored row (fails the test on any other answer). */
export async function insert(t: TestEdge, path: string, values: Record<string, unknown>): Promise<CallResult['body']> {
  const result = await t.call('POST', path, { token: t.adminToken, form: { values } });
  expect(result.status, result.text).toBe(200);
  return result.body;
}

/** A sector (with a building) and a line in it. */
export async function sectorWithLine(t: TestEdge, lineID: number, sectorName = `Sector ${lineID}`) {
  const building = await insert(t, '/api/buildings', { buildingName: `Building ${lineID}` });
  const sector = await insert(t, '/api/sectors', { sectorName, buildingId: building.buildingId });
  const line = await insert(t, '/api/Resources/PostResources', { lineID, sectorID: sector.sectorID, description: `Line ${lineID}` });
  return { building, sector, line };
}

/** The 400 answer names `field` with `message` (the top-level message too). */
export function expectFieldError(result: CallResult, field: string, message: string) {
  expect(result.status, result.text).toBe(400);
  expect(result.body.error.code).toBe('validation');
  expect(result.body.error.message).toBe(message);
  expect(result.body.error.fields?.[field]).toBe(message);
}
