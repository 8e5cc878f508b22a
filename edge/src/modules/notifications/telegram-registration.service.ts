import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { registrationMail, registrationReply } from '../../domain/alert-messages';
import { toPlantIso } from '../../domain/time-zone';
import { AppError, notFound } from '../../http/errors';
import { translate, type Language } from '../../http/messages';
import { botConnectionOf, mailSettingsOf, plantNameOf } from './alerts.service';
import { sendMail } from './mailer';
import {
  activeUsersWithEmail,
  bindChatByLink,
  notificationParameters,
  restoreTelegramUser,
  saveRegistrationLink,
  telegramRegistrations,
  telegramUserRow,
  userForRegistration,
  type NotificationParameters,
} from './notifications.repository';
import { sendBotMessage, type BotUpdate } from './telegram-bot';

/**
 * Telegram registration (SPEC.md sections 5, 7, 8): the administrator has the edge email a user a personal link to
 * the bot, https://t.me/<telegramBotName>?start=<one-time token>; the user opens it and presses Start; the edge,
 * reading the bot's updates, finds `/start <token>` and binds that chat to the user. Only the token's hash is stored;
 * a link works once, for LINK_VALID_HOURS. A new link replaces an unused earlier one.
 */

export const LINK_VALID_HOURS = 72;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Recipient = NonNullable<Awaited<ReturnType<typeof userForRegistration>>>;

async function registrationSettings(db: Database) {
  const p = await notificationParameters(db);
  if (!p) throw notFound();
  const mail = mailSettingsOf(p);
  if (!mail) throw new AppError('conflict', 'telegram.emailOff');
  if (!p.telegramBotName) throw new AppError('conflict', 'telegram.botNameMissing');
  return { p, mail, botName: p.telegramBotName.replace(/^@/, '') };
}

/** Stores a new link for the user and emails it; on a failed email the user's row is put back as it was. */
async function sendLink(
  db: Database,
  user: Recipient & { email: string },
  settings: Awaited<ReturnType<typeof registrationSettings>>,
  nowMs: number,
  defaultPlantName: string,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const before = await telegramUserRow(db, user.userID);
  await saveRegistrationLink(db, user.userID, hashToken(token), nowMs + LINK_VALID_HOURS * 3_600_000, nowMs);
  const link = `https://t.me/${encodeURIComponent(settings.botName)}?start=${token}`;
  const mail = registrationMail(
    { firstName: user.firstName, plantName: plantNameOf(settings.p, { defaultPlantName }), link, validHours: LINK_VALID_HOURS },
    user.language,
  );
  try {
    await sendMail(settings.mail, { to: user.email, ...mail });
  } catch (error) {
    await restoreTelegramUser(db, user.userID, before);
    throw error;
  }
}

export interface RegistrationContext {
  nowMs: number;
  language: Language;
  logger: Logger;
  defaultPlantName: string;
}

/** POST /api/telegramUsers: emails one user their link. */
export async function sendRegistrationLink(db: Database, userID: string, ctx: RegistrationContext): Promise<{ message: string }> {
  const user = await userForRegistration(db, userID);
  if (!user) throw notFound();
  if (!user.email) throw new AppError('validation', 'telegram.noEmail', { 0: user.userID });
  const settings = await registrationSettings(db);
  try {
    await sendLink(db, { ...user, email: user.email }, settings, ctx.nowMs, ctx.defaultPlantName);
  } catch (error) {
    ctx.logger.warn({ userID: user.userID, error: (error as Error).message }, 'Telegram registration email not sent');
    throw new AppError('deliveryFailed', 'telegram.mailFailed');
  }
  ctx.logger.info({ userID: user.userID }, 'Telegram registration link emailed');
  return { message: translate('telegram.mailSent', ctx.language) };
}

/**
 * POST /api/telegramUsers/all: emails every active user with an address their link. Answers how many were sent and
 * who could not be reached; when none could, it is an error ('Ha ocurrido un error, vuelva a intentarlo').
 */
export async function sendRegistrationLinks(
  db: Database,
  ctx: RegistrationContext,
): Promise<{ message: string; sent: number; failed: string[] }> {
  const settings = await registrationSettings(db);
  const users = await activeUsersWithEmail(db);
  const failed: string[] = [];
  for (const user of users) {
    try {
      await sendLink(db, { ...user, email: user.email! }, settings, ctx.nowMs, ctx.defaultPlantName);
    } catch (error) {
      ctx.logger.warn({ userID: user.userID, error: (error as Error).message }, 'Telegram registration email not sent');
      failed.push(user.userID);
    }
  }
  if (users.length > 0 && failed.length === users.length) throw new AppError('deliveryFailed', 'telegram.mailFailed');
  ctx.logger.info({ sent: users.length - failed.length, failed }, 'Telegram registration links emailed');
  return { message: translate('telegram.mailSent', ctx.language), sent: users.length - failed.length, failed };
}

/** Who is registered with the bot, and whose link is waiting to be used (the Users tab). */
export async function registrationStates(db: Database, nowMs: number, timeZone: string) {
  const rows = await telegramRegistrations(db);
  return rows.map((row) => ({
    userID: row.userID,
    registered: row.chatID !== null,
    registeredAt: row.chatID !== null ? toPlantIso(row.registeredAt, timeZone) : null,
    linkPending: row.linkExpiresAt !== null && row.linkExpiresAt > nowMs,
  }));
}

const START_COMMAND = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/;

/**
 * Handles one update of the bot: a `/start <token>` of a valid link binds the chat to its user and the bot says
 * so; any other /start gets the "not valid" answer; other messages are ignored. Answers the user bound, if any.
 */
export async function handleBotUpdate(
  db: Database,
  p: NotificationParameters,
  update: BotUpdate,
  nowMs: number,
  defaultPlantName: string,
): Promise<string | null> {
  const text = update.message?.text?.trim();
  const chatID = update.message?.chat?.id;
  if (!text || chatID === undefined || !text.startsWith('/start')) return null;
  const match = START_COMMAND.exec(text);
  const bound = match ? await bindChatByLink(db, hashToken(match[1]!), String(chatID), nowMs) : undefined;
  const bot = botConnectionOf(p);
  if (bot) {
    const language = bound?.language ?? (update.message?.from?.language_code?.startsWith('en') ? 'en' : 'es');
    // The reply is a courtesy: the binding stands even if it cannot be sent.
    await sendBotMessage(bot, String(chatID), registrationReply(Boolean(bound), plantNameOf(p, { defaultPlantName }), language)).catch(
      () => undefined,
    );
  }
  return bound?.userID ?? null;
}
