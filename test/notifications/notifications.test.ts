import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOfWallTime } from '../../edge/src/domain/time-zone';
import { applyLineEvents } from '../../edge/src/modules/engine';
import { insert, sectorWithLine, tokensForEveryRole, type RoleTokens } from '../support/module-fixtures';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { startBotStandIn, type BotStandIn } from '../support/telegram-bot-stand-in';
import { quickAnswerPauseMs } from '../../edge/src/jobs/notification-jobs';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';

/**
 * Notifications end to end (issue 17): a real edge, a real SMTP server (smtp-server) and a local stand-in of the
 * Telegram Bot API, all on 127.0.0.1. The edge's clock is the test's (`nowMs`), moved by minutes; each pass of the
 * job is run at once with `notifications.runNow()` (its own 5-second timer runs too, on the same clock, and changes
 * nothing: whatever a pass records is recorded once).
 */

const TZ = 'America/Argentina/Buenos_Aires';
const MINUTE = 60_000;
// Monday 2026-05-04, 09:00 plant time: inside the group's Monday 06:00–14:00 schedule.
const T0 = instantOfWallTime({ year: 2026, month: 5, day: 4, hour: 9, minute: 0 }, TZ);
let nowMs = T0;
const at = (minutes: number) => {
  nowMs = T0 + minutes * MINUTE;
};

let t: TestEdge;
let tokens: RoleTokens;
let bot: BotStandIn;
let smtp: SmtpStandIn;
let watched: Awaited<ReturnType<typeof sectorWithLine>>;
let unwatched: Awaited<ReturnType<typeof sectorWithLine>>;
const CHAT = { ana: 1001, john: 1002, off: 1003 };
const openCalls: number[] = [];

const db = () => t.edge.plant.db!;
const runPass = () => t.edge.notifications.runNow();
const sentTo = (chatID: number) => bot.messages.filter((message) => message.chatID === String(chatID));
const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
const openStop = (lineID: number) =>
  applyLineEvents(db(), [{ type: 'lineState', lineID, atMs: nowMs, running: false }], { nowMs, timeZone: TZ, userID: null });
const endStop = (lineID: number) =>
  applyLineEvents(db(), [{ type: 'lineState', lineID, atMs: nowMs, running: true }], { nowMs, timeZone: TZ, userID: null });

/** Registers a user's chat the way a person does: the emailed link, then /start <token> to the bot. */
async function registerChat(userID: string, chatID: number, languageCode?: string) {
  const mailsBefore = smtp.mails.length;
  const answer = await t.call('POST', '/api/telegramUsers', { token: t.adminToken, json: { userID } });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toEqual({ message: 'Correo enviado' });
  const [mail] = (await smtp.waitForMails(mailsBefore + 1)).slice(mailsBefore);
  const link = /https:\/\/t\.me\/OeePlantaBot\?start=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  bot.userSends(chatID, `/start ${link![1]}`, languageCode);
  await expect
    .poll(async () => (await db().selectFrom('telegram_users').select('chatID').where('userID', '=', userID).executeTakeFirst())?.chatID, {
      timeout: 20_000,
    })
    .toBe(String(chatID));
  return mail!;
}

async function startEdge(again?: { dataDir: string; adminPassword: string }) {
  t = await startTestEdge({ timeZone: TZ, now: () => nowMs, again });
}

beforeAll(async () => {
  [bot, smtp] = await Promise.all([startBotStandIn(), startSmtpStandIn()]);
  await startEdge();
  tokens = await tokensForEveryRole(t);
  const parameters = await t.call('PUT', '/api/parameters', {
    token: t.adminToken,
    json: {
      telegramEnabled: true,
      telegramBotName: 'OeePlantaBot',
      telegramBotToken: bot.token,
      telegramApiBaseUrl: bot.url,
      telegramNotificationInterval: 5,
      emailEnabled: true,
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailFrom: 'oee@planta.com',
      edgePublicUrl: 'http://oee.planta:8080/',
      plantName: 'Planta Norte',
    },
  });
  expect(parameters.status, parameters.text).toBe(200);

  watched = await sectorWithLine(t, 1, 'Envasado');
  unwatched = await sectorWithLine(t, 2, 'Molienda');
  const guard = await insert(t, '/api/notifications/groups', { name: 'Guardia', email: 'guardia@planta.com' });
  await insert(t, '/api/notifications/schedules', { groupID: guard.groupID, startTime: '06:00', endTime: '14:00', monday: true });
  await insert(t, '/api/notifications/targets', { groupID: guard.groupID, type: 0, channel: 1, notifyAfterMinutes: 10 });
  await insert(t, '/api/notifications/targets', { groupID: guard.groupID, type: 1, channel: 2, notifyAfterMinutes: 15 });
  await insert(t, '/api/notifications/watchers', { groupID: guard.groupID, sectorID: watched.sector.sectorID });
  // A disabled group that watches every line all week: it never hears anything.
  const off = await insert(t, '/api/notifications/groups', { name: 'Apagado', enabled: false });
  await insert(t, '/api/notifications/schedules', {
    groupID: off.groupID,
    startTime: '00:00',
    endTime: '00:00',
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: true,
    sunday: true,
  });
  await insert(t, '/api/notifications/targets', { groupID: off.groupID, type: 0, channel: 1, notifyAfterMinutes: 0 });
  await insert(t, '/api/notifications/targets', { groupID: off.groupID, type: 1, channel: 2, notifyAfterMinutes: 0 });
  await insert(t, '/api/notifications/watchers', { groupID: off.groupID, buildingId: watched.building.buildingId });
  await insert(t, '/api/notifications/watchers', { groupID: off.groupID, buildingId: unwatched.building.buildingId });

  const user = (userID: string, firstName: string, groupID: number, language: 'es' | 'en') =>
    insert(t, '/api/users', {
      userID,
      firstName,
      lastName: 'Test',
      email: `${userID}@planta.com`,
      password: `clave-${userID}-1`,
      roleID: 3,
      groupID,
      language,
    });
  await user('ana', 'Ana', guard.groupID, 'es');
  await user('john', 'John', guard.groupID, 'en');
  await user('apagado', 'Otto', off.groupID, 'es');
  await insert(t, '/api/users', {
    userID: 'sinmail',
    firstName: 'Sin',
    lastName: 'Correo',
    password: 'clave-sinmail-1',
    roleID: 3,
    groupID: guard.groupID,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([bot?.close(), smtp?.stop()]);
});

describe('Telegram registration', () => {
  it('emails the user a personal link; /start <token> to the bot binds the chat, and the bot says so in the user’s language', async () => {
    const mail = await registerChat('ana', CHAT.ana);
    expect(mail.to).toEqual(['ana@planta.com']);
    expect(mail.from).toBe('oee@planta.com');
    expect(mail.subject).toBe('[Planta Norte] Reciba las alertas de la planta en Telegram');
    expect(mail.text).toContain('Hola Ana');
    await expect
      .poll(() => sentTo(CHAT.ana).map((message) => message.text))
      .toEqual(['Registrado: este chat recibirá las alertas de Planta Norte.']);

    const english = await registerChat('john', CHAT.john, 'en');
    expect(english.subject).toBe("[Planta Norte] Receive the plant's alerts on Telegram");
    await expect
      .poll(() => sentTo(CHAT.john).map((message) => message.text))
      .toEqual(['Registered: this chat will receive the alerts of Planta Norte.']);
    await registerChat('apagado', CHAT.off);

    const states = await t.call('GET', '/api/telegramUsers', { token: t.adminToken });
    expect(states.body).toEqual(expect.arrayContaining([expect.objectContaining({ userID: 'ana', registered: true, linkPending: false })]));
  }, 60_000);

  it('a link works once: sent again, it binds nothing and the bot says it is not valid', async () => {
    const [first] = smtp.mails.filter((mail) => mail.to.includes('ana@planta.com'));
    const token = /start=([A-Za-z0-9_-]+)/.exec(first!.text)![1]!;
    bot.userSends(4242, `/start ${token}`);
    await expect
      .poll(() => sentTo(4242).map((message) => message.text), { timeout: 20_000 })
      .toEqual(['Este enlace no es válido o venció: pida uno nuevo a un administrador.']);
    const row = await db().selectFrom('telegram_users').select('chatID').where('userID', '=', 'ana').executeTakeFirst();
    expect(row?.chatID).toBe(String(CHAT.ana));
  }, 30_000);

  it('a user without email gets SPEC’s message (ES and EN) and nothing is stored; all sends to every active user with an email', async () => {
    const refused = await t.call('POST', '/api/telegramUsers', { token: t.adminToken, json: { userID: 'sinmail' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('El usuario sinmail debe ser configurado con un correo previamente.');
    const english = await t.call('POST', '/api/telegramUsers', { token: t.adminToken, json: { userID: 'sinmail' }, language: 'en' });
    expect(english.body.error.message).toBe('The user sinmail must first be configured with an email.');
    expect(await db().selectFrom('telegram_users').select('userID').where('userID', '=', 'sinmail').executeTakeFirst()).toBeUndefined();
    expect((await t.call('POST', '/api/telegramUsers', { token: t.adminToken, json: { userID: 'nadie' } })).status).toBe(404);

    const withEmail = await db().selectFrom('users').select('email').where('active', '=', 1).where('email', 'is not', null).execute();
    const before = smtp.mails.length;
    const all = await t.call('POST', '/api/telegramUsers/all', { token: t.adminToken });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({ message: 'Correo enviado', sent: withEmail.length, failed: [] });
    const mails = (await smtp.waitForMails(before + withEmail.length)).slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(withEmail.map((row) => row.email).sort());
  }, 30_000);
});

describe('alerts', () => {
  it('a stop past notifyAfterMinutes inside the schedule: once to each registered member, in their language; again after the interval; never for an unwatched line or a disabled group', async () => {
    const before = bot.messages.length;
    at(10);
    await openStop(1);
    await openStop(2);
    at(19);
    await runPass();
    expect(bot.messages.length).toBe(before);

    at(20);
    await runPass();
    const first = bot.messages.slice(before);
    expect(first.map((message) => message.chatID).sort()).toEqual([String(CHAT.ana), String(CHAT.john)]);
    expect(first.find((message) => message.chatID === String(CHAT.ana))!.text).toBe(
      'Parada: Línea 1 – Line 1 (Envasado)\nPlanta: Planta Norte\nMotivo: sin motivo todavía\nDesde: 2026-05-04 09:10 (hace 10 min)\nVer la línea: http://oee.planta:8080/?line=1',
    );
    expect(first.find((message) => message.chatID === String(CHAT.john))!.text).toBe(
      'Stop: Line 1 – Line 1 (Envasado)\nPlant: Planta Norte\nReason: no reason yet\nSince: 2026-05-04 09:10 (for 10 min)\nOpen the line: http://oee.planta:8080/?line=1',
    );

    at(24);
    await runPass();
    expect(bot.messages.length).toBe(before + 2);
    at(25);
    await runPass();
    await runPass();
    const repeat = bot.messages.slice(before + 2);
    expect(repeat.map((message) => message.chatID).sort()).toEqual([String(CHAT.ana), String(CHAT.john)]);
    expect(repeat[0]!.text).toMatch(/15 min/);

    // The disabled group's member and the unwatched line never appear.
    expect(sentTo(CHAT.off).filter((message) => message.text.includes('Line')).length).toBe(0);
    expect(bot.messages.some((message) => message.text.includes('?line=2'))).toBe(false);
    const recorded = await db()
      .selectFrom('notification_sends')
      .select(['eventKind', 'lineID', 'round', 'status', 'attempts'])
      .where('channel', '=', 1)
      .execute();
    expect(recorded.every((row) => row.lineID === 1 && row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(recorded.map((row) => row.round).sort()).toEqual([0, 0, 1, 1]);
    at(26);
    await endStop(1);
    await endStop(2);
  }, 30_000);

  it('a maintenance call waiting past its minutes is emailed to the group’s address and each member’s, in their language', async () => {
    at(30);
    const reason = await t.call('POST', '/api/maintenance/reasons', { token: tokens[2], form: { values: { name: 'Atasco' } } });
    expect(reason.status, reason.text).toBe(200);
    const call = await t.call('POST', '/api/maintenance/call', {
      token: tokens[3],
      json: { lineID: 1, callReasonID: reason.body.callReasonID },
    });
    expect(call.status, call.text).toBe(200);
    const unwatchedCall = await t.call('POST', '/api/maintenance/call', {
      token: tokens[3],
      json: { lineID: 2, callReasonID: reason.body.callReasonID },
    });
    expect(unwatchedCall.status, unwatchedCall.text).toBe(200);
    openCalls.push(call.body.callID, unwatchedCall.body.callID);
    const before = smtp.mails.length;
    nowMs += 14 * MINUTE;
    await runPass();
    expect(smtp.mails.length).toBe(before);
    nowMs += MINUTE;
    await runPass();
    const mails = (await smtp.waitForMails(before + 3)).slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['ana@planta.com', 'guardia@planta.com', 'john@planta.com']);
    const group = mails.find((mail) => mail.to.includes('guardia@planta.com'))!;
    expect(group.subject).toBe('[Planta Norte] Llamado a mantenimiento (esperando): Línea 1 – Line 1 (Envasado), 15 min');
    expect(group.text).toContain('Motivo: Atasco');
    expect(group.text).toContain('Ver la línea: http://oee.planta:8080/?line=1');
    // Each mail carries a stable Message-ID derived from its send's id: any copy of it would carry the same one.
    const sends = await db()
      .selectFrom('notification_sends')
      .select(['sendID', 'recipient'])
      .where('channel', '=', 2)
      .where('eventKind', '=', 'maintenance')
      .where('round', '=', 0)
      .execute();
    for (const mail of mails)
      expect(mail.messageId).toBe(`<oee-send-${sends.find((send) => mail.to.includes(send.recipient))!.sendID}@planta.com>`);
    const english = mails.find((mail) => mail.to.includes('john@planta.com'))!;
    expect(english.subject).toBe('[Planta Norte] Maintenance call (waiting): Line 1 – Line 1 (Envasado), 15 min');
    // Email is this group's channel for calls only: Telegram heard nothing of it.
    expect(bot.messages.some((message) => /mantenimiento|Maintenance/.test(message.text))).toBe(false);
    expect(mailsTo('apagado@planta.com').some((mail) => /mantenimiento/.test(mail.subject))).toBe(false);
    expect(smtp.mails.some((mail) => mail.text.includes('?line=2'))).toBe(false);
  }, 30_000);

  it('the SMTP server down delays the mail: retried with backoff, shown in diagnostics, delivered once it is back', async () => {
    await smtp.stop();
    const before = smtp.mails.length;
    nowMs += 5 * MINUTE; // the call's first repeat is due
    await runPass();
    const pending = await db()
      .selectFrom('notification_sends')
      .select(['status', 'attempts', 'lastError', 'nextAttemptAt'])
      .where('channel', '=', 2)
      .where('eventKind', '=', 'maintenance')
      .where('round', '=', 1)
      .execute();
    expect(pending.length).toBe(3);
    expect(
      pending.every(
        (row) => row.status === 'pending' && row.attempts === 1 && row.lastError !== null && row.nextAttemptAt === nowMs + 5_000,
      ),
    ).toBe(true);

    const diagnostics = await t.call('GET', '/api/diagnostics/notifications', { token: t.adminToken });
    expect(diagnostics.status).toBe(200);
    expect(diagnostics.body).toMatchObject({ telegram: { enabled: true }, email: { enabled: true } });
    expect(diagnostics.body.last24h.pending).toBe(3);
    expect(diagnostics.body.recent[0]).toMatchObject({ eventKind: 'maintenance', channel: 2, status: 'pending', attempts: 1 });
    expect(diagnostics.text).not.toContain(bot.token);

    nowMs += 4_000; // not yet time to retry
    await runPass();
    expect(
      (await db().selectFrom('notification_sends').select('attempts').where('status', '=', 'pending').execute()).every(
        (row) => row.attempts === 1,
      ),
    ).toBe(true);

    await smtp.start();
    nowMs += 1_000;
    await runPass();
    const mails = (await smtp.waitForMails(before + 3)).slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['ana@planta.com', 'guardia@planta.com', 'john@planta.com']);
    const delivered = await db()
      .selectFrom('notification_sends')
      .select(['status', 'attempts'])
      .where('eventKind', '=', 'maintenance')
      .where('round', '=', 1)
      .execute();
    expect(delivered).toEqual([
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 2 },
    ]);
    // Calls closed: nothing more is due about them.
    for (const callID of openCalls)
      expect((await t.call('POST', '/api/maintenance/close', { token: tokens[2], json: { callID } })).status).toBe(200);
  }, 30_000);

  it('a restart in the middle repeats nothing and forgets nothing: a new edge on the same database', async () => {
    const messages = bot.messages.length;
    const mails = smtp.mails.length;
    // A stop crosses its threshold; the Bot API fails, so its messages are pending when the edge stops.
    await openStop(1);
    nowMs += 10 * MINUTE;
    bot.failSends(2);
    await runPass();
    expect(bot.messages.length).toBe(messages);
    // Logged as a warning, without the bot's token.
    const logged = t.edge.plant.recentLogs.all().filter((entry) => entry.message.includes('Notification not delivered'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(t.edge.plant.recentLogs.all())).not.toContain(bot.token);
    const { dataDir, adminPassword } = t;
    await t.close({ keepData: true });

    await startEdge({ dataDir, adminPassword: adminPassword! });
    await runPass();
    // The pending ones wait for their retry time; then go out, once each.
    nowMs += 5_000;
    await runPass();
    await runPass();
    expect(
      bot.messages
        .slice(messages)
        .map((message) => message.chatID)
        .sort(),
    ).toEqual([String(CHAT.ana), String(CHAT.john)]);
    expect(smtp.mails.length).toBe(mails);

    const stopEdge = t;
    await stopEdge.close({ keepData: true });
    await startEdge({ dataDir, adminPassword: adminPassword! });
    nowMs += MINUTE;
    await runPass();
    expect(bot.messages.length).toBe(messages + 2);
    nowMs += 5 * MINUTE;
    await runPass();
    expect(bot.messages.length).toBe(messages + 4);
    nowMs += MINUTE;
    await endStop(1);
  }, 60_000);

  it('a message the channel may have taken (no answer once handed over, or in flight at a stop) is marked uncertain and never sent again', async () => {
    const messages = bot.messages.length;
    await openStop(1);
    nowMs += 10 * MINUTE;
    bot.dropSends(2);
    await runPass();
    // The stand-in took both messages and answered neither.
    expect(bot.messages.length).toBe(messages + 2);
    const stopID = Number(
      (await db().selectFrom('stops').select('stopID').where('lineID', '=', 1).where('endDate', 'is', null).executeTakeFirstOrThrow())
        .stopID,
    );
    const rows = () =>
      db()
        .selectFrom('notification_sends')
        .select(['sendID', 'status', 'attempts'])
        .where('eventKind', '=', 'stop')
        .where('eventID', '=', stopID)
        .where('round', '=', 0)
        .execute();
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['uncertain', 1],
      ['uncertain', 1],
    ]);
    nowMs += 60_000; // past any retry time: nothing is sent again
    await runPass();
    await runPass();
    expect(bot.messages.length).toBe(messages + 2);
    const diagnostics = await t.call('GET', '/api/diagnostics/notifications', { token: t.adminToken });
    expect(diagnostics.body.last24h.uncertain).toBeGreaterThanOrEqual(2);
    expect(diagnostics.body.recent.filter((send: { status: string }) => send.status === 'uncertain').length).toBeGreaterThanOrEqual(2);

    // A send in flight when the edge stopped (its row still 'sending') is uncertain at the next start, not resent.
    const [first] = await rows();
    await db().updateTable('notification_sends').set({ status: 'sending' }).where('sendID', '=', first!.sendID).execute();
    const { dataDir, adminPassword } = t;
    await t.close({ keepData: true });
    await startEdge({ dataDir, adminPassword: adminPassword! });
    await runPass();
    const after = await db()
      .selectFrom('notification_sends')
      .select(['status', 'lastError'])
      .where('sendID', '=', first!.sendID)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('uncertain');
    expect(after.lastError).toMatch(/interrupted/);
    expect(bot.messages.length).toBe(messages + 2);

    // Email: the relay takes the message and drops the connection before answering.
    const mails = smtp.mails.length;
    smtp.dropAfterData(1);
    const reason = await t.call('POST', '/api/maintenance/reasons', { token: tokens[2], form: { values: { name: 'Incierto' } } });
    const call = await t.call('POST', '/api/maintenance/call', {
      token: tokens[3],
      json: { lineID: 1, callReasonID: reason.body.callReasonID },
    });
    expect(call.status, call.text).toBe(200);
    nowMs += 15 * MINUTE;
    await runPass();
    await smtp.waitForMails(mails + 3);
    nowMs += 60_000; // past any retry time: the one the relay may have taken is not sent again
    await runPass();
    expect(smtp.mails.length).toBe(mails + 3);
    const mailRows = await db()
      .selectFrom('notification_sends')
      .select('status')
      .where('eventKind', '=', 'maintenance')
      .where('eventID', '=', call.body.callID)
      .execute();
    expect(mailRows.map((row) => row.status).sort()).toEqual(['sent', 'sent', 'uncertain']);
    expect((await t.call('POST', '/api/maintenance/close', { token: tokens[2], json: { callID: call.body.callID } })).status).toBe(200);
    await endStop(1);
  }, 60_000);

  it('outside the schedule nothing is sent, however long the stop lasts', async () => {
    at(4 * 60 + 55); // 13:55
    await openStop(1);
    const before = bot.messages.length;
    at(5 * 60 + 5); // 14:05: past its 10 minutes, but the schedule ended at 14:00
    await runPass();
    at(7 * 60);
    await runPass();
    expect(bot.messages.length).toBe(before);
    expect(await db().selectFrom('stops').select('stopID').where('lineID', '=', 1).where('endDate', 'is', null).execute()).toHaveLength(1);

    // The disabled group watches this line at all hours: enabled, it hears about the stop at once.
    const off = await db().selectFrom('notification_groups').select('groupID').where('name', '=', 'Apagado').executeTakeFirstOrThrow();
    expect(
      (await t.call('PUT', '/api/notifications/groups', { token: t.adminToken, json: { key: off.groupID, values: { enabled: true } } }))
        .status,
    ).toBe(200);
    await runPass();
    expect(bot.messages.slice(before).map((message) => message.chatID)).toEqual([String(CHAT.off)]);
  }, 30_000);
});

describe('the bot poller', () => {
  it(
    'a Bot API that answers getUpdates at once, without waiting, slows the poller down instead of making it spin',
    { timeout: 30_000 },
    async () => {
      expect([1, 2, 3, 6, 7, 50].map(quickAnswerPauseMs)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000, 30_000]);
      const before = bot.getUpdatesCalls();
      bot.answerUpdatesAtOnce(true);
      // The poller is calling the Bot API that never waits…
      while (bot.getUpdatesCalls() - before < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      // …and three seconds of it: a loop without backoff makes thousands of calls in them.
      const from = bot.getUpdatesCalls();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const calls = bot.getUpdatesCalls() - from;
      bot.answerUpdatesAtOnce(false);
      expect(calls).toBeLessThanOrEqual(4);
    },
  );
});
