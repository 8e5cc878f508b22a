import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shiftOf } from '../../domain/calendar';
import { ROLE } from '../../domain/roles';
import { addLine, at, HOUR, MINUTE, seenSince } from '../../../../test/support/test-plant';
import { ENGINE_TZ, expectError, signatureOf, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { closeDueShifts } from './indexes.service';

const spring = shiftOf('TN', '2026-03-28', ENGINE_TZ);
const autumn = shiftOf('TN', '2026-10-24', ENGINE_TZ);
let e: EngineEdge;

afterEach(async () => {
  await e.close();
});

describe('shift indexes on DST days (Madrid)', () => {
  beforeEach(async () => {
    e = await startEngineEdge(autumn.endMs + HOUR);
    await addLine(e.db, { lineID: 1 });
    await seenSince(e.db, 1, at('2026-03-01T00:00:00Z'));
    for (const shift of [spring, autumn]) {
      await e.db
        .insertInto('stops')
        .values({ lineID: 1, startDate: shift.startMs + HOUR, endDate: shift.startMs + HOUR + 30 * MINUTE })
        .execute();
    }
  });

  it('answers the night shift into spring forward with 7 hours and into fall back with 9 hours', async () => {
    const get = (shiftStart: string) =>
      e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.CONSULTANT], query: { lineId: '1', shiftStart } });
    const short = await get('2026-03-29T03:30:00+02:00');
    expect(short.status, short.text).toBe(200);
    expect(short.body).toMatchObject({
      lineID: 1,
      shift: 'TN',
      shiftStart: '2026-03-28T22:00:00.000+01:00',
      shiftEnd: '2026-03-29T06:00:00.000+02:00',
      staffedTime: 420,
      stopTime: 30,
      runtime: 390,
      closed: true,
    });
    const long = await get('2026-10-24T23:00:00');
    expect(long.body).toMatchObject({
      shiftStart: '2026-10-24T22:00:00.000+02:00',
      shiftEnd: '2026-10-25T06:00:00.000+01:00',
      staffedTime: 540,
      runtime: 510,
    });
  });

  it('lists the stored shift indexes in the grid with their shift code, times in minutes', async () => {
    await closeDueShifts(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
    const page = await e.t.call('GET', '/api/oeeindex/history/get', {
      token: e.tokens[ROLE.SUPERVISOR],
      query: {
        lineID: '1',
        filter: JSON.stringify([['shiftStart', '>=', '2026-10-24T06:00:00'], 'and', ['shiftStart', '<', '2026-10-25T06:00:00']]),
        sort: JSON.stringify([{ selector: 'shiftStart' }]),
        requireTotalCount: 'true',
      },
    });
    expect(page.status, page.text).toBe(200);
    expect(page.body.totalCount).toBe(3);
    expect(
      page.body.data.map((row: { shift: string; staffedTime: number; closed: boolean; description: string }) => [
        row.shift,
        row.staffedTime,
        row.closed,
        row.description,
      ]),
    ).toEqual([
      ['TM', 480, true, 'Línea 1'],
      ['TT', 480, true, 'Línea 1'],
      ['TN', 540, true, 'Línea 1'],
    ]);
  });
});

describe('GET /api/history/get', () => {
  it('computes the open shift now (closed false) and answers 404 for an unknown line, 400 for a bad date', async () => {
    const tm = shiftOf('TM', '2026-05-04', ENGINE_TZ);
    e = await startEngineEdge(tm.startMs + 2 * HOUR);
    await addLine(e.db, { lineID: 1 });
    await e.events([
      { type: 'lineState', lineID: 1, atMs: tm.startMs, running: true },
      { type: 'lineState', lineID: 1, atMs: tm.startMs + HOUR, running: false },
    ]);
    const open = await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.OPERATOR], query: { lineId: '1' } });
    expect(open.body).toMatchObject({
      shift: 'TM',
      closed: false,
      staffedTime: 120,
      stopTime: 60,
      utilization: 0.5,
      mtbf: 60,
      mttr: 60,
      calculatedAt: '2026-05-04T08:00:00.000+02:00',
    });
    // SPEC.md section 7's form: a JSON key { lineId, shiftStart }; a key that is not one leaves the line missing (400).
    const byKey = await e.t.call('GET', '/api/history/get', {
      token: e.tokens[ROLE.OPERATOR],
      query: { key: JSON.stringify({ lineId: 1, shiftStart: '2026-05-04T07:00:00' }) },
    });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body).toEqual(open.body);
    expectError(await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.OPERATOR], query: { key: '{"lineId":' } }), 400);
    expectError(await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.OPERATOR], query: { key: '[1]' } }), 400);
    expectError(await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.OPERATOR], query: { lineId: '9' } }), 404);
    expectError(
      await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.OPERATOR], query: { lineId: '1', shiftStart: 'someday' } }),
      400,
    );
    expectError(await e.t.call('GET', '/api/oeeindex/history/get'), 401);
  });
});

describe('GET /api/oeeindex/history/get load options', () => {
  it('refuses a sort or filter on the shift code, which is derived per row (400, not a 500)', async () => {
    const tm = shiftOf('TM', '2026-05-04', ENGINE_TZ);
    e = await startEngineEdge(tm.startMs + 2 * HOUR);
    await addLine(e.db, { lineID: 1 });
    const list = (query: Record<string, string>) =>
      e.t.call('GET', '/api/oeeindex/history/get', { token: e.tokens[ROLE.CONSULTANT], query });
    expectError(await list({ sort: JSON.stringify([{ selector: 'shift', desc: true }]) }), 400);
    expectError(await list({ filter: JSON.stringify(['shift', '=', 'TM']) }), 400);
    expect((await list({ sort: JSON.stringify([{ selector: 'shiftStart', desc: true }]) })).status).toBe(200);
  });
});

describe('the production day of a shift index under a calendar whose day starts at 22:00 (issue 29)', () => {
  /** Shifts 22:00, 06:00, 14:00 every day: production day D runs from 22:00 of D to 22:00 of D+1 (the date it starts on). */
  const NIGHT_FIRST = {
    versions: [
      {
        effectiveFrom: '2026-01-01',
        pattern: {
          shifts: [
            { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '22:00' },
            { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00' },
            { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00' },
          ],
          breaks: [],
          weekdays: [1, 2, 3, 4, 5, 6, 7],
        },
      },
    ],
    exceptions: [],
  };

  beforeEach(async () => {
    e = await startEngineEdge(at('2026-05-06T12:00:00+02:00'));
    await addLine(e.db, { lineID: 1 });
    await seenSince(e.db, 1, at('2026-05-01T00:00:00Z'));
    const saved = await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.ADMINISTRATOR], json: NIGHT_FIRST });
    expect(saved.status, saved.text).toBe(200);
    await closeDueShifts(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
  });

  it("answers each row's calendar production day, and the production days' span (as the page filters) selects their shifts", async () => {
    // The page's filter: shiftStart within the span GET /api/calendars/days gives the production days (index-filters.ts).
    const days = await e.t.call('GET', '/api/calendars/days', {
      token: e.tokens[ROLE.CONSULTANT],
      query: { lineID: '1', from: '2026-05-04', to: '2026-05-04' },
    });
    expect(days.status, days.text).toBe(200);
    const [day] = days.body as { start: string; end: string }[];
    expect(day).toMatchObject({ start: '2026-05-04T22:00:00.000+02:00', end: '2026-05-05T22:00:00.000+02:00' });
    const page = await e.t.call('GET', '/api/oeeindex/history/get', {
      token: e.tokens[ROLE.CONSULTANT],
      query: {
        filter: JSON.stringify([['lineID', '=', 1], 'and', ['shiftStart', '>=', day!.start], 'and', ['shiftStart', '<', day!.end]]),
        sort: JSON.stringify([{ selector: 'shiftStart' }]),
      },
    });
    expect(page.status, page.text).toBe(200);
    // The morning and afternoon shifts start on the 5th but belong to the 4th's production day, after its night shift.
    expect(
      page.body.data.map((row: { shift: string; productionDay: string; shiftStart: string }) => [
        row.shift,
        row.productionDay,
        row.shiftStart,
      ]),
    ).toEqual([
      ['TN', '2026-05-04', '2026-05-04T22:00:00.000+02:00'],
      ['TM', '2026-05-04', '2026-05-05T06:00:00.000+02:00'],
      ['TT', '2026-05-04', '2026-05-05T14:00:00.000+02:00'],
    ]);
    // The next night shift opens the 5th's production day; the grid and GET /api/history/get say the same.
    const all = await e.t.call('GET', '/api/oeeindex/history/get', {
      token: e.tokens[ROLE.CONSULTANT],
      query: { filter: JSON.stringify(['shiftStart', '=', '2026-05-05T22:00:00']) },
    });
    expect(all.body.data).toMatchObject([{ shift: 'TN', productionDay: '2026-05-05' }]);
    const get = (shiftStart: string) =>
      e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.CONSULTANT], query: { lineId: '1', shiftStart } });
    expect((await get('2026-05-05T07:00:00')).body).toMatchObject({ shift: 'TM', productionDay: '2026-05-04', closed: true });
    expect((await get('2026-05-05T23:00:00')).body).toMatchObject({ shift: 'TN', productionDay: '2026-05-05', closed: true });
    // The open shift, computed now: the 6th's morning shift, of the 5th's production day.
    expect((await e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.CONSULTANT], query: { lineId: '1' } })).body).toMatchObject({
      shift: 'TM',
      productionDay: '2026-05-05',
      closed: false,
    });
  });

  /** The grid's rows of line 1 of production days from–to, by their stored day (the page's filter, index-filters.ts). */
  const daysOfGrid = async (from: string, to: string) => {
    const page = await e.t.call('GET', '/api/oeeindex/history/get', {
      token: e.tokens[ROLE.CONSULTANT],
      query: {
        filter: JSON.stringify([['lineID', '=', 1], 'and', ['productionDay', '>=', from], 'and', ['productionDay', '<=', to]]),
        sort: JSON.stringify([{ selector: 'shiftStart' }]),
      },
    });
    expect(page.status, page.text).toBe(200);
    return page.body.data.map((row: { shift: string; productionDay: string; shiftStart: string }) => [
      row.shift,
      row.productionDay,
      row.shiftStart,
    ]);
  };

  it('keeps the production day a closed shift was computed with when a version in force from a past date moves the day start to 06:00, until a recalculation of its days', async () => {
    const before = await daysOfGrid('2026-05-02', '2026-05-04');
    expect(before.filter(([, day]: string[]) => day === '2026-05-04')).toEqual([
      ['TN', '2026-05-04', '2026-05-04T22:00:00.000+02:00'],
      ['TM', '2026-05-04', '2026-05-05T06:00:00.000+02:00'],
      ['TT', '2026-05-04', '2026-05-05T14:00:00.000+02:00'],
    ]);
    // From 2 May (already past) the same shifts, but the production day starts with the 06:00 one.
    const DAY_AT_SIX = {
      effectiveFrom: '2026-05-02',
      pattern: { ...NIGHT_FIRST.versions[0]!.pattern, shifts: [1, 2, 0].map((i) => NIGHT_FIRST.versions[0]!.pattern.shifts[i]!) },
    };
    const saved = await e.t.call('PUT', '/api/calendars/plant', {
      token: e.tokens[ROLE.ADMINISTRATOR],
      json: { ...NIGHT_FIRST, versions: [...NIGHT_FIRST.versions, DAY_AT_SIX] },
    });
    expect(saved.status, saved.text).toBe(200);
    await closeDueShifts(e.db, { nowMs: e.clock.now, timeZone: ENGINE_TZ });
    // Nothing recalculated: every stored shift keeps its day in the grid, its filter and GET /api/history/get.
    expect(await daysOfGrid('2026-05-02', '2026-05-04')).toEqual(before);
    const get = (shiftStart: string) =>
      e.t.call('GET', '/api/history/get', { token: e.tokens[ROLE.CONSULTANT], query: { lineId: '1', shiftStart } });
    expect((await get('2026-05-05T07:00:00')).body).toMatchObject({ shift: 'TM', productionDay: '2026-05-04', closed: true });

    // 'Recalcular' of the 4th and 5th (signed): those days' shifts take the new calendar's days; the 3rd keeps its own.
    const admin = signatureOf(e, ROLE.ADMINISTRATOR);
    const recalculated = await e.t.call('GET', '/api/OeeIndex/RecalculateAllOrdersHistory', {
      token: e.tokens[ROLE.ADMINISTRATOR],
      query: { user: admin.username, password: admin.password, from: '2026-05-04', to: '2026-05-05' },
    });
    expect(recalculated.status, recalculated.text).toBe(200);
    expect(await daysOfGrid('2026-05-04', '2026-05-05')).toEqual([
      ['TM', '2026-05-04', '2026-05-04T06:00:00.000+02:00'],
      ['TT', '2026-05-04', '2026-05-04T14:00:00.000+02:00'],
      ['TN', '2026-05-04', '2026-05-04T22:00:00.000+02:00'],
      ['TM', '2026-05-05', '2026-05-05T06:00:00.000+02:00'],
      ['TT', '2026-05-05', '2026-05-05T14:00:00.000+02:00'],
      ['TN', '2026-05-05', '2026-05-05T22:00:00.000+02:00'],
    ]);
    expect((await get('2026-05-05T07:00:00')).body).toMatchObject({ shift: 'TM', productionDay: '2026-05-05', closed: true });
    // The 3rd's morning shift, outside the range, is still the 2nd's (the day it was computed with).
    expect((await get('2026-05-03T07:00:00')).body).toMatchObject({ shift: 'TM', productionDay: '2026-05-02', closed: true });
  });
});
