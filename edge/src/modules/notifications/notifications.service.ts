import { AppError } from '../../http/errors';
import type { HookContext } from '../grid/grid-resource';
import type { Database } from '../../db/database';
import { toPlantIso } from '../../domain/time-zone';
import type { Plant } from '../../plant';
import { channelsOn } from './alerts.service';
import { groupHasMembers, notificationParameters, recentSends, sendCounts } from './notifications.repository';
import { botPollStatusOf } from './plant-defaults';
import { DAY_MS } from '../../domain/time';

type AnyRow = Record<string, unknown>;

/** A group is deleted only once it is empty; the foreign keys would refuse too, but without saying what is left. */
export async function checkGroupDelete(before: AnyRow, ctx: HookContext): Promise<void> {
  if (await groupHasMembers(ctx.trx, Number(before.groupID))) throw new AppError('conflict', 'notification.groupInUse');
}

/** GET /api/diagnostics/notifications: channels, the bot's polling, the last day's counts and the latest sends. */
export async function notificationDiagnostics(db: Database, plant: Plant, nowMs: number, timeZone: string) {
  const p = await notificationParameters(db);
  const channels = p ? channelsOn(p) : new Set<number>();
  const poll = botPollStatusOf(plant);
  const iso = (ms: number | null) => (ms === null ? null : toPlantIso(ms, timeZone));
  const recent = await recentSends(db, 100);
  return {
    telegram: { enabled: channels.has(1), polling: poll.polling, lastPollError: poll.lastPollError },
    email: { enabled: channels.has(2) },
    last24h: await sendCounts(db, nowMs - DAY_MS),
    recent: recent.map((row) => ({
      ...row,
      groupName: row.groupName ?? null,
      dueAt: toPlantIso(row.dueAt, timeZone),
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      sentAt: iso(row.sentAt),
    })),
  };
}
