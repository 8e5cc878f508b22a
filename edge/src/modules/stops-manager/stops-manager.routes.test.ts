import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '../../domain/roles';
import { addLine, addReason, at, MINUTE } from '../../../../test/support/test-plant';
import { expectError, signatureOf, snapshot, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0 + 4 * 60 * MINUTE);
  // Line 1: no beacon, stops entered by hand. Line 2: a beacon and the stops managers. Line 3: a beacon, no module.
  await addLine(e.db, { lineID: 1, manualStops: true });
  await addLine(e.db, { lineID: 2, sectorID: 2, beacon: 'L2.Running', manualStops: true });
  await addLine(e.db, { lineID: 3, sectorID: 2, beacon: 'L3.Running' });
  await addReason(e.db, { reasonID: 30, parentID: 8, reason: 'Mecánica', isCategory: true, color: '#aa0000' });
  await addReason(e.db, { reasonID: 31, parentID: 30, reason: 'Rotura de cinta', pareto: true });
  await addReason(e.db, { reasonID: 32, parentID: 30, reason: 'Falla de motor' });
});
afterEach(async () => {
  await e.close();
});

const post = (values: Record<string, unknown>, role: RoleId = ROLE.OPERATOR, language?: 'en') =>
  e.t.call('POST', '/api/stops/post', { token: e.tokens[role], form: { values }, language });
const remove = (stopID: number, role: RoleId = ROLE.SUPERVISOR, language?: 'en') =>
  e.t.call('DELETE', '/api/stops/delete', { token: e.tokens[role], form: { key: { stopID } }, language });
const recognize = (
  stopIDs: number[],
  reasonID: number,
  signer: RoleId = ROLE.SUPERVISOR,
  extra: Record<string, unknown> = { onlyUnrecognized: true },
  language?: 'en',
) =>
  e.t.call('POST', '/api/stops/recognize', {
    token: e.tokens[ROLE.OPERATOR],
    json: { stopValues: stopIDs, reasonValues: reasonID, ...signatureOf(e, signer), ...extra },
    language,
  });
const pending = (query: Record<string, string> = {}, role: RoleId = ROLE.OPERATOR) =>
  e.t.call('GET', '/api/stopsManager/stops', { token: e.tokens[role], query });

/** Acquired stops on line 2 (10, 2 and 20 minutes long, the last from 08:40) and one on line 3 (no stops manager). */
async function acquiredStops(): Promise<number[]> {
  await e.events([
    { type: 'lineState', lineID: 2, atMs: T0, running: true },
    { type: 'lineState', lineID: 2, atMs: T0 + 10 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: T0 + 20 * MINUTE, running: true },
    { type: 'lineState', lineID: 2, atMs: T0 + 25 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: T0 + 27 * MINUTE, running: true },
    { type: 'lineState', lineID: 2, atMs: T0 + 40 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: T0 + 60 * MINUTE, running: true },
    { type: 'lineState', lineID: 3, atMs: T0, running: false },
    { type: 'lineState', lineID: 3, atMs: T0 + 5 * MINUTE, running: true },
  ]);
  return (await e.db.selectFrom('stops').select('stopID').where('lineID', '=', 2).orderBy('startDate').execute()).map((s) => s.stopID);
}

describe('manual stops (the manual stops manager)', () => {
  it('are marked as entered by hand and flow into the shift index like the acquisition’s stops', async () => {
    const created = await post({
      lineID: 1,
      startDate: '2026-05-04T08:00:00',
      endDate: '2026-05-04T08:30:00',
      reasonID: 31,
      equipmentName: 'Cinta 2',
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ manual: true, recognized: true, equipmentName: 'Cinta 2', duration: 30 });
    const index = await e.db
      .selectFrom('shift_indexes')
      .select(['stopTime', 'failureCount'])
      .where('lineID', '=', 1)
      .executeTakeFirstOrThrow();
    expect(index).toEqual({ stopTime: 30 * MINUTE, failureCount: 1 });
    expect(await e.db.selectFrom('outbox').select('entity').where('entity', '=', 'stops').execute()).toHaveLength(1);
  });

  it('are refused on a line with a beacon script (409, Spanish and English), storing nothing', async () => {
    const before = await snapshot(e.db, 'stops');
    expectError(
      await post({ lineID: 2, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:10:00' }),
      409,
      'La línea 2 registra sus paradas con la señal de baliza: las paradas manuales son solo para líneas sin baliza.',
    );
    expectError(
      await post({ lineID: 2, startDate: '2026-05-04T08:00:00' }, ROLE.OPERATOR, 'en'),
      409,
      'Line 2 records its stops from its beacon signal: manual stops are only for lines without a beacon.',
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });

  it('refuse an overlap naming the colliding stop, including a stop still in progress', async () => {
    const open = await post({ lineID: 1, startDate: '2026-05-04T10:00:00', endDate: null });
    expect(open.body).toMatchObject({ endDate: null, manual: true });
    const before = await snapshot(e.db, 'stops');
    expectError(
      await post({ lineID: 1, startDate: '2026-05-04T11:00:00', endDate: '2026-05-04T11:05:00' }),
      409,
      `La parada se superpone con la parada ${open.body.stopID} (2026-05-04 10:00:00 a …) de la línea.`,
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });
});

describe('deleting and moving stops', () => {
  it('refuses to delete or move a stop the acquisition recorded (409), changing nothing', async () => {
    const [acquired] = await acquiredStops();
    const before = await snapshot(e.db, 'stops');
    expectError(
      await remove(acquired!),
      409,
      `La parada ${acquired} (2026-05-04 08:10:00 a 2026-05-04 08:20:00) fue registrada por la adquisición de la línea: solo se pueden eliminar paradas ingresadas a mano.`,
    );
    expectError(
      await remove(acquired!, ROLE.SUPERVISOR, 'en'),
      409,
      `Stop ${acquired} (2026-05-04 08:10:00 to 2026-05-04 08:20:00) was recorded by the line’s acquisition: only stops entered by hand can be deleted.`,
    );
    const move = await e.t.call('PUT', '/api/stops/put', {
      token: e.tokens[ROLE.SUPERVISOR],
      form: { key: acquired, values: { endDate: '2026-05-04T08:15:00' } },
    });
    expectError(
      move,
      409,
      `La parada ${acquired} (2026-05-04 08:10:00 a 2026-05-04 08:20:00) fue registrada por la adquisición de la línea: solo se pueden cambiar los horarios de paradas ingresadas a mano.`,
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });

  it('deletes a stop entered by hand and takes it out of the shift index', async () => {
    const created = (await post({ lineID: 1, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:30:00' })).body;
    expect((await remove(created.stopID, ROLE.OPERATOR)).status).toBe(403);
    expect((await remove(created.stopID)).status).toBe(204);
    const index = await e.db.selectFrom('shift_indexes').select('stopTime').where('lineID', '=', 1).executeTakeFirstOrThrow();
    expect(index.stopTime).toBe(0);
  });
});

describe('the stops manager', () => {
  it('lists the unrecognized stops of the lines with the module, filtered by sector, line, duration and microstops', async () => {
    const [ten, two, twenty] = await acquiredStops();
    const manual = (await post({ lineID: 1, startDate: '2026-05-04T09:00:00', endDate: '2026-05-04T09:05:00' })).body.stopID as number;
    // Shorter than microStopTime (60 s): a microstop. Entered by hand without a reason, it waits for one.
    const micro = (await post({ lineID: 1, startDate: '2026-05-04T09:10:00', endDate: '2026-05-04T09:10:30' })).body.stopID as number;
    const ids = async (query: Record<string, string>) => {
      const result = await pending(query);
      expect(result.status, result.text).toBe(200);
      return (result.body.data as { stopID: number }[]).map((stop) => stop.stopID);
    };
    // Line 3 has no stops manager: its stop is not listed. Latest first.
    expect(await ids({})).toEqual([micro, manual, twenty, two, ten]);
    expect((await pending()).body).toMatchObject({ microStopTime: 60, totalCount: 5 });
    expect(await ids({ sectorID: '2' })).toEqual([twenty, two, ten]);
    expect(await ids({ lineID: '1' })).toEqual([micro, manual]);
    expect(await ids({ minDuration: '10' })).toEqual([twenty, ten]);
    expect(await ids({ minDuration: '5', maxDuration: '15' })).toEqual([manual, ten]);
    expect(await ids({ microstops: 'only' })).toEqual([micro]);
    expect(await ids({ microstops: 'exclude', lineID: '1' })).toEqual([manual]);
    expectError(await pending({ microstops: 'some' }), 400);
    expectError(await pending({ minDuration: '-1' }), 400);
  });

  it('recognizes stops of several lines in bulk with one reason and one signature', async () => {
    const [ten, two] = await acquiredStops();
    const manual = (await post({ lineID: 1, startDate: '2026-05-04T09:00:00', endDate: '2026-05-04T09:05:00' })).body.stopID as number;
    const result = await recognize([ten!, two!, manual], 31);
    expect(result.status, result.text).toBe(200);
    expect(
      result.body.map((stop: { stopID: number; recognized: boolean; reasonID: number; updatedBy: string }) => [
        stop.stopID,
        stop.recognized,
        stop.reasonID,
        stop.updatedBy,
      ]),
    ).toEqual([
      [ten, true, 31, e.users[ROLE.SUPERVISOR]],
      [two, true, 31, e.users[ROLE.SUPERVISOR]],
      [manual, true, 31, e.users[ROLE.SUPERVISOR]],
    ]);
  });

  it('bulk recognition is all or nothing: a stop recognized meanwhile by someone else refuses the whole call', async () => {
    const [ten, two, twenty] = await acquiredStops();
    expect((await recognize([two!], 32, ROLE.OPERATOR)).status).toBe(200);
    const before = await snapshot(e.db, 'stops');
    expectError(
      await recognize([ten!, two!, twenty!], 31),
      409,
      `La parada ${two} (2026-05-04 08:25:00 a 2026-05-04 08:27:00) ya fue reconocida por ${e.users[ROLE.OPERATOR]}: no se reconoció ninguna parada.`,
    );
    expectError(
      await recognize([ten!, two!, twenty!], 31, ROLE.SUPERVISOR, { onlyUnrecognized: true }, 'en'),
      409,
      `Stop ${two} (2026-05-04 08:25:00 to 2026-05-04 08:27:00) was already recognized by ${e.users[ROLE.OPERATOR]}: no stop was recognized.`,
    );
    // A stop that does not exist, or a reason not allowed, also leaves the others as they were.
    expectError(await recognize([ten!, 9999], 31), 404);
    expectError(await recognize([ten!, twenty!], 30), 400, 'Debe seleccionar un motivo, no una categoría.');
    expectError(
      await recognize([ten!, twenty!], 31, ROLE.SUPERVISOR, { onlyUnrecognized: true, password: 'wrong' }),
      401,
      'Firma no válida',
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
    // Modifying on purpose (without onlyUnrecognized) still works.
    expect((await recognize([two!], 31, ROLE.SUPERVISOR, {})).status).toBe(200);
  });

  it('assigns equipment per stop', async () => {
    const [ten] = await acquiredStops();
    const put = await e.t.call('PUT', '/api/stops/put', {
      token: e.tokens[ROLE.OPERATOR],
      form: { key: ten, values: { equipmentName: 'Motor principal' } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ stopID: ten, equipmentName: 'Motor principal', manual: false });
  });

  it('lists its lines with sector, beacon and equipment; supervisors and operators only', async () => {
    await e.db
      .insertInto('equipments')
      .values([
        { name: 'Motor principal', description: 'Motor', tag: null, lineID: 2 },
        { name: 'Compresor', description: 'Aire', tag: null, lineID: null },
      ])
      .execute();
    const lines = await e.t.call('GET', '/api/stopsManager/lines', { token: e.tokens[ROLE.SUPERVISOR] });
    expect(lines.status, lines.text).toBe(200);
    expect(lines.body).toEqual([
      { lineID: 1, description: 'Línea 1', sectorID: 1, sectorName: 'Sector 1', beacon: false, equipment: ['Compresor'] },
      { lineID: 2, description: 'Línea 2', sectorID: 2, sectorName: 'Sector 2', beacon: true, equipment: ['Compresor', 'Motor principal'] },
    ]);
    for (const role of [ROLE.ADMINISTRATOR, ROLE.CONSULTANT]) {
      expectError(await e.t.call('GET', '/api/stopsManager/lines', { token: e.tokens[role] }), 403);
      expectError(await pending({}, role), 403);
    }
    expectError(await e.t.call('GET', '/api/stopsManager/stops'), 401);
  });
});
