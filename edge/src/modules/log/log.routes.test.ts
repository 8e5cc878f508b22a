import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../../../../test/support/test-edge';

/** The log viewer's calls (SPEC.md sections 3 and 7): administrator only, grid load options, following new lines. */

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
  // Test edges log from 'warn'; these tests read every level.
  t.edge.plant.logger.level = 'trace';
});
afterAll(async () => {
  await t.close();
});

const log = (query: Record<string, unknown>, token = t.adminToken) => t.call('GET', '/api/log/get', { token, query });

describe('GET /api/log/get', () => {
  it('lists entries newest first, each with an id that grows with every entry', async () => {
    const logger = t.edge.plant.logger;
    logger.info('first of three');
    logger.info('second of three');
    logger.info('third of three');
    const page = await log({ filter: ['message', 'contains', 'of three'] });
    expect(page.status).toBe(200);
    expect(page.body.data.map((entry: any) => entry.message)).toEqual(['third of three', 'second of three', 'first of three']);
    const ids = page.body.data.map((entry: any) => entry.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    expect(ids[1]).toBeGreaterThan(ids[2]);
  });

  it('answers only the entries written after a given id (the follow mode), with the other filters', async () => {
    const newest = (await log({ take: 1 })).body.data[0].id as number;
    expect((await log({ filter: ['id', '>', newest] })).body.data).toEqual([]);
    t.edge.plant.logger.warn({ lineID: 4 }, 'Line 4 counter jumped');
    t.edge.plant.logger.info('Line 4 back to normal');
    t.edge.plant.logger.error('Unrelated failure');
    const newer = await log({
      filter: [
        ['id', '>', newest],
        'and',
        [['level', '=', 'WARN'], 'or', ['level', '=', 'ERROR']],
        'and',
        ['message', 'contains', 'line 4'],
      ],
    });
    expect(newer.body.data).toEqual([
      {
        id: newest + 1,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/),
        level: 'WARN',
        logger: 'edge',
        message: 'Line 4 counter jumped lineID=4',
      },
    ]);
  });

  it('pages on the server with the total count', async () => {
    for (let i = 1; i <= 5; i += 1) t.edge.plant.logger.debug(`paged entry ${i}`);
    const filter = ['message', 'startswith', 'paged entry'];
    const second = await log({ filter, skip: 2, take: 2, requireTotalCount: true });
    expect(second.body.totalCount).toBe(5);
    expect(second.body.data.map((entry: any) => entry.message)).toEqual(['paged entry 3', 'paged entry 2']);
  });

  it('refuses a filter on a column it does not have, and every role but the administrator', async () => {
    const bad = await log({ filter: ['password', '=', 'x'] });
    expect(bad.status).toBe(400);
    for (const role of [2, 3, 4] as const) {
      const { token } = await t.userWithRole(role);
      expect((await log({}, token)).status).toBe(403);
      expect((await t.call('GET', '/api/log/info', { token })).status).toBe(403);
    }
  });

  it('logs every sign-in: a refused one as WARN with the name, the address and why, never the password', async () => {
    const newest = (await log({ take: 1 })).body.data[0].id as number;
    const refused = await t.call('POST', '/api/users/authenticate', { json: { userid: 'nobody', password: 'Secret-123' } });
    expect(refused.status).toBe(401);
    // Creates the user and signs in as it.
    await t.userWithRole(2, 'marta');
    const entries = (await log({ filter: [['id', '>', newest], 'and', ['logger', '=', 'auth']] })).body.data;
    expect(entries.map((entry: any) => [entry.level, entry.message])).toEqual([
      ['INFO', 'Signed in userID=marta ip=127.0.0.1 mustChangePassword=false'],
      ['WARN', 'Sign-in refused userID=nobody ip=127.0.0.1 reason=auth.invalidCredentials'],
    ]);
    expect(JSON.stringify((await log({ take: 10_000 })).body)).not.toContain('Secret-123');
  });
});

describe('GET /api/log/info', () => {
  it('tells how many entries the viewer keeps, the oldest it has and the folder of the log files', async () => {
    const info = await t.call('GET', '/api/log/info', { token: t.adminToken });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      capacity: 5000,
      held: expect.any(Number),
      oldestTime: expect.stringMatching(/^\d{4}-/),
      directory: `${t.dataDir}/logs`,
      file: 'oee-edge.log',
    });
    expect(info.body.held).toBeGreaterThan(0);
  });
});
