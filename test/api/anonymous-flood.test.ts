import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAKE } from '../../edge/src/modules/grid/load-options';
import { SIGN_IN_NAME_MAX } from '../../edge/src/modules/auth/auth.schemas';
import { throttleOf } from '../../edge/src/modules/auth/login-throttle';
import { heldAfterGc, MB } from '../support/heap';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * What one anonymous client could once make the edge hold or do (issue 26, "An anonymous client must not be able to
 * exhaust memory or the log"): each flood is a bounded loop on 127.0.0.1, and what the process holds after a full
 * garbage collection stays bounded.
 */
/** A hang guard for the floods that move hundreds of megabytes (on a busy 2-core machine), never a measure. */
const HEAVY = 120_000;

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(async () => {
  await t.close();
});

describe('an anonymous flood leaves memory bounded', () => {
  it(
    `sign-ins and signatures with 4 MB names are refused (400) and leave nothing behind; names of ${SIGN_IN_NAME_MAX} characters are checked`,
    async () => {
      const supervisor = await t.userWithRole(2, 'flood-sup');
      const huge = 'x'.repeat(4 * MB);
      const before = heldAfterGc();
      for (let i = 0; i < 8; i += 1) {
        const name = `${i}${huge}`;
        const signIn = await t.call('POST', '/api/users/authenticate', { json: { userid: name, password: 'x' }, language: 'en' });
        expect(signIn.status).toBe(400);
        expect(signIn.body.error.fields.userid).toBe(`The username field accepts at most ${SIGN_IN_NAME_MAX} characters.`);
        const signature = await t.call('POST', '/api/stops/recognize', {
          token: supervisor.token,
          json: { stopValues: [1], reasonValues: 1, username: name, password: 'x' },
        });
        expect(signature.status).toBe(400);
      }
      // Before the limit the throttle kept every name: 16 names of 4 MB, 64 MB at least.
      expect(heldAfterGc() - before).toBeLessThan(20 * MB);
      const longest = 'y'.repeat(SIGN_IN_NAME_MAX);
      expect((await t.call('POST', '/api/users/authenticate', { json: { userid: longest, password: 'x' } })).status).toBe(401);
    },
    HEAVY,
  );

  it('keeps a refused sign-in and a refused permission in logs/security.log', async () => {
    const consultant = await t.userWithRole(4, 'flood-con');
    expect((await t.call('GET', '/api/log/get', { token: consultant.token })).status).toBe(403);
    expect((await t.call('POST', '/api/users/authenticate', { json: { userid: 'flood-con', password: 'wrong' } })).status).toBe(401);
    const security = readFileSync(join(t.dataDir, 'logs', 'security.log'), 'utf8');
    expect(security).toMatch(/"userID":"flood-con".*"path":"\/api\/log\/get".*"msg":"Permission refused"/);
    expect(security).toMatch(/"userID":"flood-con".*"msg":"Sign-in refused"/);
  });

  it(
    'GETs that differ only in an unused parameter leave a bounded memory; a list call without take answers at most MAX_TAKE rows',
    async () => {
      const { sectorID } = (await t.call('POST', '/api/sectors', { token: t.adminToken, json: { values: { sectorName: 'Flood' } } })).body;
      expect(
        (
          await t.call('POST', '/api/Resources/PostResources', {
            token: t.adminToken,
            json: { values: { lineID: 1, sectorID, description: 'Flood', enableStopsManager: true } },
          })
        ).status,
      ).toBe(200);
      const db = t.edge.plant.db!;
      const observation = 'o'.repeat(300);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < MAX_TAKE + 2_000; i += 500) {
          await trx
            .insertInto('stops')
            .values(
              Array.from({ length: 500 }, (_, j) => ({
                lineID: 1,
                startDate: (i + j) * 60_000,
                endDate: (i + j) * 60_000 + 30_000,
                observation,
              })),
            )
            .execute();
        }
      });
      const consultant = await t.userWithRole(4, 'flood-reader');
      const first = await t.call('GET', '/api/stops', { token: consultant.token });
      expect(first.body.data).toHaveLength(MAX_TAKE);
      const before = heldAfterGc();
      for (let i = 0; i < 15; i += 1) {
        const response = await fetch(`${t.url}/api/stops?nocache=${i}`, { headers: { authorization: `Bearer ${consultant.token}` } });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      // Each answer is some 5 MB of JSON: kept by count alone, 15 of them held over 100 MB.
      expect(heldAfterGc() - before).toBeLessThan(50 * MB);
    },
    HEAVY,
  );

  it('the per-name throttle holds a bounded number of characters, however many names are tried', () => {
    const throttle = throttleOf({});
    for (let i = 0; i < 30_000; i += 1) throttle.begin(`${i}-${'n'.repeat(200)}`, { key: 'ip:192.0.2.1', known: false }, 0);
    const { names, characters } = throttle.size();
    expect(names).toBeLessThanOrEqual(10_000);
    expect(characters).toBeLessThanOrEqual(400_000);
    expect(characters).toBeGreaterThan(0);
  });
});
