import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { addLine, addReason, at, MINUTE } from '../../../../test/support/test-plant';
import { expectError, signatureOf, snapshot, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;

beforeEach(async () => {
  e = await startEngineEdge(T0 + 4 * 60 * MINUTE);
  await addLine(e.db, { lineID: 1, manualStops: true });
  await addLine(e.db, { lineID: 2 });
  await addReason(e.db, { reasonID: 30, parentID: 8, reason: 'Mecánica', isCategory: true, color: '#aa0000' });
  await addReason(e.db, { reasonID: 31, parentID: 30, reason: 'Rotura de cinta', pareto: true });
});
afterEach(async () => {
  await e.close();
});

const post = (values: Record<string, unknown>, role: (typeof ROLE)[keyof typeof ROLE] = ROLE.OPERATOR, language?: 'en') =>
  e.t.call('POST', '/api/stops/post', { token: e.tokens[role], form: { values }, language });

async function lineStops() {
  await e.events([
    { type: 'lineState', lineID: 2, atMs: T0, running: true },
    { type: 'lineState', lineID: 2, atMs: T0 + 10 * MINUTE, running: false },
    { type: 'lineState', lineID: 2, atMs: T0 + 40 * MINUTE, running: true },
    { type: 'lineState', lineID: 2, atMs: T0 + 60 * MINUTE, running: false },
  ]);
  return (await e.db.selectFrom('stops').select('stopID').where('lineID', '=', 2).orderBy('startDate').execute()).map((s) => s.stopID);
}

describe('GET /api/stops/get', () => {
  it('lists stops with plant-offset dates, booleans and duration in minutes (open stops up to now), filtered and sorted', async () => {
    const [closed, open] = await lineStops();
    const all = await e.t.call('GET', '/api/stops/get', {
      token: e.tokens[ROLE.CONSULTANT],
      query: {
        filter: JSON.stringify([['lineID', '=', 2]]),
        sort: JSON.stringify([{ selector: 'startDate', desc: false }]),
        requireTotalCount: 'true',
      },
    });
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(2);
    expect(all.body.data[0]).toMatchObject({
      stopID: closed,
      lineID: 2,
      startDate: '2026-05-04T08:10:00.000+02:00',
      endDate: '2026-05-04T08:40:00.000+02:00',
      duration: 30,
      recognized: false,
      split: false,
    });
    expect(all.body.data[1]).toMatchObject({ stopID: open, endDate: null, duration: 180 });
    const unrecognizedOpen = await e.t.call('GET', '/api/stops', {
      token: e.tokens[ROLE.OPERATOR],
      query: { lineID: '2', filter: JSON.stringify([['endDate', '=', null], 'and', ['recognized', '=', false]]) },
    });
    expect(unrecognizedOpen.body.data.map((s: { stopID: number }) => s.stopID)).toEqual([open]);
  });

  it('needs a session and refuses filters on unknown columns', async () => {
    expectError(await e.t.call('GET', '/api/stops/get'), 401);
    expectError(
      await e.t.call('GET', '/api/stops/get', { token: e.tokens[ROLE.OPERATOR], query: { filter: '[["password","=","x"]]' } }),
      400,
    );
  });
});

describe('POST /api/stops/post (manual stops)', () => {
  it('records a manual stop with a reason and answers it', async () => {
    const result = await post({
      lineID: 1,
      startDate: '2026-05-04T08:00:00',
      endDate: '2026-05-04T08:25:00',
      reasonID: 31,
      observation: 'cinta rota',
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({
      lineID: 1,
      duration: 25,
      recognized: true,
      reasonID: 31,
      path: 'No planificadas / Mecánica / Rotura de cinta',
      color: '#aa0000',
      observation: 'cinta rota',
      updatedBy: 'toper',
    });
  });

  it('refuses an overlapping stop with 409 and a clear message (Spanish and English), storing nothing', async () => {
    await post({ lineID: 1, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:25:00' });
    const before = await snapshot(e.db, 'stops');
    expectError(
      await post({ lineID: 1, startDate: '2026-05-04T08:20:00', endDate: '2026-05-04T08:30:00' }),
      409,
      'La parada se superpone con la parada 1 (2026-05-04 08:00:00 a 2026-05-04 08:25:00) de la línea.',
    );
    expectError(
      await post({ lineID: 1, startDate: '2026-05-04T08:20:00', endDate: '2026-05-04T08:30:00' }, ROLE.OPERATOR, 'en'),
      409,
      'The stop overlaps stop 1 (2026-05-04 08:00:00 to 2026-05-04 08:25:00) of the line.',
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });

  it('refuses a line without the manual stops manager (409), bad dates (400) and the consultant role (403)', async () => {
    expectError(
      await post({ lineID: 2, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:10:00' }),
      409,
      'La línea 2 no tiene habilitado el gestor de paradas manuales.',
    );
    expectError(
      await post({ lineID: 1, startDate: '2026-05-04T08:10:00', endDate: '2026-05-04T08:00:00' }),
      400,
      'La fecha de fin debe ser posterior a la fecha de inicio.',
    );
    expectError(await post({ lineID: 1, startDate: 'yesterday' }), 400);
    expectError(await post({ lineID: 1, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:10:00' }, ROLE.CONSULTANT), 403);
    expect(await e.db.selectFrom('stops').selectAll().execute()).toHaveLength(0);
  });
});

describe('PUT and DELETE /api/stops', () => {
  it('changes the observation and the times of a manual stop; deleting is for supervisors', async () => {
    const created = (await post({ lineID: 1, startDate: '2026-05-04T08:00:00', endDate: '2026-05-04T08:10:00' })).body;
    const key = { order: null, lineID: 1, stopID: created.stopID };
    const put = await e.t.call('PUT', '/api/stops/put', {
      token: e.tokens[ROLE.OPERATOR],
      form: { key, values: { observation: 'ajuste', endDate: '2026-05-04T08:12:00' } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ observation: 'ajuste', duration: 12 });
    expectError(await e.t.call('DELETE', '/api/stops/delete', { token: e.tokens[ROLE.OPERATOR], form: { key } }), 403);
    expect((await e.t.call('DELETE', '/api/stops/delete', { token: e.tokens[ROLE.SUPERVISOR], form: { key } })).status).toBe(204);
    expect(await e.db.selectFrom('stops').selectAll().execute()).toHaveLength(0);
    expectError(await e.t.call('DELETE', '/api/stops/delete', { token: e.tokens[ROLE.SUPERVISOR], form: { key } }), 404);
  });
});

describe('POST /api/stops/recognize', () => {
  const recognize = (stopID: number, role: (typeof ROLE)[keyof typeof ROLE], signer: (typeof ROLE)[keyof typeof ROLE], password?: string) =>
    e.t.call('POST', '/api/stops/recognize', {
      token: e.tokens[role],
      json: {
        stopValues: { stopID, lineID: 2 },
        reasonValues: { reasonID: 31, reason: 'Rotura de cinta' },
        observation: 'rodillo',
        ...signatureOf(e, signer, password),
      },
    });

  it('recognizes a stop with the signer as author and the reason’s path, colour and pareto flag', async () => {
    const [stopID] = await lineStops();
    const result = await recognize(stopID!, ROLE.OPERATOR, ROLE.SUPERVISOR);
    expect(result.status, result.text).toBe(200);
    expect(result.body[0]).toMatchObject({
      stopID,
      recognized: true,
      reasonID: 31,
      rootID: 8,
      root: 'No planificadas',
      path: 'No planificadas / Mecánica / Rotura de cinta',
      color: '#aa0000',
      pareto: true,
      observation: 'rodillo',
      updatedBy: 'tsuper',
    });
  });

  it('answers 401 Firma no válida to a wrong password and 403 to a signer or a session without the role, changing nothing', async () => {
    const [stopID] = await lineStops();
    const before = await snapshot(e.db, 'stops');
    expectError(await recognize(stopID!, ROLE.OPERATOR, ROLE.SUPERVISOR, 'wrong'), 401, 'Firma no válida');
    expectError(await recognize(stopID!, ROLE.OPERATOR, ROLE.CONSULTANT), 403, 'El firmante no tiene permiso para esta acción.');
    expectError(await recognize(stopID!, ROLE.CONSULTANT, ROLE.SUPERVISOR), 403);
    expectError(
      await e.t.call('POST', '/api/stops/recognize', {
        token: e.tokens[ROLE.OPERATOR],
        json: { stopValues: { stopID }, reasonValues: 31 },
      }),
      400,
    );
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });

  it('accepts the stop and the reason as JSON text or bare ids, and refuses a category', async () => {
    const [first, second] = await lineStops();
    const ok = await e.t.call('POST', '/api/stops/recognize', {
      token: e.tokens[ROLE.OPERATOR],
      form: { stopValues: JSON.stringify([first, second]), reasonValues: '31', ...signatureOf(e, ROLE.OPERATOR) },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toHaveLength(2);
    expectError(
      await e.t.call('POST', '/api/stops/recognize', {
        token: e.tokens[ROLE.OPERATOR],
        json: { stopValues: first, reasonValues: 30, ...signatureOf(e, ROLE.OPERATOR) },
      }),
      400,
      'Debe seleccionar un motivo, no una categoría.',
    );
  });
});

describe('POST /api/stops/split', () => {
  const split = (
    stopID: number,
    newStart: string | null,
    newEnd: string | null,
    signer: (typeof ROLE)[keyof typeof ROLE] = ROLE.OPERATOR,
    password?: string,
  ) => {
    const { username, password: pass } = signatureOf(e, signer, password);
    return e.t.call('POST', '/api/stops/split', {
      token: e.tokens[ROLE.OPERATOR],
      json: { order: null, lineID: 2, stopID, split: false, user: username, password: pass, newStart, newEnd },
    });
  };

  it('splits a stop and answers the pieces, the selected one new and unrecognized', async () => {
    const [stopID] = await lineStops();
    const result = await split(stopID!, '2026-05-04T08:20:00', '2026-05-04T08:30:00');
    expect(result.status, result.text).toBe(200);
    expect(
      result.body.map((p: { stopID: number; startDate: string; duration: number; split: boolean }) => [
        p.stopID === stopID,
        p.startDate,
        p.duration,
        p.split,
      ]),
    ).toEqual([
      [true, '2026-05-04T08:10:00.000+02:00', 10, true],
      [false, '2026-05-04T08:20:00.000+02:00', 10, true],
      [false, '2026-05-04T08:30:00.000+02:00', 10, true],
    ]);
  });

  it('answers Fecha de inicio no es válida / Fecha de fin no es válida outside the limits, and 401 to a bad signature, changing nothing', async () => {
    const [stopID] = await lineStops();
    const before = await snapshot(e.db, 'stops');
    expectError(await split(stopID!, '2026-05-04T08:09:00', null), 400, 'Fecha de inicio no es válida');
    expectError(await split(stopID!, null, '2026-05-04T08:41:00'), 400, 'Fecha de fin no es válida');
    expectError(await split(stopID!, 'not a date', null), 400, 'Fecha de inicio no es válida');
    expectError(await split(stopID!, '2026-05-04T08:20:00', null, ROLE.OPERATOR, 'wrong'), 401, 'Firma no válida');
    expectError(await split(stopID!, '2026-05-04T08:20:00', null, ROLE.CONSULTANT), 403);
    expect(await snapshot(e.db, 'stops')).toEqual(before);
  });
});

describe('GET /api/stops/getStopsSummary', () => {
  it('summarizes a line’s stops clipped to the range, by path cut to the level, in minutes with percents 0..1', async () => {
    const [first] = await lineStops();
    await e.t.call('POST', '/api/stops/recognize', {
      token: e.tokens[ROLE.OPERATOR],
      json: { stopValues: first, reasonValues: 31, ...signatureOf(e, ROLE.OPERATOR) },
    });
    const result = await e.t.call('GET', '/api/stops/getStopsSummary', {
      token: e.tokens[ROLE.CONSULTANT],
      query: { line: '2', product: '0', startDate: '2026-05-04T08:20:00', endDate: '2026-05-04T10:00:00', root: '0', level: '1' },
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body.totalMinutes).toBe(80);
    expect(result.body.byPath).toEqual([
      { path: null, duration: 60, stopCount: 1, percent: 0.75 },
      { path: 'No planificadas', duration: 20, stopCount: 1, percent: 0.25 },
    ]);
    expect(result.body.pareto).toEqual([
      {
        reason: 'Rotura de cinta',
        path: 'No planificadas / Mecánica / Rotura de cinta',
        color: '#aa0000',
        duration: 20,
        quantity: 1,
        percent: 1,
      },
    ]);
  });

  it('answers Por favor complete los datos de filtro without dates', async () => {
    expectError(
      await e.t.call('GET', '/api/stops/getStopsSummary', { token: e.tokens[ROLE.OPERATOR], query: { line: '2' } }),
      400,
      'Por favor complete los datos de filtro',
    );
  });
});
