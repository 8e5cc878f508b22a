import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, at, MINUTE } from '../../../../test/support/test-plant';
import { expectError, signatureOf, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

async function seedCalls() {
  await e.db
    .insertInto('maintenance_calls')
    .values([
      { resourceLineID: 1, status: 2, callDate: T0 - 120 * MINUTE, endDate: T0 - 60 * MINUTE, callReason: 'Rodamiento' },
      { resourceLineID: 1, status: 0, callDate: T0 - 11 * MINUTE, callReason: 'Motor', message: 'Ruido' },
      { resourceLineID: 2, status: 1, callDate: T0 - 5 * MINUTE, callReason: 'Sensor' },
    ])
    .execute();
}

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1, sectorID: 1 });
  await addLine(e.db, { lineID: 2, sectorID: 1 });
  await addLine(e.db, { lineID: 3, sectorID: 2 });
});
afterEach(async () => {
  await e.close();
});

describe('GET /api/maintenance/get', () => {
  it('lists the calls of a line not finished, with plant-offset dates', async () => {
    await seedCalls();
    const result = await e.t.call('GET', '/api/maintenance/get', {
      token: e.tokens[ROLE.OPERATOR],
      query: { filter: JSON.stringify([['resourceLineID', '=', 1], 'and', ['status', '<>', 2]]) },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toEqual([
      expect.objectContaining({
        resourceLineID: 1,
        status: 0,
        callReason: 'Motor',
        message: 'Ruido',
        callDate: '2026-05-04T07:49:00.000+02:00',
        endDate: null,
        lineDescription: 'Línea 1',
        sectorID: 1,
      }),
    ]);
    const waitingOrStarted = await e.t.call('GET', '/api/maintenance', {
      token: e.tokens[ROLE.CONSULTANT],
      query: { filter: JSON.stringify([['status', '=', 0], 'or', ['status', '=', 1]]) },
    });
    expect(waitingOrStarted.body.data.map((call: { resourceLineID: number }) => call.resourceLineID)).toEqual([2, 1]);
    expectError(await e.t.call('GET', '/api/maintenance/get'), 401);
  });
});

describe('GET /api/alerts/first', () => {
  it('answers the call in progress with its minutes and the over-10-minutes warning, or null', async () => {
    await seedCalls();
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

describe('maintenance calls (the maintenance manager)', () => {
  let motor: number;
  let press: number;
  let otherLineEquipment: number;

  beforeEach(async () => {
    const reason = async (name: string) => {
      const answer = await e.t.call('POST', '/api/maintenance/reasons', { token: e.tokens[ROLE.SUPERVISOR], json: { name } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.callReasonID as number;
    };
    motor = await reason('Falla de motor');
    await reason('Falla eléctrica');
    const equipment = async (name: string, lineID: number) =>
      (
        await e.db
          .insertInto('equipments')
          .values({ name, description: name, tag: null, lineID })
          .returning('equipmentID')
          .executeTakeFirstOrThrow()
      ).equipmentID;
    press = await equipment('Prensa', 1);
    otherLineEquipment = await equipment('Etiquetadora', 2);
    // Line 1 runs from 07:00 and stops at 07:50: the stop in progress when the calls below are made.
    await e.events([
      { type: 'lineState', lineID: 1, atMs: T0 - 60 * MINUTE, running: true },
      { type: 'lineState', lineID: 1, atMs: T0 - 10 * MINUTE, running: false },
    ]);
  });

  const call = (values: Record<string, unknown>, role: (typeof ROLE)[keyof typeof ROLE] = ROLE.OPERATOR, language?: 'es' | 'en') =>
    e.t.call('POST', '/api/maintenance/call', { token: e.tokens[role], json: values, language });
  const act = (action: 'start' | 'finish' | 'close', callID: number, role: (typeof ROLE)[keyof typeof ROLE] = ROLE.OPERATOR) =>
    e.t.call('POST', `/api/maintenance/${action}`, { token: e.tokens[role], json: { callID } });
  const openStop = () =>
    e.db.selectFrom('stops').selectAll().where('lineID', '=', 1).where('endDate', 'is', null).executeTakeFirstOrThrow();
  const beacon = async () =>
    (await e.t.call('GET', '/api/resources/status/get', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '1' } })).body.beacon;

  it('stamps the call with the server clock (not the client’s), Waiting, and gives the stop in progress its declaring time', async () => {
    const answer = await call({
      lineID: 1,
      callReasonID: motor,
      equipmentID: press,
      message: 'Ruido en el eje',
      callDate: '2020-01-01T00:00:00+00:00',
      status: 2,
    });
    expect(answer.status, answer.text).toBe(200);
    const stop = await openStop();
    expect(answer.body).toMatchObject({
      resourceLineID: 1,
      stopID: stop.stopID,
      status: 0,
      callReason: 'Falla de motor',
      equipmentID: press,
      equipmentName: 'Prensa',
      message: 'Ruido en el eje',
      callDate: '2026-05-04T08:00:00.000+02:00',
      declarationDate: '2026-05-04T08:00:00.000+02:00',
      startDate: null,
      calledBy: e.users[ROLE.OPERATOR],
    });
    expect(stop).toMatchObject({ declaringTime: 10, waitingTime: null, maintenanceTime: null, maintenanceReason: 'Falla de motor' });
    // The dashboard reads the real call: amber beacon, the alert.
    expect(await beacon()).toBe('amber');
    const alert = await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '1' } });
    expect(alert.body).toMatchObject({ callID: answer.body.callID, status: 0, minutes: 0, overLimit: false });
    e.clock.now = T0 + 11 * MINUTE;
    expect((await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '1' } })).body).toMatchObject({
      minutes: 11,
      overLimit: true,
    });
  });

  it('start and finish stamp the call and fill the stop’s waiting and maintenance times; the beacon leaves amber', async () => {
    const { callID } = (await call({ lineID: 1, callReasonID: motor })).body;
    e.clock.now = T0 + 4 * MINUTE;
    const started = await act('start', callID);
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({
      status: 1,
      startDate: '2026-05-04T08:04:00.000+02:00',
      startedBy: e.users[ROLE.OPERATOR],
      waitingMinutes: 4,
    });
    expect(await openStop()).toMatchObject({ declaringTime: 10, waitingTime: 4, maintenanceTime: null });
    e.clock.now = T0 + 11 * MINUTE + 30_000;
    const finished = await act('finish', callID, ROLE.SUPERVISOR);
    expect(finished.body).toMatchObject({
      status: 2,
      endDate: '2026-05-04T08:11:30.000+02:00',
      finishedBy: e.users[ROLE.SUPERVISOR],
      maintenanceMinutes: 7.5,
    });
    const stop = await openStop();
    expect(stop).toMatchObject({ declaringTime: 10, waitingTime: 4, maintenanceTime: 7.5 });
    expect(await beacon()).not.toBe('amber');
    expect((await e.t.call('GET', '/api/alerts/first', { token: e.tokens[ROLE.OPERATOR], query: { lineid: '1' } })).body).toBeNull();
    // Every change of the stop is audited, under the action that made it.
    const audit = await e.db
      .selectFrom('audit_log')
      .select(['action', 'userID'])
      .where('entity', '=', 'stops')
      .where('entityKey', 'like', `%${stop.stopID}%`)
      .orderBy('auditID')
      .execute();
    expect(audit.map((row) => row.action).slice(-3)).toEqual(['call', 'start', 'finish']);
  });

  it('the split of a stop with a call stays within its start plus the declaring time', async () => {
    await call({ lineID: 1, callReasonID: motor });
    const stop = await openStop();
    // The call came 10 minutes into the stop: no cut after 08:00, though the stop goes on until now (08:05).
    e.clock.now = T0 + 5 * MINUTE;
    const { username, password } = signatureOf(e, ROLE.SUPERVISOR);
    const split = (newStart: string) =>
      e.t.call('POST', '/api/stops/split', {
        token: e.tokens[ROLE.SUPERVISOR],
        json: { lineID: 1, stopID: stop.stopID, user: username, password, newStart, newEnd: null },
      });
    expectError(await split('2026-05-04T08:02:00'), 400, 'Fecha de inicio no es válida');
    expect(await e.db.selectFrom('stops').select('stopID').where('lineID', '=', 1).execute()).toHaveLength(1);
    const inside = await split('2026-05-04T07:55:00');
    expect(inside.status, inside.text).toBe(200);
  });

  it('cuts the stop’s phases at its end when the line runs again before maintenance, and its split opens within the stop', async () => {
    const { callID } = (await call({ lineID: 1, callReasonID: motor })).body;
    const { stopID } = await openStop();
    // The line runs again 2 minutes after the call (a 12-minute stop); maintenance comes at 08:09 and finishes at 08:15.
    e.clock.now = T0 + 2 * MINUTE;
    await e.events([{ type: 'lineState', lineID: 1, atMs: T0 + 2 * MINUTE, running: true }]);
    e.clock.now = T0 + 9 * MINUTE;
    expect((await act('start', callID)).body).toMatchObject({ status: 1, waitingMinutes: 9 });
    e.clock.now = T0 + 15 * MINUTE;
    expect((await act('finish', callID)).body).toMatchObject({ status: 2, maintenanceMinutes: 6 });
    const stop = await e.db.selectFrom('stops').selectAll().where('stopID', '=', stopID).executeTakeFirstOrThrow();
    expect(stop).toMatchObject({ endDate: T0 + 2 * MINUTE, declaringTime: 10, waitingTime: 2, maintenanceTime: 0 });
    // The stops list shows the same: the phases add up to the stop's 12 minutes, not 25.
    const listed = await e.t.call('GET', '/api/stops/get', { token: e.tokens[ROLE.OPERATOR], query: { stopID: String(stopID) } });
    expect(listed.body.data[0]).toMatchObject({ duration: 12, declaringTime: 10, waitingTime: 2, maintenanceTime: 0 });
    // The split dialog's latest cut, start + declaring time (08:00), lies within the stop and is accepted.
    const { username, password } = signatureOf(e, ROLE.SUPERVISOR);
    const split = await e.t.call('POST', '/api/stops/split', {
      token: e.tokens[ROLE.SUPERVISOR],
      json: { lineID: 1, stopID, user: username, password, newEnd: '2026-05-04T08:00:00' },
    });
    expect(split.status, split.text).toBe(200);
    expect(
      split.body.map((piece: { startDate: string; endDate: string }) => [piece.startDate.slice(11, 19), piece.endDate.slice(11, 19)]),
    ).toEqual([
      ['07:50:00', '08:00:00'],
      ['08:00:00', '08:02:00'],
    ]);
  });

  it('closing as NoMtto while waiting fills the waiting time only; only the supervisor closes', async () => {
    const { callID } = (await call({ lineID: 1, callReasonID: motor })).body;
    e.clock.now = T0 + 3 * MINUTE;
    expectError(await act('close', callID, ROLE.OPERATOR), 403, 'No tiene permiso para esta acción.');
    const closed = await act('close', callID, ROLE.SUPERVISOR);
    expect(closed.body).toMatchObject({ status: 4, endDate: '2026-05-04T08:03:00.000+02:00', startDate: null });
    expect(await openStop()).toMatchObject({ declaringTime: 10, waitingTime: 3, maintenanceTime: null });
    expect(await beacon()).not.toBe('amber');
  });

  it('refuses, in Spanish and English and changing nothing: a second open call, finishing a call not started, acting twice, bad input, other roles', async () => {
    const first = (await call({ lineID: 1, callReasonID: motor })).body;
    const before = {
      calls: await e.db.selectFrom('maintenance_calls').selectAll().execute(),
      stops: await e.db.selectFrom('stops').selectAll().execute(),
    };
    expectError(
      await call({ lineID: 1, callReasonID: motor }),
      409,
      `La línea 1 ya tiene un llamado de mantenimiento abierto (llamado ${first.callID}, desde 2026-05-04 08:00:00).`,
    );
    expectError(
      await call({ lineID: 1, callReasonID: motor }, ROLE.SUPERVISOR, 'en'),
      409,
      `Line 1 already has an open maintenance call (call ${first.callID}, since 2026-05-04 08:00:00).`,
    );
    expectError(
      await act('finish', first.callID),
      409,
      `El llamado ${first.callID} todavía no fue iniciado: debe iniciarse antes de finalizarlo.`,
    );
    expectError(
      await call({ lineID: 2, callReasonID: motor, equipmentID: press }),
      400,
      'El equipo seleccionado no pertenece a la línea 2.',
    );
    expectError(await call({ lineID: 2, callReasonID: 999 }), 400, 'El motivo de llamado no existe.');
    expectError(await call({ lineID: 42, callReasonID: motor }), 400, 'La línea 42 no existe.');
    expectError(await call({ lineID: 2 }), 400);
    expectError(await call({ lineID: 2, callReasonID: motor, message: 'x'.repeat(256) }), 400);
    for (const role of [ROLE.CONSULTANT, ROLE.ADMINISTRATOR])
      expectError(await call({ lineID: 2, callReasonID: motor }, role), 403, 'No tiene permiso para esta acción.');
    expectError(await act('start', first.callID, ROLE.CONSULTANT), 403);
    expectError(await act('start', 9999), 404);
    expect({
      calls: await e.db.selectFrom('maintenance_calls').selectAll().execute(),
      stops: await e.db.selectFrom('stops').selectAll().execute(),
    }).toEqual(before);

    expect((await act('start', first.callID)).status).toBe(200);
    expectError(await act('start', first.callID), 409, `El llamado ${first.callID} ya fue iniciado.`);
    expect((await act('finish', first.callID)).status).toBe(200);
    expectError(await act('close', first.callID, ROLE.SUPERVISOR), 409, `El llamado ${first.callID} ya está cerrado.`);
    // The call dialog offers a line's own equipment only.
    expect((await e.t.call('GET', '/api/maintenance/equipment', { token: e.tokens[ROLE.OPERATOR], query: { lineID: '2' } })).body).toEqual([
      { value: otherLineEquipment, text: 'Etiquetadora' },
    ]);
    // A line whose call ended may call again; equipment of the line's own is accepted.
    expect((await call({ lineID: 2, callReasonID: motor, equipmentID: otherLineEquipment })).status).toBe(200);
  });

  it('the plant turns the module off: new calls are refused, calls already open can still be closed', async () => {
    const { callID } = (await call({ lineID: 1, callReasonID: motor })).body;
    await e.db.updateTable('parameters').set({ enableMaintenanceManager: 0 }).execute();
    expectError(
      await call({ lineID: 2, callReasonID: motor }, ROLE.OPERATOR, 'en'),
      409,
      'The maintenance manager is turned off in the plant parameters.',
    );
    expect((await act('close', callID, ROLE.SUPERVISOR)).status).toBe(200);
  });

  it('the open calls of a sector, oldest first, and MTTR per line and per equipment over finished calls', async () => {
    const a = (await call({ lineID: 1, callReasonID: motor, equipmentID: press })).body.callID;
    e.clock.now = T0 + MINUTE;
    const b = (await call({ lineID: 2, callReasonID: motor })).body.callID;
    e.clock.now = T0 + 2 * MINUTE;
    await call({ lineID: 3, callReasonID: motor });
    const open = await e.t.call('GET', '/api/maintenance', {
      token: e.tokens[ROLE.OPERATOR],
      query: { sectorID: '1', filter: JSON.stringify(['status', '<', 2]), sort: JSON.stringify([{ selector: 'callDate', desc: false }]) },
    });
    expect(open.body.data.map((row: { callID: number }) => row.callID)).toEqual([a, b]);

    // Line 1: 4 + 6 minutes of maintenance and 2 + 0 of waiting over two calls; line 2: 10 and 5 over one.
    await act('start', a);
    e.clock.now = T0 + 6 * MINUTE;
    await act('finish', a);
    await act('start', b);
    e.clock.now = T0 + 16 * MINUTE;
    await act('finish', b);
    const again = (await call({ lineID: 1, callReasonID: motor, equipmentID: press })).body.callID;
    await act('start', again);
    e.clock.now = T0 + 22 * MINUTE;
    await act('finish', again);
    const mttr = await e.t.call('GET', '/api/maintenance/mttr', {
      token: e.tokens[ROLE.CONSULTANT],
      query: { from: '2026-05-04', to: '2026-05-04' },
    });
    expect(mttr.status, mttr.text).toBe(200);
    expect(mttr.body.lines).toEqual([
      { lineID: 1, description: 'Línea 1', finishedCalls: 2, maintenanceMinutes: 10, mttr: 5, meanWaiting: 1 },
      { lineID: 2, description: 'Línea 2', finishedCalls: 1, maintenanceMinutes: 10, mttr: 10, meanWaiting: 5 },
    ]);
    expect(mttr.body.equipment).toEqual([
      { equipmentID: null, equipmentName: null, finishedCalls: 1, maintenanceMinutes: 10, mttr: 10, meanWaiting: 5 },
      { equipmentID: press, equipmentName: 'Prensa', finishedCalls: 2, maintenanceMinutes: 10, mttr: 5, meanWaiting: 1 },
    ]);
    const otherSector = await e.t.call('GET', '/api/maintenance/mttr', { token: e.tokens[ROLE.OPERATOR], query: { sectorID: '2' } });
    expect(otherSector.body).toEqual({ lines: [], equipment: [] });
    const dayBefore = await e.t.call('GET', '/api/maintenance/mttr', {
      token: e.tokens[ROLE.OPERATOR],
      query: { from: '2026-05-03', to: '2026-05-03' },
    });
    expect(dayBefore.body).toEqual({ lines: [], equipment: [] });
    expectError(
      await e.t.call('GET', '/api/maintenance/mttr', { token: e.tokens[ROLE.OPERATOR], query: { from: 'ayer' } }),
      400,
      'El campo from no es válido.',
    );
  });
});
