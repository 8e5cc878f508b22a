import type { Database } from '../db/database';
import { CHANNEL } from '../domain/notifications';
import { botConnectionOf, deliverSend, planAlerts } from '../modules/notifications/alerts.service';
import {
  botUpdateOffset,
  markInterruptedSends,
  notificationParameters,
  pendingSendsDue,
  saveBotUpdateOffset,
  type NotificationParameters,
} from '../modules/notifications';
import { botPollStatusOf, plantDefaults } from '../modules/notifications/plant-defaults';
import { botUpdates, withoutToken } from '../modules/notifications/telegram-bot';
import { handleBotUpdate } from '../modules/notifications/telegram-registration.service';
import type { Plant } from '../plant';
import { recordJobRun } from './job-health';
import { startWhenConfigured, type RunnableJob } from './on-configured';

/**
 * The notification job of a configured plant (issue 17):
 * - every EVERY_MS: record what is due (alerts.service planAlerts), then start delivering the pending messages whose
 *   attempt is due — each delivery runs on its own (timeouts on every call), so a slow SMTP relay never delays a
 *   Telegram message nor the next pass; at most a few per channel at once;
 * - while telegramEnabled (with a token): the bot's updates, long-polled, to bind the chats of users who open their
 *   registration link. The offset is kept in the database, so a restart does not handle an update twice.
 * Nothing here runs inside a request or the acquisition's loop; failures are logged (never the token) and retried.
 */

export const NOTIFICATION_PASS_MS = 5_000;
/** Deliveries in flight at once, per channel (Telegram allows about 30 messages a second per bot). */
const IN_FLIGHT_LIMIT: Record<number, number> = { [CHANNEL.TELEGRAM]: 10, [CHANNEL.EMAIL]: 4 };
/** Long-poll wait on the Bot API's side. */
const POLL_WAIT_SECONDS = 25;
/**
 * An empty getUpdates answered sooner than this did not long-poll (a proxy or a stand-in that ignores `timeout`):
 * without a pause the loop would call again at once, forever, and spin a core (issue 26).
 */
const QUICK_ANSWER_MS = 1_000;

/** The pause after `quickAnswers` empty answers in a row that did not wait: 1 s doubling, at most 30 s. */
export function quickAnswerPauseMs(quickAnswers: number): number {
  return quickAnswers <= 0 ? 0 : Math.min(1_000 * 2 ** Math.min(quickAnswers - 1, 5), 30_000);
}

/** How long stop() waits for deliveries in flight before letting the database close. */
const STOP_GRACE_MS = 15_000;

/** runNow: one pass now (after the one in progress), resolved once the deliveries it started are done (tests). */
export type NotificationJobs = RunnableJob;

function startNotificationJobs(plant: Plant, db: Database, everyMs: number): NotificationJobs {
  const logger = plant.logger.child({ module: 'notifications' });
  // Sends in flight when the edge last stopped: the channel may have taken them, so they are not sent again.
  void markInterruptedSends(db, 'interrupted while being sent (the edge stopped): maybe delivered, not sent again')
    .then((count) => {
      if (count > 0) logger.warn({ count }, 'Notifications in flight at the last stop are marked uncertain, not sent again');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'Could not mark the notifications in flight at the last stop'));
  const defaults = plantDefaults(plant);
  const pollStatus = botPollStatusOf(plant);
  const inFlight = new Map<number, { channel: number; done: Promise<unknown> }>();
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let passes: Promise<unknown> = Promise.resolve();

  const startDeliveries = async (p: NotificationParameters): Promise<void> => {
    const due = await pendingSendsDue(db, plant.now(), 200 + inFlight.size);
    for (const send of due) {
      if (stopped || inFlight.has(send.sendID)) continue;
      const busy = [...inFlight.values()].filter((flight) => flight.channel === send.channel).length;
      if (busy >= (IN_FLIGHT_LIMIT[send.channel] ?? 1)) continue;
      const done = deliverSend(db, send, p, plant.now, logger).finally(() => inFlight.delete(send.sendID));
      inFlight.set(send.sendID, { channel: send.channel, done });
    }
  };

  // Deliveries drain continuously: whenever one ends, or a pass records new messages, the next due ones start (up
  // to the per-channel limit), so a burst of alerts goes out in a few seconds and a slow relay only holds its slots.
  let draining: Promise<void> | null = null;
  let dirty = false;
  let wake: (() => void) | null = null;
  const drainLoop = async () => {
    while (!stopped) {
      dirty = false;
      const p = await notificationParameters(db);
      if (!p) return;
      await startDeliveries(p);
      if (dirty) continue;
      if (inFlight.size === 0) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        for (const flight of inFlight.values()) void flight.done.then(() => resolve());
      });
      wake = null;
    }
  };
  const drain = (): Promise<void> => {
    dirty = true;
    wake?.();
    draining ??= drainLoop()
      .catch((error: unknown) => logger.error({ err: error }, 'Notification delivery failed'))
      .finally(() => {
        draining = null;
      });
    return draining;
  };

  /** Records what is due, then lets the deliveries drain (not awaited). Never throws. */
  const pass = async (): Promise<void> => {
    if (stopped) return;
    try {
      const p = await notificationParameters(db);
      if (!p) return;
      const planned = await planAlerts(db, p, { nowMs: plant.now(), timeZone: plant.timeZone, ...defaults });
      if (planned > 0) logger.info({ planned }, 'Notifications due');
      recordJobRun(plant, 'notifications');
    } catch (error) {
      recordJobRun(plant, 'notifications', error);
      logger.error({ err: error }, 'Notification pass failed');
    }
    void drain();
  };

  const serialPass = () => {
    const run = passes.then(pass);
    passes = run.catch(() => undefined);
    return run;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void serialPass().finally(schedule), everyMs);
    timer.unref();
  };
  schedule();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wait = setTimeout(resolve, ms);
      wait.unref();
      abort.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(wait);
          resolve();
        },
        { once: true },
      );
    });

  // The bot's updates: only while Telegram is on; parameters read again at every round.
  const pollUpdates = async () => {
    let failures = 0;
    let quickAnswers = 0;
    while (!stopped) {
      let p: NotificationParameters | undefined;
      try {
        p = await notificationParameters(db);
      } catch (error) {
        logger.error({ err: error }, 'Could not read the notification parameters');
      }
      const bot = p ? botConnectionOf(p) : null;
      pollStatus.polling = Boolean(bot);
      if (!p || !bot) {
        await pause(everyMs);
        continue;
      }
      try {
        const offset = await botUpdateOffset(db);
        const askedAt = performance.now();
        const updates = await botUpdates(bot, offset, POLL_WAIT_SECONDS, abort.signal);
        quickAnswers = updates.length === 0 && performance.now() - askedAt < QUICK_ANSWER_MS ? quickAnswers + 1 : 0;
        for (const update of updates) {
          if (stopped) break;
          const userID = await handleBotUpdate(db, p, update, plant.now(), defaults.defaultPlantName);
          if (userID) logger.info({ userID }, 'Telegram chat registered');
          await saveBotUpdateOffset(db, update.update_id + 1);
        }
        failures = 0;
        pollStatus.lastPollError = null;
        if (quickAnswers === 1)
          logger.warn('Telegram getUpdates answered at once without waiting: polling is slowed down (1 s doubling to 30 s)');
        if (quickAnswers > 0) await pause(quickAnswerPauseMs(quickAnswers));
      } catch (error) {
        if (stopped) break;
        failures++;
        const message = withoutToken((error as Error).message, bot.token);
        pollStatus.lastPollError = message;
        if (failures === 1 || failures % 20 === 0)
          logger.warn({ error: message, failures }, 'Telegram updates could not be read: will retry');
        await pause(Math.min(5_000 * 2 ** Math.min(failures - 1, 4), 60_000));
      }
    }
    pollStatus.polling = false;
  };
  const polling = pollUpdates();

  return {
    async runNow() {
      await serialPass();
      await drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      await passes;
      await polling;
      wake?.();
      const flights = [...inFlight.values()].map((flight) => flight.done);
      await Promise.race([Promise.all([...flights, draining]), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    },
  };
}

/** Starts the notification job when the plant gets its database; `everyMs`: the pass period (NOTIFICATION_PASS_MS). */
export function attachNotificationJobs(plant: Plant, options: { everyMs?: number } = {}): NotificationJobs {
  return startWhenConfigured(plant, (db) => startNotificationJobs(plant, db, options.everyMs ?? NOTIFICATION_PASS_MS));
}
