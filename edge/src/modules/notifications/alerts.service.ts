import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { alertMessage } from '../../domain/alert-messages';
import { CHANNEL, dueAlerts, GIVE_UP_AFTER_MS, retryDelayMs, type Channel, type Recipient } from '../../domain/notifications';
import { MailError, messageIdOf, sendMail, type MailSettings } from './mailer';
import {
  enabledGroupRules,
  groupEmails,
  groupMembers,
  insertSends,
  latestSends,
  openSituations,
  recordOutcome,
  type NewSend,
  type NotificationParameters,
  type PendingSend,
} from './notifications.repository';
import { BotApiError, DEFAULT_BOT_API_BASE, sendBotMessage, withoutToken, type BotConnection } from './telegram-bot';

/**
 * The notification use cases the job runs (issue 17): find what is due and record it (`planAlerts`, database only,
 * short statements), then deliver each recorded message (`deliverSend`: the network call outside any transaction,
 * then its outcome recorded). Recording first is what makes a restart neither repeat nor forget a message.
 */

/** What the messages need besides the parameters: the clock, the zone, and defaults for unset parameters. */
export interface AlertContext {
  nowMs: number;
  timeZone: string;
  /** When the plantName parameter is empty (PLANT_ID, else the machine's name). */
  defaultPlantName: string;
  /** When the edgePublicUrl parameter is empty (http://<machine name>:<port>). */
  defaultPublicUrl: string;
}

/** The Bot API connection of the parameters, or null when Telegram is off or has no token. */
export function botConnectionOf(p: NotificationParameters): BotConnection | null {
  if (!p.telegramEnabled || !p.telegramBotToken) return null;
  const proxy =
    p.telegramBotUseProxy && p.telegramBotProxyHost && p.telegramBotProxyPort
      ? { host: p.telegramBotProxyHost, port: p.telegramBotProxyPort }
      : null;
  return { token: p.telegramBotToken, baseUrl: p.telegramApiBaseUrl || DEFAULT_BOT_API_BASE, proxy };
}

/** The SMTP settings of the parameters, or null when email is off or incomplete. */
export function mailSettingsOf(p: NotificationParameters): MailSettings | null {
  if (!p.emailEnabled || !p.emailHost || !p.emailFrom) return null;
  return { host: p.emailHost, port: p.emailPort ?? 25, from: p.emailFrom };
}

export function channelsOn(p: NotificationParameters): Set<Channel> {
  const channels = new Set<Channel>();
  if (botConnectionOf(p)) channels.add(CHANNEL.TELEGRAM);
  if (mailSettingsOf(p)) channels.add(CHANNEL.EMAIL);
  return channels;
}

export const plantNameOf = (p: NotificationParameters, ctx: Pick<AlertContext, 'defaultPlantName'>): string =>
  p.plantName || ctx.defaultPlantName;

/** Records every message due now; answers how many were new. */
export async function planAlerts(db: Database, p: NotificationParameters, ctx: AlertContext): Promise<number> {
  const channels = channelsOn(p);
  if (channels.size === 0) return 0;
  const groups = await enabledGroupRules(db);
  if (groups.length === 0) return 0;
  const situations = await openSituations(db);
  if (situations.length === 0) return 0;

  const groupIDs = groups.map((group) => group.groupID);
  const [members, emails, latest] = await Promise.all([groupMembers(db, groupIDs), groupEmails(db, groupIDs), latestSends(db, situations)]);
  const recipients = new Map<string, Recipient[]>();
  for (const groupID of groupIDs) {
    const own = members.filter((member) => member.groupID === groupID);
    recipients.set(
      `${groupID}:${CHANNEL.TELEGRAM}`,
      own
        .filter((member) => member.chatID)
        .map((member) => ({ channel: CHANNEL.TELEGRAM, address: member.chatID!, userID: member.userID, language: member.language })),
    );
    // The group's own address (in Spanish) and each member's; an address given twice gets one message.
    const mails = new Map<string, Recipient>();
    const groupEmail = emails.find((row) => row.groupID === groupID)?.email;
    if (groupEmail) mails.set(groupEmail.toLowerCase(), { channel: CHANNEL.EMAIL, address: groupEmail, userID: null, language: 'es' });
    for (const member of own) {
      if (member.email && !mails.has(member.email.toLowerCase()))
        mails.set(member.email.toLowerCase(), {
          channel: CHANNEL.EMAIL,
          address: member.email,
          userID: member.userID,
          language: member.language,
        });
    }
    recipients.set(`${groupID}:${CHANNEL.EMAIL}`, [...mails.values()]);
  }

  const byEvent = new Map(situations.map((row) => [`${row.kind}:${row.eventID}`, row]));
  const due = dueAlerts({
    nowMs: ctx.nowMs,
    timeZone: ctx.timeZone,
    intervalMinutes: p.telegramNotificationInterval ?? 0,
    channels,
    situations: situations.map((row) => ({
      kind: row.kind,
      eventID: row.eventID,
      place: { lineID: row.lineID, sectorID: row.sectorID, buildingId: row.buildingId },
      sinceMs: row.sinceMs,
    })),
    groups,
    recipientsOf: (groupID, channel) => recipients.get(`${groupID}:${channel}`) ?? [],
    latest,
  });
  if (due.length === 0) return 0;

  const plantName = plantNameOf(p, ctx);
  const publicUrl = (p.edgePublicUrl || ctx.defaultPublicUrl).replace(/\/+$/, '');
  const rows: NewSend[] = due.map((alert) => {
    const row = byEvent.get(`${alert.situation.kind}:${alert.situation.eventID}`)!;
    const message = alertMessage(
      {
        kind: row.kind,
        plantName,
        lineID: row.lineID,
        lineDescription: row.lineDescription,
        sectorName: row.sectorName,
        reason: row.reason,
        callStatus: row.callStatus ?? undefined,
        sinceMs: row.sinceMs,
        nowMs: ctx.nowMs,
        timeZone: ctx.timeZone,
        dashboardUrl: `${publicUrl}/?line=${row.lineID}`,
      },
      alert.recipient.language,
    );
    return {
      eventKind: row.kind,
      eventID: row.eventID,
      lineID: row.lineID,
      groupID: alert.groupID,
      channel: alert.recipient.channel,
      recipient: alert.recipient.address,
      userID: alert.recipient.userID,
      round: alert.round,
      dueAt: ctx.nowMs,
      subject: message.subject,
      body: message.text,
      nextAttemptAt: ctx.nowMs,
      sentAt: null,
      lastError: null,
    };
  });
  await insertSends(db, rows);
  return rows.length;
}

class ChannelOffError extends Error {}

/** The pause after a send could not be marked as being sent (the database refused the write). */
const RECORD_FAILED_PAUSE_MS = 5_000;

/**
 * Delivers one recorded message and records the outcome. It is marked 'sending' before it goes out, so a crash in
 * flight leaves it 'uncertain' (notification-jobs marks it so at the next start), never resent. Then: sent; or, when
 * the channel may have taken it (no answer after it was handed over: a timeout, a connection lost midway),
 * 'uncertain' and not sent again, since a retry could repeat it; or, when the channel surely did not take it, retried
 * with backoff (5 s doubling to 5 min, or the Bot API's retry_after) until a day after it was due; failed at once when
 * retrying cannot help (a chat that blocked the bot, the channel switched off). Never throws; failures are logged
 * without the token.
 */
export async function deliverSend(
  db: Database,
  send: PendingSend,
  p: NotificationParameters,
  now: () => number,
  logger: Logger,
): Promise<'sent' | 'retry' | 'uncertain' | 'failed'> {
  const attempts = send.attempts + 1;
  const record = async (outcome: Parameters<typeof recordOutcome>[2]): Promise<boolean> => {
    try {
      await recordOutcome(db, send.sendID, outcome);
      return true;
    } catch (recordError) {
      logger.error({ err: recordError, sendID: send.sendID, status: outcome.status }, 'Could not record a notification outcome');
      return false;
    }
  };
  if (!(await record({ status: 'sending', attempts }))) {
    // Not marked, not sent: it stays pending. A pause, so a database refusing writes (a full disk) is not asked again at once.
    await new Promise((resolve) => setTimeout(resolve, RECORD_FAILED_PAUSE_MS).unref());
    return 'retry';
  }
  try {
    if (send.channel === CHANNEL.TELEGRAM) {
      const bot = botConnectionOf(p);
      if (!bot) throw new ChannelOffError('Telegram is switched off');
      await sendBotMessage(bot, send.recipient, send.body);
    } else {
      const mail = mailSettingsOf(p);
      if (!mail) throw new ChannelOffError('email is switched off');
      await sendMail(mail, { to: send.recipient, subject: send.subject, text: send.body, messageId: messageIdOf(send.sendID, mail.from) });
    }
  } catch (error) {
    const at = now();
    const reason = withoutToken(error instanceof Error ? error.message : String(error), p.telegramBotToken ?? '').slice(0, 500);
    if ((error instanceof BotApiError || error instanceof MailError) && error.maybeDelivered) {
      await record({ status: 'uncertain', attempts, lastError: reason });
      logger.warn(
        { sendID: send.sendID, channel: send.channel, attempts, error: reason },
        'Notification may have been delivered: not sent again',
      );
      return 'uncertain';
    }
    const permanent = error instanceof ChannelOffError || (error instanceof BotApiError && error.permanent);
    const giveUp = permanent || at - send.dueAt >= GIVE_UP_AFTER_MS;
    const retryAfterMs = error instanceof BotApiError ? (error.retryAfterMs ?? 0) : 0;
    const nextAttemptAt = at + Math.max(retryDelayMs(attempts), retryAfterMs);
    await record(
      giveUp ? { status: 'failed', attempts, lastError: reason } : { status: 'pending', attempts, nextAttemptAt, lastError: reason },
    );
    logger.warn(
      {
        sendID: send.sendID,
        channel: send.channel,
        attempts,
        error: reason,
        ...(giveUp ? {} : { nextAttemptAt: new Date(nextAttemptAt).toISOString() }),
      },
      giveUp ? 'Notification given up' : 'Notification not delivered: will retry',
    );
    return giveUp ? 'failed' : 'retry';
  }
  // Delivered. Should this record fail, the send stays 'sending': never picked again, and 'uncertain' at the next start.
  await record({ status: 'sent', attempts, sentAt: now(), lastError: null });
  return 'sent';
}
