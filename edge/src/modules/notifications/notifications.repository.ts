import type { Database } from '../../db/database';
import type { Insertable } from 'kysely';
import type { NotificationSendsTable } from '../../db/schema';
import { OPEN_STATUSES } from '../../domain/maintenance';
import type { AlertKind, GroupRules, LatestSend, WeeklySchedule } from '../../domain/notifications';
import { sendKey } from '../../domain/notifications';
import { openSecret } from '../../db/secrets';

export function groupLookup(db: Database) {
  return db.selectFrom('notification_groups').select(['groupID as value', 'name as text']).orderBy('name').orderBy('groupID').execute();
}

/** Whether any schedule, target, watcher or user still belongs to the group. */
export async function groupHasMembers(db: Database, groupID: number): Promise<boolean> {
  const tables = ['notification_schedules', 'notification_targets', 'notification_watchers', 'users'] as const;
  for (const table of tables) {
    if (await db.selectFrom(table).select('groupID').where('groupID', '=', groupID).limit(1).executeTakeFirst()) return true;
  }
  return false;
}

// ——— what the notification job reads ———

/** The parameters notifications use (the bot token included, opened: it never leaves the server). */
export async function notificationParameters(db: Database) {
  const row = await db
    .selectFrom('parameters')
    .select([
      'emailEnabled',
      'emailFrom',
      'emailHost',
      'emailPort',
      'telegramEnabled',
      'telegramBotName',
      'telegramBotToken',
      'telegramNotificationInterval',
      'telegramBotUseProxy',
      'telegramBotProxyHost',
      'telegramBotProxyPort',
      'telegramApiBaseUrl',
      'edgePublicUrl',
      'plantName',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row && { ...row, telegramBotToken: openSecret(db, row.telegramBotToken) };
}
export type NotificationParameters = NonNullable<Awaited<ReturnType<typeof notificationParameters>>>;

const WEEKDAY_COLUMNS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Every enabled group with its targets, schedules and watchers. */
export async function enabledGroupRules(db: Database): Promise<GroupRules[]> {
  const groups = await db.selectFrom('notification_groups').select('groupID').where('enabled', '=', 1).execute();
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.groupID);
  const [targets, schedules, watchers] = await Promise.all([
    db
      .selectFrom('notification_targets')
      .select(['groupID', 'type', 'channel', 'notifyAfterMinutes'])
      .where('groupID', 'in', ids)
      .execute(),
    db.selectFrom('notification_schedules').selectAll().where('groupID', 'in', ids).execute(),
    db.selectFrom('notification_watchers').select(['groupID', 'buildingId', 'sectorID', 'lineID']).where('groupID', 'in', ids).execute(),
  ]);
  return ids.map((groupID) => ({
    groupID,
    targets: targets.filter((target) => target.groupID === groupID),
    schedules: schedules
      .filter((schedule) => schedule.groupID === groupID)
      .map((schedule): WeeklySchedule => ({
        startTime: schedule.startTime,
        endTime: schedule.endTime,
        startsOn: WEEKDAY_COLUMNS.map((day) => schedule[day] === 1),
      })),
    watchers: watchers.filter((watcher) => watcher.groupID === groupID),
  }));
}

/** An open stop or an open maintenance call, with what the message says about its line. */
export interface OpenSituationRow {
  kind: AlertKind;
  eventID: number;
  lineID: number;
  sectorID: number;
  buildingId: number | null;
  lineDescription: string;
  sectorName: string | null;
  reason: string | null;
  sinceMs: number;
  callStatus: number | null;
}

/** Every stop still open and every maintenance call waiting or started. */
export async function openSituations(db: Database): Promise<OpenSituationRow[]> {
  const stops = await db
    .selectFrom('stops as s')
    .innerJoin('lines as l', 'l.lineID', 's.lineID')
    .leftJoin('sectors as sc', 'sc.sectorID', 'l.sectorID')
    .select(['s.stopID', 's.lineID', 'l.sectorID', 'sc.buildingId', 'l.description', 'sc.sectorName', 's.reason', 's.startDate'])
    .where('s.endDate', 'is', null)
    .execute();
  const calls = await db
    .selectFrom('maintenance_calls as c')
    .innerJoin('lines as l', 'l.lineID', 'c.resourceLineID')
    .leftJoin('sectors as sc', 'sc.sectorID', 'l.sectorID')
    .select([
      'c.callID',
      'c.resourceLineID',
      'l.sectorID',
      'sc.buildingId',
      'l.description',
      'sc.sectorName',
      'c.callReason',
      'c.callDate',
      'c.status',
    ])
    .where('c.status', 'in', [...OPEN_STATUSES])
    .execute();
  return [
    ...stops.map((s) => ({
      kind: 'stop' as const,
      eventID: s.stopID,
      lineID: s.lineID,
      sectorID: s.sectorID,
      buildingId: s.buildingId ?? null,
      lineDescription: s.description,
      sectorName: s.sectorName ?? null,
      reason: s.reason,
      sinceMs: s.startDate,
      callStatus: null,
    })),
    ...calls.map((c) => ({
      kind: 'maintenance' as const,
      eventID: c.callID,
      lineID: c.resourceLineID,
      sectorID: c.sectorID,
      buildingId: c.buildingId ?? null,
      lineDescription: c.description,
      sectorName: c.sectorName ?? null,
      reason: c.callReason,
      sinceMs: c.callDate,
      callStatus: c.status,
    })),
  ];
}

/** The active users of the groups, with their email, language and Telegram chat (if registered). */
export function groupMembers(db: Database, groupIDs: readonly number[]) {
  if (groupIDs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .leftJoin('telegram_users as t', 't.userID', 'u.userID')
    .select(['u.userID', 'u.groupID', 'u.email', 'u.language', 't.chatID'])
    .where('u.active', '=', 1)
    .where('u.groupID', 'in', [...groupIDs])
    .orderBy('u.userID')
    .execute();
}

export function groupEmails(db: Database, groupIDs: readonly number[]) {
  if (groupIDs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notification_groups')
    .select(['groupID', 'email'])
    .where('groupID', 'in', [...groupIDs])
    .where('email', 'is not', null)
    .execute();
}

/** The latest send of every (situation, group, channel, recipient) of these situations. */
export async function latestSends(
  db: Database,
  situations: readonly { kind: AlertKind; eventID: number }[],
): Promise<Map<string, LatestSend>> {
  const latest = new Map<string, LatestSend>();
  for (const kind of ['stop', 'maintenance'] as const) {
    const ids = situations.filter((situation) => situation.kind === kind).map((situation) => situation.eventID);
    // In slices, so the statement stays under SQLite's limit of bound parameters.
    for (let from = 0; from < ids.length; from += 500) {
      // One row per recipient: with MAX(), SQLite takes the bare columns (status, sentAt, dueAt) from the latest round.
      const rows = await db
        .selectFrom('notification_sends')
        .select(['eventID', 'groupID', 'channel', 'recipient', 'status', 'sentAt', 'dueAt'])
        .select((eb) => eb.fn.max('round').as('round'))
        .where('eventKind', '=', kind)
        .where('eventID', 'in', ids.slice(from, from + 500))
        .groupBy(['eventID', 'groupID', 'channel', 'recipient'])
        .execute();
      for (const row of rows) {
        latest.set(sendKey(kind, row.eventID, row.groupID, row.channel, row.recipient), {
          round: Number(row.round),
          status: row.status,
          lastAtMs: row.sentAt ?? row.dueAt,
        });
      }
    }
  }
  return latest;
}

export type NewSend = Insertable<NotificationSendsTable>;

/** Records messages due; one already recorded (same situation, group, channel, recipient and round) is left as it is. */
export async function insertSends(db: Database, sends: readonly NewSend[]): Promise<void> {
  for (let from = 0; from < sends.length; from += 100) {
    await db
      .insertInto('notification_sends')
      .values(sends.slice(from, from + 100))
      .onConflict((oc) => oc.columns(['eventKind', 'eventID', 'groupID', 'channel', 'recipient', 'round']).doNothing())
      .execute();
  }
}

/** Pending messages whose (next) attempt is due, oldest first. */
export function pendingSendsDue(db: Database, nowMs: number, limit: number) {
  return db
    .selectFrom('notification_sends')
    .select(['sendID', 'channel', 'recipient', 'subject', 'body', 'attempts', 'dueAt'])
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', nowMs)
    .orderBy('nextAttemptAt')
    .orderBy('sendID')
    .limit(limit)
    .execute();
}
export type PendingSend = Awaited<ReturnType<typeof pendingSendsDue>>[number];

export async function recordOutcome(
  db: Database,
  sendID: number,
  outcome: {
    status: 'pending' | 'sending' | 'sent' | 'uncertain' | 'failed';
    attempts: number;
    nextAttemptAt?: number;
    sentAt?: number;
    lastError?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('notification_sends')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      ...(outcome.nextAttemptAt !== undefined ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.sentAt !== undefined ? { sentAt: outcome.sentAt } : {}),
      ...(outcome.lastError !== undefined ? { lastError: outcome.lastError } : {}),
    })
    .where('sendID', '=', sendID)
    .execute();
}

/**
 * Sends found 'sending' when the job starts were in flight when the edge stopped or crashed: the channel may have
 * taken them, so they become 'uncertain' (never sent again blindly). Answers how many.
 */
export async function markInterruptedSends(db: Database, lastError: string): Promise<number> {
  const result = await db
    .updateTable('notification_sends')
    .set({ status: 'uncertain', lastError })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The latest sends, newest first, with their group's name (diagnostics). */
export function recentSends(db: Database, limit: number) {
  return db
    .selectFrom('notification_sends as n')
    .leftJoin('notification_groups as g', 'g.groupID', 'n.groupID')
    .select([
      'n.sendID',
      'n.eventKind',
      'n.eventID',
      'n.lineID',
      'n.groupID',
      'g.name as groupName',
      'n.channel',
      'n.recipient',
      'n.userID',
      'n.round',
      'n.dueAt',
      'n.status',
      'n.attempts',
      'n.nextAttemptAt',
      'n.sentAt',
      'n.lastError',
    ])
    .orderBy('n.sendID', 'desc')
    .limit(limit)
    .execute();
}

/** Counts by status of the sends due since `sinceMs`. */
export async function sendCounts(
  db: Database,
  sinceMs: number,
): Promise<Record<'pending' | 'sending' | 'sent' | 'uncertain' | 'failed', number>> {
  const rows = await db
    .selectFrom('notification_sends')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.or([eb('dueAt', '>=', sinceMs), eb('status', '=', 'pending')]))
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, uncertain: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

// ——— Telegram registration ———

export function userForRegistration(db: Database, userID: string) {
  return db
    .selectFrom('users')
    .select(['userID', 'firstName', 'email', 'language', 'active'])
    .where('userID', '=', userID)
    .executeTakeFirst();
}

export function activeUsersWithEmail(db: Database) {
  return db
    .selectFrom('users')
    .select(['userID', 'firstName', 'email', 'language', 'active'])
    .where('active', '=', 1)
    .where('email', 'is not', null)
    .orderBy('userID')
    .execute();
}

export function telegramUserRow(db: Database, userID: string) {
  return db.selectFrom('telegram_users').selectAll().where('userID', '=', userID).executeTakeFirst();
}
export type TelegramUserRow = NonNullable<Awaited<ReturnType<typeof telegramUserRow>>>;

/** Stores a user's new one-time link (replacing an earlier one); a chat already bound stays bound until it is used. */
export async function saveRegistrationLink(
  db: Database,
  userID: string,
  linkTokenHash: string,
  linkExpiresAt: number,
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('telegram_users')
    .values({ userID, registeredAt: nowMs, chatID: null, linkTokenHash, linkExpiresAt })
    .onConflict((oc) => oc.column('userID').doUpdateSet({ linkTokenHash, linkExpiresAt }))
    .execute();
}

/** Puts a user's registration row back as it was (a link whose email could not be sent). */
export async function restoreTelegramUser(db: Database, userID: string, before: TelegramUserRow | undefined): Promise<void> {
  if (!before) await db.deleteFrom('telegram_users').where('userID', '=', userID).execute();
  else
    await db
      .updateTable('telegram_users')
      .set({ linkTokenHash: before.linkTokenHash, linkExpiresAt: before.linkExpiresAt })
      .where('userID', '=', userID)
      .execute();
}

/** Binds the chat of a valid, unexpired link to its user, and spends the link. Answers the user, or undefined. */
export async function bindChatByLink(db: Database, linkTokenHash: string, chatID: string, nowMs: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('telegram_users as t')
      .innerJoin('users as u', 'u.userID', 't.userID')
      .select(['t.userID', 'u.language'])
      .where('t.linkTokenHash', '=', linkTokenHash)
      .where('t.linkExpiresAt', '>', nowMs)
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('telegram_users')
      .set({ chatID, registeredAt: nowMs, linkTokenHash: null, linkExpiresAt: null })
      .where('userID', '=', row.userID)
      .execute();
    return row;
  });
}

/** Every user's registration: bound chat or a link sent and not used yet. */
export function telegramRegistrations(db: Database) {
  return db.selectFrom('telegram_users').select(['userID', 'registeredAt', 'chatID', 'linkExpiresAt']).orderBy('userID').execute();
}

const BOT_OFFSET_SETTING = 'telegramUpdateOffset';

/** The next getUpdates offset (the update after the last one handled), kept across restarts. */
export async function botUpdateOffset(db: Database): Promise<number> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', BOT_OFFSET_SETTING).executeTakeFirst();
  return row ? Number(row.value) || 0 : 0;
}

export async function saveBotUpdateOffset(db: Database, offset: number): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: BOT_OFFSET_SETTING, value: String(offset) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(offset) }))
    .execute();
}
