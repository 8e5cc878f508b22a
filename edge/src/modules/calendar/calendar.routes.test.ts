import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { instantOfWallTime } from '../../domain/time-zone';
import { ENGINE_TZ, startEngineEdge, type EngineEdge } from '../../../../test/support/engine-edge';
import { addLine } from '../../../../test/support/test-plant';

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
      shift: {
        code: 'TN',
        nameEs: 'Noche',
        nameEn: 'Night',
        plantDate: '2026-05-04',
        start: '2026-05-04T22:00:00.000+02:00',
        end: '2026-05-05T06:00:00.000+02:00',
      },
      previous: {
        code: 'TT',
        nameEs: 'Tarde',
        nameEn: 'Afternoon',
        plantDate: '2026-05-04',
        start: '2026-05-04T14:00:00.000+02:00',
        end: '2026-05-04T22:00:00.000+02:00',
      },
      next: {
        code: 'TM',
        nameEs: 'Mañana',
        nameEn: 'Morning',
        plantDate: '2026-05-05',
        start: '2026-05-05T06:00:00.000+02:00',
        end: '2026-05-05T14:00:00.000+02:00',
      },
      day: { code: 'TO', plantDate: '2026-05-04', start: '2026-05-04T06:00:00.000+02:00', end: '2026-05-05T06:00:00.000+02:00' },
    });
  });

  it('needs a session', async () => {
    expect((await e.t.call('GET', '/api/calendar/now')).status).toBe(401);
  });
});

describe('the work calendars (/api/calendars)', () => {
  const DEFAULT_PLANT = {
    versions: [
      {
        effectiveFrom: '1900-01-01',
        pattern: {
          shifts: [
            { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00', end: null },
            { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00', end: null },
            { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '22:00', end: null },
          ],
          breaks: [],
          weekdays: [1, 2, 3, 4, 5, 6, 7],
        },
      },
    ],
    exceptions: [],
  };
  const TWO_SHIFTS = {
    versions: [
      DEFAULT_PLANT.versions[0]!,
      {
        effectiveFrom: '2026-06-01',
        pattern: {
          shifts: [
            { code: 'TD', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
            { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: '05:00' },
          ],
          breaks: [{ shiftCode: 'TD', start: '12:00', minutes: 30 }],
          weekdays: [1, 2, 3, 4, 5],
        },
      },
    ],
    exceptions: [
      { date: '2026-06-24', kind: 'holiday' },
      { date: '2026-06-27', kind: 'extraShift', shiftCode: 'TD' },
      { date: '2026-12-24', kind: 'shortDay', until: '15:00' },
    ],
  };
  const calendarRows = async () => ({
    versions: await e.db.selectFrom('calendar_versions').selectAll().orderBy('lineID').orderBy('effectiveFrom').execute(),
    shifts: await e.db.selectFrom('calendar_shifts').selectAll().orderBy('lineID').orderBy('effectiveFrom').orderBy('position').execute(),
    breaks: await e.db.selectFrom('calendar_breaks').selectAll().execute(),
    exceptions: await e.db.selectFrom('calendar_exceptions').selectAll().execute(),
    audit: (await e.db.selectFrom('audit_log').select('auditID').where('entity', 'like', 'calendar_%').execute()).length,
  });

  it("answers everyone signed in the plant's calendar, which starts as today's TM/TT/TN every day", async () => {
    for (const role of [ROLE.OPERATOR, ROLE.CONSULTANT]) {
      const response = await e.t.call('GET', '/api/calendars', { token: e.tokens[role] });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ plant: DEFAULT_PLANT, lines: [] });
    }
    expect((await e.t.call('GET', '/api/calendars')).status).toBe(401);
  });

  it('lets a supervisor store a new version, breaks, weekdays and exceptions, audited in their name; operators and consultants may not', async () => {
    for (const role of [ROLE.OPERATOR, ROLE.CONSULTANT])
      expect((await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[role], json: TWO_SHIFTS })).status).toBe(403);
    const put = await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.SUPERVISOR], json: TWO_SHIFTS });
    expect(put.status, put.text).toBe(200);
    expect(put.body.plant).toEqual(TWO_SHIFTS);
    expect((await e.t.call('GET', '/api/calendars', { token: e.tokens[ROLE.OPERATOR] })).body.plant).toEqual(TWO_SHIFTS);
    const audit = await e.db.selectFrom('audit_log').select(['entity', 'action', 'userID']).where('entity', 'like', 'calendar_%').execute();
    expect(audit.length).toBe(1 + 2 + 1 + 3);
    expect(new Set(audit.map((row) => row.userID))).toEqual(new Set([e.users[ROLE.SUPERVISOR]]));
    // The same calendar again changes nothing and audits nothing.
    expect((await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.ADMINISTRATOR], json: TWO_SHIFTS })).status).toBe(200);
    expect((await calendarRows()).audit).toBe(audit.length);
  });

  it('refuses a bad calendar with its own message in Spanish and English, and stores nothing', async () => {
    const before = await calendarRows();
    const withPattern = (pattern: object) => ({
      versions: [{ effectiveFrom: '2000-01-01', pattern: { ...DEFAULT_PLANT.versions[0]!.pattern, ...pattern } }],
      exceptions: [],
    });
    const cases: Array<[unknown, string, string, string]> = [
      [
        withPattern({
          shifts: [
            { code: 'A', nameEs: 'a', nameEn: 'a', start: '06:00' },
            { code: 'B', nameEs: 'b', nameEn: 'b', start: '18:00' },
            { code: 'C', nameEs: 'c', nameEn: 'c', start: '12:00' },
          ],
        }),
        'versions.0.pattern.shifts.2.start',
        'El turno C debe empezar después del turno anterior y antes de que empiece el día siguiente.',
        'Shift C must start after the previous shift and before the next day starts.',
      ],
      [
        withPattern({ breaks: [{ shiftCode: 'TM', start: '13:50', minutes: 30 }] }),
        'versions.0.pattern.breaks.0',
        'El descanso debe caer dentro del horario del turno TM.',
        'The break must fall within the scheduled time of shift TM.',
      ],
      [
        { ...DEFAULT_PLANT, exceptions: [{ date: '2026-05-01', kind: 'extraShift', shiftCode: 'TX' }] },
        'exceptions.0.shiftCode',
        'El turno TX no está en el patrón.',
        'Shift TX is not in the pattern.',
      ],
      [
        { ...DEFAULT_PLANT, exceptions: [{ date: '2026-02-30', kind: 'holiday' }] },
        'exceptions.0.date',
        'La fecha debe ser una fecha existente con el formato AAAA-MM-DD.',
        'The date must be an existing date written YYYY-MM-DD.',
      ],
      [
        {
          ...DEFAULT_PLANT,
          exceptions: [
            { date: '2026-05-01', kind: 'holiday' },
            { date: '2026-05-01', kind: 'shortDay', until: '10:00' },
          ],
        },
        'exceptions.1',
        'Las excepciones del 2026-05-01 se contradicen: un festivo no admite otra excepción, hay una sola jornada reducida por día y un turno extra no se repite.',
        'The exceptions of 2026-05-01 contradict each other: a holiday admits no other exception, a day has one shorter day at most and an extra shift is not repeated.',
      ],
    ];
    for (const [json, field, es, en] of cases) {
      const spanish = await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.ADMINISTRATOR], json });
      expect(spanish.status, spanish.text).toBe(400);
      expect(spanish.body.error.message).toBe(es);
      expect(Object.keys(spanish.body.error.fields)).toContain(field);
      const english = await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.ADMINISTRATOR], json, language: 'en' });
      expect(english.body.error.message).toBe(en);
    }
    // Shapes the schema refuses: a wrong time, no weekdays list, a date out of the supported range, no version.
    for (const json of [
      withPattern({ shifts: [{ code: 'TM', nameEs: 'x', nameEn: 'x', start: '6:00' }] }),
      { versions: [{ effectiveFrom: '2000-01-01', pattern: { shifts: DEFAULT_PLANT.versions[0]!.pattern.shifts } }] },
      { ...DEFAULT_PLANT, exceptions: [{ date: '9999-12-31', kind: 'holiday' }] },
      { versions: [], exceptions: [] },
    ]) {
      const refused = await e.t.call('PUT', '/api/calendars/plant', { token: e.tokens[ROLE.ADMINISTRATOR], json });
      expect(refused.status, refused.text).toBe(400);
    }
    expect(await calendarRows()).toEqual(before);
  });

  it('gives a line a calendar of its own and takes it away again; a line that does not exist is 404', async () => {
    await addLine(e.db, { lineID: 3 });
    const put = await e.t.call('PUT', '/api/calendars/lines/3', { token: e.tokens[ROLE.SUPERVISOR], json: DEFAULT_PLANT });
    expect(put.status, put.text).toBe(200);
    expect(put.body.lines).toEqual([{ lineID: 3, ...DEFAULT_PLANT }]);
    expect((await e.t.call('PUT', '/api/calendars/lines/4', { token: e.tokens[ROLE.SUPERVISOR], json: DEFAULT_PLANT })).status).toBe(404);
    expect((await e.t.call('PUT', '/api/calendars/lines/3', { token: e.tokens[ROLE.OPERATOR], json: DEFAULT_PLANT })).status).toBe(403);
    // While it has a calendar of its own the line cannot be deleted, as while stops or terminals name it.
    expect((await e.t.call('DELETE', '/api/Resources', { token: e.tokens[ROLE.ADMINISTRATOR], form: { key: 3 } })).status).toBe(409);
    const removed = await e.t.call('DELETE', '/api/calendars/lines/3', { token: e.tokens[ROLE.ADMINISTRATOR] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.lines).toEqual([]);
    expect(await e.db.selectFrom('calendar_versions').select('lineID').where('lineID', '=', 3).execute()).toEqual([]);
    expect((await e.t.call('DELETE', '/api/Resources', { token: e.tokens[ROLE.ADMINISTRATOR], form: { key: 3 } })).status).toBe(204);
  });
});

describe('GET /api/calendars/days', () => {
  const days = (query: Record<string, string>, language?: 'en') =>
    e.t.call('GET', '/api/calendars/days', { token: e.tokens[ROLE.CONSULTANT], query, ...(language && { language }) });

  it("says the plant's days as its calendar has them: the default's three shifts, and the Madrid night into summer time 7 hours long", async () => {
    await e.t.call('PUT', '/api/calendars/plant', {
      token: e.tokens[ROLE.ADMINISTRATOR],
      json: {
        versions: [
          {
            effectiveFrom: '1900-01-01',
            pattern: {
              shifts: [
                { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00' },
                { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00' },
                { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '22:00' },
              ],
              weekdays: [1, 2, 3, 4, 5, 6, 7],
            },
          },
        ],
      },
    });
    const answer = await days({ from: '2026-03-28', to: '2026-03-28' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual([
      {
        plantDate: '2026-03-28',
        start: '2026-03-28T06:00:00.000+01:00',
        end: '2026-03-29T06:00:00.000+02:00',
        shifts: [
          {
            code: 'TM',
            nameEs: 'Mañana',
            nameEn: 'Morning',
            start: '2026-03-28T06:00:00.000+01:00',
            end: '2026-03-28T14:00:00.000+01:00',
            scheduled: [{ start: '2026-03-28T06:00:00.000+01:00', end: '2026-03-28T14:00:00.000+01:00' }],
            breaks: [],
          },
          {
            code: 'TT',
            nameEs: 'Tarde',
            nameEn: 'Afternoon',
            start: '2026-03-28T14:00:00.000+01:00',
            end: '2026-03-28T22:00:00.000+01:00',
            scheduled: [{ start: '2026-03-28T14:00:00.000+01:00', end: '2026-03-28T22:00:00.000+01:00' }],
            breaks: [],
          },
          {
            code: 'TN',
            nameEs: 'Noche',
            nameEn: 'Night',
            start: '2026-03-28T22:00:00.000+01:00',
            end: '2026-03-29T06:00:00.000+02:00',
            scheduled: [{ start: '2026-03-28T22:00:00.000+01:00', end: '2026-03-29T06:00:00.000+02:00' }],
            breaks: [],
          },
        ],
      },
    ]);
  });

  it('refuses a reversed or too long range and a date that does not exist, in both languages; 404 for an unknown line', async () => {
    const reversed = await days({ from: '2026-05-02', to: '2026-05-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.message).toBe(
      'El rango de días debe empezar (from) no después de terminar (to) y abarcar como máximo 62 días.',
    );
    expect((await days({ from: '2026-01-01', to: '2026-03-04' }, 'en')).body.error.message).toBe(
      'The range of days must start (from) no later than it ends (to) and span at most 62 days.',
    );
    expect((await days({ from: '2026-02-30', to: '2026-03-01' })).status).toBe(400);
    expect((await days({ from: '2026-05-01', to: '2026-05-01', lineID: '42' })).status).toBe(404);
  });
});

// Last: its calendar writes would count in the audit the tests above check.
describe('GET /api/calendar/now?lineID', () => {
  it("answers a line's now by its own calendar (two 12-hour shifts from 07:00): its shift, the previous and next, its day", async () => {
    await addLine(e.db, { lineID: 7 });
    const twelves = {
      versions: [
        {
          effectiveFrom: '2026-01-01',
          pattern: {
            shifts: [
              { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
              { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: null },
            ],
            breaks: [],
            weekdays: [1, 2, 3, 4, 5],
          },
        },
      ],
      exceptions: [],
    };
    expect((await e.t.call('PUT', '/api/calendars/lines/7', { token: e.tokens[ROLE.SUPERVISOR], json: twelves })).status).toBe(200);
    const response = await e.t.call('GET', '/api/calendar/now?lineID=7', { token: e.tokens[ROLE.OPERATOR] });
    expect(response.status).toBe(200);
    const span = (code: string, plantDate: string, start: string, end: string) => ({ code, plantDate, start, end });
    expect(response.body).toMatchObject({
      lineID: 7,
      plantDate: '2026-05-04',
      shift: span('N', '2026-05-04', '2026-05-04T19:00:00.000+02:00', '2026-05-05T07:00:00.000+02:00'),
      previous: span('D', '2026-05-04', '2026-05-04T07:00:00.000+02:00', '2026-05-04T19:00:00.000+02:00'),
      next: span('D', '2026-05-05', '2026-05-05T07:00:00.000+02:00', '2026-05-05T19:00:00.000+02:00'),
      day: span('TO', '2026-05-04', '2026-05-04T07:00:00.000+02:00', '2026-05-05T07:00:00.000+02:00'),
    });
    // The plant's now is still the default calendar's; an unknown line is a 404.
    expect((await e.t.call('GET', '/api/calendar/now', { token: e.tokens[ROLE.OPERATOR] })).body.shift.code).toBe('TN');
    expect((await e.t.call('GET', '/api/calendar/now?lineID=98', { token: e.tokens[ROLE.OPERATOR] })).status).toBe(404);
    expect((await e.t.call('DELETE', '/api/calendars/lines/7', { token: e.tokens[ROLE.SUPERVISOR] })).status).toBe(200);
  });
});
