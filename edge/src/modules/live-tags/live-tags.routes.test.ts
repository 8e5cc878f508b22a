import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STALE_AFTER_MS } from '../../acquisition/tag-sources';
import { storedScript, waitFor } from '../../../../test/support/simulated-plant';
import { addApiServer } from '../../../../test/support/config-api';
import { startTestEdge, type TestEdge } from '../../../../test/support/test-edge';

/**
 * Servers of type API: their values are pushed over HTTP with the server's key (or by an administrator) and go the
 * same way as OPC UA values — tag cache, line scripts, the engine. Silence is a disconnection.
 */

let t: TestEdge;
let offset = 0;
let apiServerID = 0;
let uaServerID = 0;
let apiKey = '';

const db = () => t.edge.plant.db!;
const openStop = async (lineID: number) =>
  db().selectFrom('stops').selectAll().where('lineID', '=', lineID).where('endDate', 'is', null).executeTakeFirst();
/** Posts `values` as { values } (the README's form), or with `bare` as the body itself. */
const push = (values: unknown, headers: { key?: string; token?: string | null; bare?: boolean } = {}) =>
  fetch(new URL('/api/tags/values', t.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(headers.key ? { 'x-api-key': headers.key } : {}),
      ...(headers.token ? { authorization: `Bearer ${headers.token}` } : {}),
    },
    body: JSON.stringify(headers.bare ? values : { values }),
  }).then(async (response) => ({ status: response.status, body: await response.json().catch(() => null) }));

beforeAll(async () => {
  t = await startTestEdge({ now: () => Date.now() + offset });
  const token = t.adminToken;
  apiServerID = await addApiServer(t, 'MES', [
    ['Press.Running', 'Boolean', 'press_running'],
    ['Press.Count', 'UInt32', 'press_count'],
  ]);
  const ua = await t.call('POST', '/api/opcservers', {
    token,
    form: { values: { name: 'PLC', hostName: 'opc.tcp://127.0.0.1:1', serverType: 'UA', enabled: false } },
  });
  uaServerID = ua.body.opcServerID;
  const sector = await t.call('POST', '/api/sectors', { token, form: { values: { sectorName: 'Prensas' } } });
  const line = {
    lineID: 3,
    sectorID: sector.body.sectorID,
    description: 'Prensa',
    calculationBaliza: storedScript('Press.Running'),
    calculationUnits: storedScript('Press.Count'),
    calculationDiscards: null,
  };
  expect((await t.call('POST', '/api/Resources', { token, form: { values: line } })).status).toBe(200);
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('values pushed by API servers', () => {
  it('an administrator generates the key of an API server, shown once and stored only as a hash', async () => {
    const generated = await t.call('POST', `/api/opcservers/${apiServerID}/apikey`, { token: t.adminToken });
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({
      opcServerID: apiServerID,
      apiKey: expect.stringMatching(new RegExp(`^oee_${apiServerID}_[A-Za-z0-9_-]{43}$`)),
      header: 'X-Api-Key',
    });
    apiKey = generated.body.apiKey;
    const row = await db().selectFrom('opc_servers').select('apiKeyHash').where('opcServerID', '=', apiServerID).executeTakeFirstOrThrow();
    expect(row.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify((await t.call('GET', '/api/opcservers', { token: t.adminToken })).body)).not.toContain(row.apiKeyHash!);

    const notApi = await t.call('POST', `/api/opcservers/${uaServerID}/apikey`, { token: t.adminToken, language: 'en' });
    expect(notApi.status).toBe(409);
    expect(notApi.body.error.message).toBe('Only a server of type API has an API key.');
    expect((await t.call('POST', '/api/opcservers/999/apikey', { token: t.adminToken })).status).toBe(404);
  });

  it('/api/health is degraded while a line that should be read has a signal without a good value, and ok once it is read', async () => {
    const codes = async () =>
      ((await t.call('GET', '/api/health', { language: 'en' })).body.warnings as { code: string; message: string }[]).filter(
        (warning) => warning.code !== 'lowDiskSpace',
      );
    const degraded = await waitFor(
      async () => ((await codes()).some((warning) => warning.code === 'linesNotRead') ? codes() : undefined),
      'line 3 not read',
    );
    expect(degraded).toContainEqual({
      code: 'linesNotRead',
      message: 'Lines 3 are not being read: some of their signals have no good value.',
    });
    const page = await t.call('GET', '/api/diagnostics/storage', { token: t.adminToken });
    expect(page.body.warnings.map((warning: { code: string }) => warning.code)).toContain('linesNotRead');
    // The line's dashboard says so too (its overview's notRead).
    const overview = () => t.call('GET', '/api/resources/status/get', { token: t.adminToken, query: { lineID: '3' } });
    expect((await overview()).body.notRead).toBe(true);

    expect(
      (
        await push(
          [
            { tagName: 'Press.Running', value: true },
            { tagName: 'Press.Count', value: 100 },
          ],
          { key: apiKey },
        )
      ).status,
    ).toBe(200);
    await waitFor(async () => ((await codes()).length === 0 ? true : undefined), 'line 3 read');
    await waitFor(async () => ((await overview()).body.notRead === false ? true : undefined), 'the overview of line 3 read');
    const health = await t.call('GET', '/api/health');
    if (!health.body.warnings.some((warning: { code: string }) => warning.code === 'lowDiskSpace')) expect(health.body.status).toBe('ok');
  });

  it('the body is accepted in each documented spelling: { values: list }, { values: object }, the list or the object itself', async () => {
    expect(await push([{ tagName: 'Press.Count', value: 100 }], { key: apiKey })).toEqual({ status: 200, body: { accepted: 1 } });
    expect(await push({ 'Press.Count': 100 }, { key: apiKey })).toEqual({ status: 200, body: { accepted: 1 } });
    expect(await push([{ tagName: 'Press.Count', value: 100 }], { key: apiKey, bare: true })).toEqual({
      status: 200,
      body: { accepted: 1 },
    });
    expect(await push({ 'Press.Count': 100 }, { key: apiKey, bare: true })).toEqual({ status: 200, body: { accepted: 1 } });
  });

  it('values posted with the key run the line: it starts, counts and stops by itself', async () => {
    expect(
      await push(
        [
          { tagName: 'Press.Running', value: true },
          { tagName: 'Press.Count', value: 100 },
        ],
        { key: apiKey },
      ),
    ).toEqual({ status: 200, body: { accepted: 2 } });
    await waitFor(
      async () => (await db().selectFrom('line_states').selectAll().where('lineID', '=', 3).executeTakeFirst())?.running === 1,
      'line 3 running',
    );

    // By the sender's own item names (the tags' values), with a timestamp of its own: half a second before the post
    // reaches the edge, whose clock is moved on a second first, so it is later than every sample of the line so far
    // (a line's samples never go back in time) without waiting for real time to pass.
    offset += 1_000;
    const stoppedAt = Date.now() + offset - 500;
    expect(
      (
        await push(
          [
            { tagValue: 'press_count', value: 130 },
            { tagValue: 'press_running', value: 0, timestamp: new Date(stoppedAt).toISOString() },
          ],
          { key: apiKey },
        )
      ).status,
    ).toBe(200);
    const stop = await waitFor(() => openStop(3), 'the stop of line 3');
    expect(stop.startDate).toBe(stoppedAt);
    const produced = await db()
      .selectFrom('production_minutes')
      .select((eb) => eb.fn.sum<number>('units').as('units'))
      .where('lineID', '=', 3)
      .executeTakeFirst();
    expect(Number(produced?.units)).toBe(30);
  });

  it('refuses a whole post with an unknown tag or a value that does not fit the tag type, and applies nothing', async () => {
    const before = await t.call('GET', '/api/opcstatus/get', { token: t.adminToken, query: { line: 3 } });
    const unknown = await push(
      [
        { tagName: 'Press.Count', value: 999 },
        { tagName: 'Nope', value: 1 },
      ],
      { key: apiKey },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('Nope');
    const badValue = await push([{ tagName: 'Press.Count', value: 'lots' }], { key: apiKey });
    expect(badValue.status).toBe(400);
    expect((await push([], { key: apiKey })).status).toBe(400);
    const after = await t.call('GET', '/api/opcstatus/get', { token: t.adminToken, query: { line: 3 } });
    expect(after.body).toEqual(before.body);
    expect(after.body.find((tag: any) => tag.tagName === 'Press.Count')).toMatchObject({
      data: 130,
      goodQuality: true,
      url: 'press_count',
    });
  });

  it('without a valid key it needs an administrator; a revoked key stops working', async () => {
    expect((await push({ 'Press.Running': true })).status).toBe(401);
    expect((await push({ 'Press.Running': true }, { key: `${apiKey.slice(0, -2)}xx` })).status).toBe(401);
    expect((await push({ 'Press.Running': true }, { key: 'oee_1_short' })).status).toBe(401);
    const operator = await t.userWithRole(3);
    expect((await push({ 'Press.Running': true }, { token: operator.token })).status).toBe(403);
    expect(await push({ 'Press.Running': true }, { token: t.adminToken })).toEqual({ status: 200, body: { accepted: 1 } });
    await waitFor(async () => ((await openStop(3)) ? undefined : true), 'line 3 running again');

    expect((await t.call('DELETE', `/api/opcservers/${apiServerID}/apikey`, { token: t.adminToken })).status).toBe(204);
    expect((await push({ 'Press.Running': true }, { key: apiKey })).status).toBe(401);
  });

  it('a server that stops posting counts as disconnected: its lines get a reason-4 stop', async () => {
    offset += API_STALE_AFTER_MS + 2_000;
    const stop = await waitFor(
      async () => {
        const open = await openStop(3);
        return open?.reasonID === 4 ? open : undefined;
      },
      'the OPC-disconnected stop of line 3',
      5_000,
    );
    expect(stop.endDate).toBeNull();
    const status = await t.call('GET', '/api/diagnostics/opcservers', { token: t.adminToken });
    expect(status.body.find((server: any) => server.opcServerID === apiServerID)).toMatchObject({
      serverType: 'API',
      connected: false,
      serverState: 'CommunicationFault',
    });
  });
});
