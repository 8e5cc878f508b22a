import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { expectError, type EngineEdge } from '../../../../test/support/engine-edge';
import { startOverviewPlant } from '../../../../test/support/overview-plant';

let e: EngineEdge;

beforeAll(async () => {
  e = await startOverviewPlant();
});
afterAll(async () => {
  await e.close();
});

type Query = Record<string, string>;
const asTerminal = (query: Query = {}, language?: 'en') => e.t.call('GET', '/api/scoreboard', { query, language });
const asUser = (query: Query, role: (typeof ROLE)[keyof typeof ROLE] = ROLE.OPERATOR) =>
  e.t.call('GET', '/api/scoreboard', { token: e.tokens[role], query });
const configureTerminal = (lineID: number) =>
  e.db.insertInto('terminals').values({ lineID, ipAddress: '127.0.0.1', updatedBy: 'admin', updateDate: e.clock.now }).execute();
const removeTerminals = () => e.db.deleteFrom('terminals').execute();

describe('GET /api/scoreboard, its figures', () => {
  it("shows the shift's indicators, the stop in progress and the order as the dashboard's own calls answer them", async () => {
    const board = await asUser({ line: '1' });
    expect(board.status, board.text).toBe(200);
    const status = (await e.t.call('GET', '/api/resources/status/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '1' } })).body;
    const indicators = (await e.t.call('GET', '/api/indicators/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '1' } })).body;
    const [line] = board.body.lines;
    expect(board.body.shift).toMatchObject({ code: 'TM', start: '2026-05-04T06:00:00.000+02:00', end: '2026-05-04T14:00:00.000+02:00' });
    expect(line).toMatchObject({ lineID: 1, sectorID: 1, description: 'Envasadora 1', beacon: 'red', running: false, targetOEE: 85 });
    expect(line.shift).toEqual({
      oee: indicators.shift.oee,
      utilization: indicators.shift.utilization,
      throughput: indicators.shift.throughput,
      acceptance: indicators.shift.acceptance,
    });
    expect(line.shift.utilization).toBe(0.25);
    expect(line.stop).toEqual(status.stopData);
    expect(line.stop).toMatchObject({ startDate: '2026-05-04T08:30:00.000+02:00', duration: 90, recognized: false });
    expect(line.call).toBeNull();
  });

  it("counts the units against the shift's share of the day's target and the order's quantity, with the pace needed by the shift's end", async () => {
    const { units } = (await asUser({ line: '1' })).body.lines[0];
    // The product's target is 4000 a day: a third for an 8-hour shift. 300 made in the 4 hours since 06:00; 240 minutes left.
    expect(units.shift).toEqual({
      made: 300,
      goal: 4000 / 3,
      remaining: 4000 / 3 - 300,
      perMinute: 300 / 240,
      neededPerMinute: (4000 / 3 - 300) / 240,
    });
    expect(units.order).toMatchObject({
      order: '100-0',
      made: 300,
      goal: 2000,
      progress: 0.15,
      remaining: 1700,
      neededPerMinute: 1700 / 240,
    });
  });

  it("lists the shift's longest stop reasons, at most three, the unrecognized ones with reason null", async () => {
    const { losses } = (await asUser({ line: '1' })).body.lines[0];
    expect(losses).toEqual([{ reason: null, path: null, color: null, duration: 90, quantity: 1, percent: 1 }]);
  });

  it("shows a sector's lines in line order, each with no goal where none is set", async () => {
    const board = await asUser({ sector: '1' }, ROLE.CONSULTANT);
    expect(board.body.lines.map((line: { lineID: number }) => line.lineID)).toEqual([1, 2]);
    expect(board.body.lines[1]).toMatchObject({
      beacon: 'green',
      targetOEE: null,
      stop: null,
      units: { shift: { goal: null, neededPerMinute: null }, order: null },
    });
  });
});

describe('GET /api/scoreboard, who may read it', () => {
  it('answers a session of every role for any line; names the line or the sector, not both', async () => {
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT])
      expect((await asUser({ line: '3' }, role)).status).toBe(200);
    expectError(await asUser({}), 400, 'Indique una línea o un sector.');
    expectError(await asUser({ line: '1', sector: '1' }), 400);
    expectError(await asUser({ line: 'x' }), 400);
    expectError(await asUser({ line: '42' }), 404);
    expectError(await asUser({ sector: '42' }), 404);
  });

  it('refuses a caller with neither a session nor a terminal at its address (401), in its language', async () => {
    await removeTerminals();
    expectError(await asTerminal({ line: '1' }), 401, 'Inicie sesión, o configure esta terminal con una línea, para ver el tablero.');
    expectError(await asTerminal({}, 'en'), 401, 'Log in, or configure this terminal with a line, to see the scoreboard.');
  });

  it("lets a configured terminal read its line and its sector without signing in, the same figures a user's session reads", async () => {
    await configureTerminal(1);
    const own = await asTerminal({ line: '1' });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ terminal: true, lines: [{ lineID: 1 }] });
    const user = await asUser({ line: '1' });
    expect(own.body.lines).toEqual(user.body.lines);
    expect(user.body.terminal).toBe(false);
    // Asking for nothing is asking for its own line.
    expect((await asTerminal()).body.lines.map((line: { lineID: number }) => line.lineID)).toEqual([1]);
    expect((await asTerminal({ sector: '1' })).body.lines.map((line: { lineID: number }) => line.lineID)).toEqual([1, 2]);
  });

  it('refuses a terminal another line, even of its sector, and another sector (403)', async () => {
    await removeTerminals();
    await configureTerminal(1);
    expectError(await asTerminal({ line: '2' }), 403, 'No tiene acceso para ver información de esta línea.');
    expectError(await asTerminal({ line: '3' }, 'en'), 403, 'You have no access to see information about this line.');
    expectError(await asTerminal({ sector: '2' }), 403);
    expectError(await asTerminal({ line: '42' }), 403);
  });

  it('gives a terminal nothing but the scoreboard: every other read and every write still needs a session', async () => {
    await removeTerminals();
    await configureTerminal(1);
    expectError(await e.t.call('GET', '/api/resources/status/get', { query: { lineID: '1' } }), 401);
    expectError(await e.t.call('GET', '/api/stops', { query: { filter: JSON.stringify(['lineID', '=', 1]) } }), 401);
    const stops = await e.db.selectFrom('stops').selectAll().execute();
    expectError(await e.t.call('POST', '/api/maintenance/call', { json: { lineID: 1, callReason: 'Motor' } }), 401);
    expect(await e.db.selectFrom('stops').selectAll().execute()).toEqual(stops);
  });

  it('does not fall back to the terminal for an expired or unknown session (401, as every call)', async () => {
    await removeTerminals();
    await configureTerminal(1);
    const result = await e.t.call('GET', '/api/scoreboard', { token: 'not-a-session', query: { line: '1' } });
    expectError(result, 401, 'Sesión expirada, vuelva a ingresar');
  });

  it('follows the terminal when an administrator moves it to another line', async () => {
    await removeTerminals();
    await configureTerminal(3);
    expectError(await asTerminal({ line: '1' }), 403);
    expect((await asTerminal()).body.lines.map((line: { lineID: number }) => line.lineID)).toEqual([3]);
    expect((await asTerminal({ sector: '2' })).status).toBe(200);
  });
});
