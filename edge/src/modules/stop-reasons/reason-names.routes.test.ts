import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { recordEdgeRestart } from '../engine';
import { ENGINE_TZ, signatureOf, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { addLine, addReason, at, MINUTE } from '../../../../test/support/test-plant';

/**
 * The seeded system reasons are stored in Spanish; every route that answers reasons or stops names them in the
 * request's language (reason-names.ts), and the plant's own reasons as the plant wrote them.
 */

const T0 = at('2026-05-04T08:00:00+02:00');
let e: EngineEdge;
type Language = 'es' | 'en';

beforeEach(async () => {
  e = await startEngineEdge(T0);
  await addLine(e.db, { lineID: 1, beacon: 'L1.Running' });
  await addReason(e.db, { reasonID: 30, parentID: 8, reason: 'Mecánica', isCategory: true, color: '#aa0000' });
  await addReason(e.db, { reasonID: 31, parentID: 30, reason: 'Rotura de cinta', pareto: true });
  // 08:10–08:25 the line's server cannot be read (reason 4); 08:30–08:40 the line stops (recognized below with 31);
  // from 08:40, its last news, the edge is not running (reason 9), and the stop stays open until the line is read again.
  await e.events([
    { type: 'lineState', lineID: 1, atMs: T0, running: true },
    { type: 'lineState', lineID: 1, atMs: T0 + 10 * MINUTE, running: null },
    { type: 'lineState', lineID: 1, atMs: T0 + 25 * MINUTE, running: true },
    { type: 'lineState', lineID: 1, atMs: T0 + 30 * MINUTE, running: false },
    { type: 'lineState', lineID: 1, atMs: T0 + 40 * MINUTE, running: true },
  ]);
  e.clock.now = T0 + 60 * MINUTE;
  await recordEdgeRestart(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ, userID: null });
});
afterEach(async () => {
  await e.close();
});

const get = (path: string, language: Language, query: Record<string, string> = {}, role: keyof typeof e.tokens = ROLE.SUPERVISOR) =>
  e.t.call('GET', path, { token: e.tokens[role], query, language });

async function stopIDs(): Promise<number[]> {
  return (await e.db.selectFrom('stops').select('stopID').where('lineID', '=', 1).orderBy('startDate').execute()).map((row) => row.stopID);
}

async function recognizeWithPlantReason(language: Language) {
  const [, plantStop] = await stopIDs();
  return e.t.call('POST', '/api/stops/recognize', {
    token: e.tokens[ROLE.OPERATOR],
    json: { stopValues: plantStop, reasonValues: 31, ...signatureOf(e, ROLE.OPERATOR) },
    language,
  });
}

const names = (rows: { reason: string | null; root: string | null; path: string | null }[]) =>
  rows.map((row) => [row.reason, row.root, row.path]);

describe('stop reasons in the request language', () => {
  it('GET /api/stopreasons: the nine system reasons in Spanish, or in English for Accept-Language: en; the plant’s as written', async () => {
    const reasons = async (language: Language) =>
      (await get('/api/stopreasons', language, { sort: JSON.stringify([{ selector: 'reasonID', desc: false }]) })).body.data.map(
        (row: { reason: string }) => row.reason,
      );
    expect(await reasons('es')).toEqual([
      'Raíz',
      'Sistema',
      'Microparada',
      'OPC desconectado',
      'Fin de lote',
      'Parada de ajuste',
      'Planificadas',
      'No planificadas',
      'Edge fuera de servicio',
      'Mecánica',
      'Rotura de cinta',
    ]);
    expect(await reasons('en')).toEqual([
      'Root',
      'System',
      'Microstop',
      'OPC disconnected',
      'End of lot',
      'Adjustment stop',
      'Planned',
      'Unplanned',
      'Edge not running',
      'Mecánica',
      'Rotura de cinta',
    ]);
  });

  it('GET /api/stopreasons/rootlookup names the top categories and the option for all in the request language', async () => {
    const lookup = async (language: Language) => (await get('/api/stopreasons/rootlookup', language, { includeOptionForAll: 'true' })).body;
    expect(await lookup('es')).toEqual([
      { value: 0, text: 'Todos' },
      { value: 8, text: 'No planificadas' },
      { value: 7, text: 'Planificadas' },
      { value: 2, text: 'Sistema' },
    ]);
    expect(await lookup('en')).toEqual([
      { value: 0, text: 'All' },
      { value: 8, text: 'Unplanned' },
      { value: 7, text: 'Planned' },
      { value: 2, text: 'System' },
    ]);
  });

  it('a system reason’s colour changes with the name an English request read sent back; a new name is still refused', async () => {
    const put = (values: Record<string, unknown>) =>
      e.t.call('PUT', '/api/stopreasons', { token: e.tokens[ROLE.SUPERVISOR], json: { key: 4, values }, language: 'en' });
    const changed = await put({ reason: 'OPC disconnected', color: '#123456' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ reasonID: 4, reason: 'OPC disconnected', color: '#123456' });
    expect((await put({ reason: 'Server down' })).status).toBe(400);
    expect(await e.db.selectFrom('stop_reasons').select(['reason', 'color']).where('reasonID', '=', 4).executeTakeFirst()).toEqual({
      reason: 'OPC desconectado',
      color: '#123456',
    });
  });

  it('GET /api/equipments/stops names a linked system reason in the request language', async () => {
    const { equipmentID } = await e.db
      .insertInto('equipments')
      .values({ name: 'Llenadora', description: 'Llenadora principal', tag: null, lineID: 1 })
      .returning('equipmentID')
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto('equipment_stop_reasons')
      .values([
        { equipmentID, reasonID: 3 },
        { equipmentID, reasonID: 31 },
      ])
      .execute();
    const linked = async (language: Language) =>
      (await get('/api/equipments/stops', language, { sort: JSON.stringify([{ selector: 'reasonID', desc: false }]) })).body.data.map(
        (row: { reason: string }) => row.reason,
      );
    expect(await linked('es')).toEqual(['Microparada', 'Rotura de cinta']);
    expect(await linked('en')).toEqual(['Microstop', 'Rotura de cinta']);
  });
});

describe('stops in the request language', () => {
  it('GET /api/stops/get: reason, root and path of system reasons translated, the plant’s reasons kept below their translated category', async () => {
    expect((await recognizeWithPlantReason('es')).status).toBe(200);
    const stops = async (language: Language) =>
      (
        await get(
          '/api/stops/get',
          language,
          { lineID: '1', sort: JSON.stringify([{ selector: 'startDate', desc: false }]) },
          ROLE.CONSULTANT,
        )
      ).body.data;
    expect(names(await stops('es'))).toEqual([
      ['OPC desconectado', 'Sistema', 'Sistema / OPC desconectado'],
      ['Rotura de cinta', 'No planificadas', 'No planificadas / Mecánica / Rotura de cinta'],
      ['Edge fuera de servicio', 'Sistema', 'Sistema / Edge fuera de servicio'],
    ]);
    expect(names(await stops('en'))).toEqual([
      ['OPC disconnected', 'System', 'System / OPC disconnected'],
      ['Rotura de cinta', 'Unplanned', 'Unplanned / Mecánica / Rotura de cinta'],
      ['Edge not running', 'System', 'System / Edge not running'],
    ]);
  });

  it('POST /api/stops/recognize answers the recognized stop in the request language', async () => {
    const recognized = await recognizeWithPlantReason('en');
    expect(recognized.status, recognized.text).toBe(200);
    expect(names(recognized.body)).toEqual([['Rotura de cinta', 'Unplanned', 'Unplanned / Mecánica / Rotura de cinta']]);
  });

  it('GET /api/stops/getStopsSummary: paths and reasons of the summary in the request language', async () => {
    await recognizeWithPlantReason('es');
    const summary = async (language: Language, level: string) =>
      (
        await get('/api/stops/getStopsSummary', language, {
          line: '1',
          startDate: '2026-05-04T08:00:00',
          endDate: '2026-05-04T09:00:00',
          level,
        })
      ).body;
    expect((await summary('es', '1')).byPath.map((row: { path: string }) => row.path)).toEqual(['Sistema', 'No planificadas']);
    expect((await summary('en', '1')).byPath.map((row: { path: string }) => row.path)).toEqual(['System', 'Unplanned']);
    const byReason = async (language: Language) =>
      (await summary(language, 'all')).byReason.map((row: { reason: string; path: string }) => [row.reason, row.path]);
    expect(await byReason('es')).toEqual([
      ['Edge fuera de servicio', 'Sistema / Edge fuera de servicio'],
      ['OPC desconectado', 'Sistema / OPC desconectado'],
      ['Rotura de cinta', 'No planificadas / Mecánica / Rotura de cinta'],
    ]);
    expect(await byReason('en')).toEqual([
      ['Edge not running', 'System / Edge not running'],
      ['OPC disconnected', 'System / OPC disconnected'],
      ['Rotura de cinta', 'Unplanned / Mecánica / Rotura de cinta'],
    ]);
  });

  it('GET /api/resources/status/get: the stop in progress in the request language', async () => {
    const stopData = async (language: Language) =>
      (await get('/api/resources/status/get', language, { lineID: '1' }, ROLE.OPERATOR)).body.stopData;
    expect(await stopData('es')).toMatchObject({ reasonID: 9, reason: 'Edge fuera de servicio', path: 'Sistema / Edge fuera de servicio' });
    expect(await stopData('en')).toMatchObject({ reasonID: 9, reason: 'Edge not running', path: 'System / Edge not running' });
  });
});
