import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { instantOfWallTime } from '../../domain/time-zone';
import { ENGINE_TZ, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

// 03:30 in Madrid: the night shift of the production day that began the day before.
const NIGHT = instantOfWallTime({ year: 2026, month: 5, day: 5, hour: 3, minute: 30 }, ENGINE_TZ);
let e: EngineEdge;
beforeAll(async () => {
  e = await startEngineEdge(NIGHT);
});
afterAll(async () => {
  await e.close();
});

describe('GET /api/calendar/now', () => {
  it("answers the plant's production day and shift: before 06:00 the day is still the previous one", async () => {
    const response = await e.t.call('GET', '/api/calendar/now', { token: e.tokens[ROLE.OPERATOR] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      now: '2026-05-05T03:30:00.000+02:00',
      timeZone: ENGINE_TZ,
      plantDate: '2026-05-04',
      shift: { code: 'TN', plantDate: '2026-05-04', start: '2026-05-04T22:00:00.000+02:00', end: '2026-05-05T06:00:00.000+02:00' },
      day: { code: 'TO', plantDate: '2026-05-04', start: '2026-05-04T06:00:00.000+02:00', end: '2026-05-05T06:00:00.000+02:00' },
    });
  });

  it('needs a session', async () => {
    expect((await e.t.call('GET', '/api/calendar/now')).status).toBe(401);
  });
});
