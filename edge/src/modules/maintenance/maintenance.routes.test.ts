import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, at, MINUTE } from '../line-events/test-plant';
import { expectError, startEngineEdge, type EngineEdge } from '../line-events/test-engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1 });
  await addLine(e.db, { lineID: 2 });
  await e.db
    .insertInto('maintenance_calls')
    .values([
      { resourceLineID: 1, status: 2, callDate: T0 - 120 * MINUTE, endDate: T0 - 60 * MINUTE, callReason: 'Rodamiento' },
      { resourceLineID: 1, status: 0, callDate: T0 - 11 * MINUTE, callReason: 'Motor', message: 'Ruido' },
      { resourceLineID: 2, status: 1, callDate: T0 - 5 * MINUTE, callReason: 'Sensor' },
    ])
    .execute();
});
afterEach(async () => {
  await e.close();
});

describe('GET /api/maintenance/get', () => {
  it('lists the calls of a line not finished, with plant-offset dates', async () => {
    const result = await e.t.call('GET', '/api/maintenance/get', {
      token: e.tokens[ROLE.OPERATOR],
      query: { filter: JSON.stringify([['resourceLineID', '=', 1], 'and', ['status', '<>', 2]]) },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toEqual([
      expect.objectContaining({ resourceLineID: 1, status: 0, callReason: 'Motor', message: 'Ruido', callDate: '2026-05-04T07:49:00.000+02:00', endDate: null }),
    ]);
    const waitingOrStarted = await e.t.call('GET', '/api/maintenance', { token: e.tokens[ROLE.CONSULTANT], query: { filter: JSON.stringify([['status', '=', 0], 'or', ['status', '=', 1]]) } });
    expect(waitingOrStarted.body.data.map((call: { resourceLineID: number }) => call.resourceLineID)).toEqual([2, 1]);
    expectError(await e.t.call('GET', '/api/maintenance/get'), 401);
  });
});

describe('GET /api/alerts/first', () => {
  it('answers the call in progress with its minutes and the over-10-minutes warning, or null', async () => {
    const line1 = await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '1' } });
    expect(line1.body).toMatchObject({ resourceLineID: 1, status: 0, callReason: 'Motor', minutes: 11, overLimit: true });
    const line2 = await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '2' } });
    expect(line2.body).toMatchObject({ minutes: 5, overLimit: false });
    await e.db.updateTable('maintenance_calls').set({ status: 2 }).execute();
    const none = await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '1' } });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expectError(await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR] }), 400);
  });
});
