import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiServer } from '../../../../test/support/config-api';
import { startTestEdge, type TestEdge } from '../../../../test/support/test-edge';

/**
 * The OPC servers' status on the diagnostics page (SPEC.md section 3: "OPC server status" and "OPC tag status"): each
 * server with each of its tags' name, node, quality and value. An API server's values are pushed by the test.
 */

let t: TestEdge;
let serverID = 0;

beforeAll(async () => {
  t = await startTestEdge();
  serverID = await addApiServer(t, 'MES', [
    ['Filler.Running', 'Boolean', 'filler_running'],
    ['Filler.Count', 'UInt32', 'filler_count'],
  ]);
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/diagnostics/opcservers', () => {
  it('lists each tag of a server with its node, quality and value: waiting ones bad, pushed ones good', async () => {
    const server = async () =>
      (await t.call('GET', '/api/diagnostics/opcservers', { token: t.adminToken })).body.find(
        (entry: any) => entry.opcServerID === serverID,
      );
    expect((await server()).tags).toEqual([
      {
        tagName: 'Filler.Count',
        url: 'filler_count',
        goodQuality: false,
        data: null,
        status: 'BadWaitingForInitialData',
        sourceTime: expect.any(String),
        problem: null,
      },
      {
        tagName: 'Filler.Running',
        url: 'filler_running',
        goodQuality: false,
        data: null,
        status: 'BadWaitingForInitialData',
        sourceTime: expect.any(String),
        problem: null,
      },
    ]);

    const pushed = await t.call('POST', '/api/tags/values', {
      token: t.adminToken,
      json: { values: { 'Filler.Count': 130, 'Filler.Running': true } },
    });
    expect(pushed.body).toEqual({ accepted: 2 });
    const after = await server();
    expect(after).toMatchObject({ name: 'MES', serverType: 'API', connected: true, serverState: 'Running', tagCount: 2, badTagCount: 0 });
    expect(after.tags).toEqual([
      {
        tagName: 'Filler.Count',
        url: 'filler_count',
        goodQuality: true,
        data: 130,
        status: 'Good',
        sourceTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        problem: null,
      },
      {
        tagName: 'Filler.Running',
        url: 'filler_running',
        goodQuality: true,
        data: true,
        status: 'Good',
        sourceTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        problem: null,
      },
    ]);
  });

  it('is the administrator’s only', async () => {
    for (const role of [2, 3, 4] as const) {
      const { token } = await t.userWithRole(role);
      expect((await t.call('GET', '/api/diagnostics/opcservers', { token })).status).toBe(403);
    }
  });
});
