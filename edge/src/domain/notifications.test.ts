import { describe, expect, it } from 'vitest';
import { alertMessage, durationText, registrationMail, registrationReply } from './alert-messages';
import {
  CHANNEL,
  dueAlerts,
  nextRound,
  retryDelayMs,
  scheduleCovers,
  sendKey,
  watcherCovers,
  type GroupRules,
  type LatestSend,
  type Recipient,
  type Situation,
  type WeeklySchedule,
} from './notifications';
import { MINUTE_MS } from './time';
import { instantOfWallTime } from './time-zone';

const MADRID = 'Europe/Madrid';
const BA = 'America/Argentina/Buenos_Aires';
/** Plant wall time 'YYYY-MM-DD HH:mm' → instant. */
const wall = (text: string, timeZone = MADRID) => {
  const [date, time] = text.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute] = time!.split(':').map(Number);
  return instantOfWallTime({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone);
};
// Weekdays: index 0 = Sunday.
const days = (...on: number[]) => [0, 1, 2, 3, 4, 5, 6].map((d) => on.includes(d));
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

describe('scheduleCovers: the group is notified inside its weekly windows, on the plant clock', () => {
  const office: WeeklySchedule = { startTime: '08:00', endTime: '17:00', startsOn: days(1, 2, 3, 4, 5) };
  it('a day window covers its start and not its end, on its weekdays only', () => {
    // 2026-05-04 is a Monday.
    expect(scheduleCovers(office, wall('2026-05-04 08:00'), MADRID)).toBe(true);
    expect(scheduleCovers(office, wall('2026-05-04 16:59'), MADRID)).toBe(true);
    expect(scheduleCovers(office, wall('2026-05-04 17:00'), MADRID)).toBe(false);
    expect(scheduleCovers(office, wall('2026-05-04 07:59'), MADRID)).toBe(false);
    expect(scheduleCovers(office, wall('2026-05-09 10:00'), MADRID)).toBe(false);
  });

  it('a window across midnight belongs to the day it starts on', () => {
    const fridayNight: WeeklySchedule = { startTime: '22:00', endTime: '06:00', startsOn: days(FRIDAY) };
    // Friday 2026-05-08 22:00 to Saturday 06:00.
    expect(scheduleCovers(fridayNight, wall('2026-05-08 21:59'), MADRID)).toBe(false);
    expect(scheduleCovers(fridayNight, wall('2026-05-08 22:00'), MADRID)).toBe(true);
    expect(scheduleCovers(fridayNight, wall('2026-05-09 00:00'), MADRID)).toBe(true);
    expect(scheduleCovers(fridayNight, wall('2026-05-09 05:59'), MADRID)).toBe(true);
    expect(scheduleCovers(fridayNight, wall('2026-05-09 06:00'), MADRID)).toBe(false);
    // Saturday night is not Friday's: the window does not start on Saturday.
    expect(scheduleCovers(fridayNight, wall('2026-05-09 23:00'), MADRID)).toBe(false);
    // Friday early morning belongs to Thursday's window, which is off.
    expect(scheduleCovers(fridayNight, wall('2026-05-08 03:00'), MADRID)).toBe(false);
  });

  it('an end at 00:00 ends at midnight; start = end is 24 hours from the start', () => {
    const evening: WeeklySchedule = { startTime: '18:00', endTime: '00:00', startsOn: days(SATURDAY) };
    expect(scheduleCovers(evening, wall('2026-05-09 23:59'), MADRID)).toBe(true);
    expect(scheduleCovers(evening, wall('2026-05-10 00:00'), MADRID)).toBe(false);
    const allDay: WeeklySchedule = { startTime: '06:00', endTime: '06:00', startsOn: days(SUNDAY) };
    expect(scheduleCovers(allDay, wall('2026-05-10 06:00'), MADRID)).toBe(true);
    expect(scheduleCovers(allDay, wall('2026-05-11 05:59'), MADRID)).toBe(true);
    expect(scheduleCovers(allDay, wall('2026-05-11 06:00'), MADRID)).toBe(false);
    expect(scheduleCovers(allDay, wall('2026-05-10 05:59'), MADRID)).toBe(false);
  });

  it('DST: the wall clock decides — a night window across the spring-forward and the fall-back nights', () => {
    // Europe/Madrid: 2026-03-29 02:00 → 03:00 (Sunday); 2026-10-25 03:00 → 02:00 (Sunday).
    const saturdayNight: WeeklySchedule = { startTime: '22:00', endTime: '06:00', startsOn: days(SATURDAY) };
    const springStart = wall('2026-03-28 22:00');
    const springEnd = wall('2026-03-29 06:00');
    expect(springEnd - springStart).toBe(7 * 60 * MINUTE_MS);
    expect(scheduleCovers(saturdayNight, springStart, MADRID)).toBe(true);
    expect(scheduleCovers(saturdayNight, springEnd - 1, MADRID)).toBe(true);
    expect(scheduleCovers(saturdayNight, springEnd, MADRID)).toBe(false);
    // 01:59 and then 03:00 local: both inside.
    expect(scheduleCovers(saturdayNight, wall('2026-03-29 03:00') - MINUTE_MS, MADRID)).toBe(true);

    const fallStart = wall('2026-10-24 22:00');
    const fallEnd = wall('2026-10-25 06:00');
    expect(fallEnd - fallStart).toBe(9 * 60 * MINUTE_MS);
    // Every minute of the 9-hour night is covered, none after.
    for (let at = fallStart; at < fallEnd; at += 30 * MINUTE_MS) expect(scheduleCovers(saturdayNight, at, MADRID)).toBe(true);
    expect(scheduleCovers(saturdayNight, fallEnd, MADRID)).toBe(false);

    // A window inside the skipped hour never matches that night; inside the repeated hour it matches both times.
    const skipped: WeeklySchedule = { startTime: '02:00', endTime: '03:00', startsOn: days(SUNDAY) };
    expect(scheduleCovers(skipped, wall('2026-03-29 01:59'), MADRID)).toBe(false);
    expect(scheduleCovers(skipped, wall('2026-03-29 03:00'), MADRID)).toBe(false);
    const repeated: WeeklySchedule = { startTime: '02:00', endTime: '03:00', startsOn: days(SUNDAY) };
    const firstTwo = wall('2026-10-25 02:00');
    expect(scheduleCovers(repeated, firstTwo, MADRID)).toBe(true);
    expect(scheduleCovers(repeated, firstTwo + 60 * MINUTE_MS, MADRID)).toBe(true);
    expect(scheduleCovers(repeated, firstTwo + 120 * MINUTE_MS, MADRID)).toBe(false);
  });

  it('the same instant is inside or outside depending on the plant zone', () => {
    const morning: WeeklySchedule = { startTime: '06:00', endTime: '14:00', startsOn: days(1) };
    const instant = Date.parse('2026-05-04T10:00:00Z'); // 12:00 in Madrid, 07:00 in Buenos Aires, Monday in both
    expect(scheduleCovers(morning, instant, MADRID)).toBe(true);
    expect(scheduleCovers({ ...morning, startTime: '08:00' }, instant, BA)).toBe(false);
  });
});

describe('watcherCovers: a watcher names a building, a sector or a line', () => {
  const place = { lineID: 3, sectorID: 20, buildingId: 100 };
  it('covers every line of its building or sector, or its line', () => {
    expect(watcherCovers({ buildingId: 100, sectorID: null, lineID: null }, place)).toBe(true);
    expect(watcherCovers({ buildingId: null, sectorID: 20, lineID: null }, place)).toBe(true);
    expect(watcherCovers({ buildingId: null, sectorID: null, lineID: 3 }, place)).toBe(true);
    expect(watcherCovers({ buildingId: 101, sectorID: null, lineID: null }, place)).toBe(false);
    expect(watcherCovers({ buildingId: null, sectorID: 21, lineID: null }, place)).toBe(false);
    expect(watcherCovers({ buildingId: null, sectorID: null, lineID: 4 }, place)).toBe(false);
  });
  it('with several named, all must match; naming nothing covers nothing', () => {
    expect(watcherCovers({ buildingId: 100, sectorID: 20, lineID: 3 }, place)).toBe(true);
    expect(watcherCovers({ buildingId: 100, sectorID: 21, lineID: null }, place)).toBe(false);
    expect(watcherCovers({ buildingId: null, sectorID: null, lineID: null }, place)).toBe(false);
    expect(watcherCovers({ buildingId: 100, sectorID: null, lineID: null }, { ...place, buildingId: null })).toBe(false);
  });
});

describe('nextRound: the first alert at once, repeats every interval after the last delivery, never more often', () => {
  const sent = (round: number, lastAtMs: number): LatestSend => ({ round, status: 'sent', lastAtMs });
  it('rounds', () => {
    expect(nextRound(undefined, 0, 5)).toBe(0);
    expect(nextRound(sent(0, 1_000), 1_000 + 5 * MINUTE_MS - 1, 5)).toBeNull();
    expect(nextRound(sent(0, 1_000), 1_000 + 5 * MINUTE_MS, 5)).toBe(1);
    expect(nextRound(sent(3, 0), 60 * MINUTE_MS, 5)).toBe(4);
    expect(nextRound({ round: 0, status: 'pending', lastAtMs: 0 }, 60 * MINUTE_MS, 5)).toBeNull();
    expect(nextRound({ round: 0, status: 'failed', lastAtMs: 0 }, 5 * MINUTE_MS, 5)).toBe(1);
    expect(nextRound(sent(0, 0), 600 * MINUTE_MS, 0)).toBeNull();
  });
  it('retries back off from 5 s, doubling, to at most 5 minutes', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000, 300_000]);
  });
});

describe('dueAlerts: what each group must hear about now', () => {
  const monday10 = wall('2026-05-04 10:00');
  const line = (lineID: number, sectorID = 20) => ({ lineID, sectorID, buildingId: 100 });
  const stop = (eventID: number, lineID: number, openMinutes: number): Situation => ({
    kind: 'stop',
    eventID,
    place: line(lineID),
    sinceMs: monday10 - openMinutes * MINUTE_MS,
  });
  const call = (eventID: number, lineID: number, openMinutes: number): Situation => ({
    kind: 'maintenance',
    eventID,
    place: line(lineID),
    sinceMs: monday10 - openMinutes * MINUTE_MS,
  });
  const group: GroupRules = {
    groupID: 1,
    targets: [
      { type: 0, channel: CHANNEL.TELEGRAM, notifyAfterMinutes: 10 },
      { type: 0, channel: CHANNEL.TELEGRAM, notifyAfterMinutes: 30 },
      { type: 1, channel: CHANNEL.EMAIL, notifyAfterMinutes: 15 },
    ],
    schedules: [{ startTime: '06:00', endTime: '14:00', startsOn: days(1) }],
    watchers: [{ buildingId: null, sectorID: 20, lineID: null }],
  };
  const chat: Recipient = { channel: CHANNEL.TELEGRAM, address: '555', userID: 'ana', language: 'es' };
  const mail: Recipient = { channel: CHANNEL.EMAIL, address: 'guardia@planta.com', userID: null, language: 'es' };
  const recipientsOf = (_group: number, channel: number) => (channel === CHANNEL.TELEGRAM ? [chat] : [mail]);
  const input = (overrides: Partial<Parameters<typeof dueAlerts>[0]> = {}) =>
    dueAlerts({
      nowMs: monday10,
      timeZone: MADRID,
      intervalMinutes: 5,
      channels: new Set([1, 2]),
      situations: [],
      groups: [group],
      recipientsOf,
      latest: new Map(),
      ...overrides,
    });
  const summary = (alerts: ReturnType<typeof dueAlerts>) =>
    alerts.map((a) => `${a.situation.kind}:${a.situation.eventID}:${a.recipient.address}:${a.round}`);

  it('a stop past the smallest threshold of its type, on a watched line, inside a schedule, on the target’s channel', () => {
    expect(summary(input({ situations: [stop(1, 3, 10), stop(2, 4, 9.9), call(7, 3, 14), call(8, 3, 15)] }))).toEqual([
      'stop:1:555:0',
      'maintenance:8:guardia@planta.com:0',
    ]);
  });

  it('nothing outside the schedules, for an unwatched line, or on a channel switched off', () => {
    const situations = [stop(1, 3, 60), call(8, 3, 60)];
    expect(input({ situations, nowMs: wall('2026-05-04 14:00'), latest: new Map() })).toEqual([]);
    expect(input({ situations: [{ ...stop(1, 3, 60), place: { lineID: 3, sectorID: 21, buildingId: 100 } }] })).toEqual([]);
    expect(summary(input({ situations, channels: new Set([CHANNEL.EMAIL]) }))).toEqual(['maintenance:8:guardia@planta.com:0']);
    expect(input({ situations, groups: [{ ...group, schedules: [] }] })).toEqual([]);
  });

  it('repeats only once the interval has passed since the last delivery', () => {
    const key = sendKey('stop', 1, 1, CHANNEL.TELEGRAM, '555');
    const latest = new Map([[key, { round: 0, status: 'sent' as const, lastAtMs: monday10 - 4 * MINUTE_MS }]]);
    expect(input({ situations: [stop(1, 3, 20)], latest })).toEqual([]);
    const later = new Map([[key, { round: 0, status: 'sent' as const, lastAtMs: monday10 - 5 * MINUTE_MS }]]);
    expect(summary(input({ situations: [stop(1, 3, 20)], latest: later }))).toEqual(['stop:1:555:1']);
  });
});

describe('messages', () => {
  const facts = {
    kind: 'stop' as const,
    plantName: 'Planta Norte',
    lineID: 3,
    lineDescription: 'Llenadora',
    sectorName: 'Envasado',
    reason: null,
    sinceMs: wall('2026-05-04 09:47'),
    nowMs: wall('2026-05-04 10:00'),
    timeZone: MADRID,
    dashboardUrl: 'http://edge.planta:8080/?line=3',
  };
  it('an alert says plant, line, what, reason, since when in plant time, for how long, and the dashboard link', () => {
    expect(alertMessage(facts, 'es')).toEqual({
      subject: '[Planta Norte] Parada: Línea 3 – Llenadora (Envasado), 13 min',
      text: 'Parada: Línea 3 – Llenadora (Envasado)\nPlanta: Planta Norte\nMotivo: sin motivo todavía\nDesde: 2026-05-04 09:47 (hace 13 min)\nVer la línea: http://edge.planta:8080/?line=3',
    });
    expect(alertMessage({ ...facts, kind: 'maintenance', callStatus: 1, reason: 'Atasco', sectorName: null }, 'en').text).toBe(
      'Maintenance call (in progress): Line 3 – Llenadora\nPlant: Planta Norte\nReason: Atasco\nSince: 2026-05-04 09:47 (for 13 min)\nOpen the line: http://edge.planta:8080/?line=3',
    );
  });
  it('durations in minutes, hours and days', () => {
    expect([0, 59.9, 60, 65, 24 * 60 + 61, -5].map((m) => durationText(m * MINUTE_MS))).toEqual([
      '0 min',
      '59 min',
      '1 h 00 min',
      '1 h 05 min',
      '1 d 1 h',
      '0 min',
    ]);
  });
  it('registration mail and the bot’s reply, in both languages', () => {
    const es = registrationMail(
      { firstName: 'Ana', plantName: 'Planta Norte', link: 'https://t.me/OeeBot?start=abc', validHours: 72 },
      'es',
    );
    expect(es.text).toContain('https://t.me/OeeBot?start=abc');
    expect(es.text).toContain('Hola Ana');
    expect(registrationMail({ firstName: 'Ann', plantName: 'P', link: 'L', validHours: 72 }, 'en').subject).toBe(
      "[P] Receive the plant's alerts on Telegram",
    );
    expect(registrationReply(true, 'Planta Norte', 'es')).toBe('Registrado: este chat recibirá las alertas de Planta Norte.');
    expect(registrationReply(false, 'P', 'en')).toMatch(/not valid/);
  });
});
