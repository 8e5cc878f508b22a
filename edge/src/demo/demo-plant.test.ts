import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { SIMULATOR_PORT } from '../acquisition/simulator/plant-simulator';
import { waitFor } from '../../../test/support/simulated-plant';
import { startTestEdge, type TestEdge } from '../../../test/support/test-edge';
import { openPlantDatabase } from '../db/installation';
import { startSyncQueue } from '../db/outbox';
import { DEMO_LINES } from './demo-plant';

let t: TestEdge;
afterEach(async () => {
  await t?.close();
});

describe('the demo plant (setup option demo: true)', () => {
  it('creates a plant with one user per role, wired to an in-process simulator, whose four lines are read from it', async () => {
    // Something else listens on the simulator's default port: the demo's server takes another, and the edge reads only it.
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.once('error', () => resolve()).listen(SIMULATOR_PORT, '127.0.0.1', () => resolve()));
    onTestFinished(() => new Promise<void>((resolve) => (squatter.listening ? squatter.close(() => resolve()) : resolve())));
    t = await startTestEdge({ configured: false });
    const setup = await t.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', demo: true } });
    expect(setup.body).toEqual({ valid: true, error: null, created: true, password: 'demo' });

    for (const [userid, roleID] of [
      ['admin', 1],
      ['supervisor', 2],
      ['operator', 3],
      ['consultant', 4],
    ] as const) {
      const login = await t.call('POST', '/api/users/authenticate', { json: { userid, password: 'demo' } });
      expect(login.status).toBe(200);
      expect(login.body.roleID).toBe(roleID);
      // The demo's users keep the password 'demo': no change is due at their first sign-in.
      expect(login.body.mustChangePassword).toBe(false);
    }
    const db = t.edge.plant.db!;
    const count = async (table: 'buildings' | 'sectors' | 'lines' | 'products' | 'product_speeds' | 'targets' | 'opc_tags') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect({
      buildings: await count('buildings'),
      sectors: await count('sectors'),
      lines: await count('lines'),
      targets: await count('targets'),
      tags: await count('opc_tags'),
    }).toEqual({
      buildings: 1,
      sectors: 2,
      // The four simulated lines and the manual stops line (no beacon, no tags, no target).
      lines: 5,
      targets: 4,
      tags: 16,
    });
    expect(await count('products')).toBeGreaterThanOrEqual(3);
    expect(await count('product_speeds')).toBe(4 * (await count('products')));
    const reasons = await db
      .selectFrom('stop_reasons')
      .select(['reasonID', 'parentID', 'isCategory'])
      .where('systemStop', '=', 0)
      .execute();
    expect(reasons.filter((reason) => reason.isCategory === 1).length).toBeGreaterThanOrEqual(4);
    expect(reasons.filter((reason) => reason.isCategory === 0).length).toBeGreaterThanOrEqual(8);
    const orders = await db
      .selectFrom('orders')
      .select(['lineID', 'status', 'startDate'])
      .where('status', '!=', 2)
      .orderBy('lineID')
      .execute();
    expect(orders.map((order) => [order.lineID, order.status])).toEqual(DEMO_LINES.map((line) => [line.lineID, 1]));
    // Synced tables went through the write chokepoint: enabling sync gives the central copy the demo plant too.
    await startSyncQueue(db, Date.now());
    expect(await db.selectFrom('outbox').select('entity').where('entity', '=', 'lines').execute()).toHaveLength(5);

    const admin = (await t.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: 'demo' } })).body.token;
    await waitFor(
      async () => (await t.call('GET', '/api/diagnostics/opcservers', { token: admin })).body[0]?.connected === true,
      'the demo simulator connected',
      15_000,
    );
    const states = await waitFor(
      async () => {
        const rows = await db.selectFrom('line_states').selectAll().execute();
        return rows.length === 4 && rows.every((row) => row.unitsCounter !== null) ? rows : undefined;
      },
      'all four lines read',
      15_000,
    );
    expect(states.map((state) => state.lineID).sort()).toEqual([1, 2, 3, 4]);
    // A connection that succeeds at start-up is no disconnection, however slowly a loaded machine makes it (the first
    // attempt gets 30 s before its tags are bad: test/acquisition/first-connection.test.ts): no OPC-disconnected stop,
    // none of zero length.
    const stops = await db.selectFrom('stops').select(['reasonID', 'startDate', 'endDate']).execute();
    expect(stops.filter((stop) => stop.reasonID === 4 || stop.endDate === stop.startDate)).toEqual([]);
  }, 40_000);

  it('is only created in an empty database', async () => {
    t = await startTestEdge({ configured: false });
    const { db } = await openPlantDatabase(join(t.dataDir, 'plant.db'));
    await db
      .insertInto('users')
      .values({
        userID: 'someone',
        firstName: 'A',
        lastName: 'B',
        email: null,
        groupID: null,
        passwordHash: 'x',
        roleID: 1,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    await db.destroy();

    const setup = await t.call('POST', '/api/setup/configure', {
      json: { databaseSelected: 'sqlite', connectionString: 'plant.db', demo: true },
      language: 'en',
    });
    expect(setup.body).toEqual({
      valid: false,
      error: 'The demo plant is only created in an empty database.',
      created: false,
      password: null,
    });
    expect((await t.call('GET', '/api/setup/information')).body.setupPending).toBe(true);
  });
});
