import { plantDateParts } from './time-zone';
import { MINUTE_MS } from './time';

/**
 * Who must hear about what, and when (issue 17): pure rules over the notification groups' configuration, the open
 * situations of the plant (stops, maintenance calls) and what was already sent. The clock is an argument.
 */

export type AlertKind = 'stop' | 'maintenance';

/** Target types of SPEC.md section 3. */
export const TARGET_TYPE = { STOPS: 0, MAINTENANCE: 1 } as const;
/** Channels: 1 Telegram (SPEC.md section 3); 2 Email, ours (README, Notifications). */
export const CHANNEL = { TELEGRAM: 1, EMAIL: 2 } as const;
export type Channel = (typeof CHANNEL)[keyof typeof CHANNEL];

export interface WeeklySchedule {
  /** 'HH:mm' in the plant's zone. */
  startTime: string;
  endTime: string;
  /** Whether the window starts on each weekday, 0 = Sunday … 6 = Saturday. */
  startsOn: readonly boolean[];
}

function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Whether `instantMs` falls inside the weekly window, read on the plant's wall clock. startTime < endTime: that day
 * from start (included) to end (excluded). startTime > endTime: the window crosses midnight and belongs to the day it
 * starts on (a Friday 22:00–06:00 window covers Saturday 05:59). startTime = endTime: 24 hours from the start. Around
 * a DST change the wall clock decides: the skipped hour never matches, the repeated hour matches both times.
 */
export function scheduleCovers(schedule: WeeklySchedule, instantMs: number, timeZone: string): boolean {
  const wall = plantDateParts(instantMs, timeZone);
  const now = wall.hour * 60 + wall.minute;
  const start = minutesOfDay(schedule.startTime);
  const end = minutesOfDay(schedule.endTime);
  const today = schedule.startsOn[wall.weekday] ?? false;
  if (start < end) return today && now >= start && now < end;
  // Across midnight (or 24 hours when start = end): the part after midnight belongs to the previous day's window.
  const yesterday = schedule.startsOn[(wall.weekday + 6) % 7] ?? false;
  return (today && now >= start) || (yesterday && now < end);
}

/** Where a line is in the plant. */
export interface LinePlace {
  lineID: number;
  sectorID: number;
  buildingId: number | null;
}

export interface WatcherScope {
  buildingId: number | null;
  sectorID: number | null;
  lineID: number | null;
}

/** A watcher covers a line when everything it names matches: its building, its sector, its line (at least one named). */
export function watcherCovers(watcher: WatcherScope, place: LinePlace): boolean {
  const named = watcher.buildingId != null || watcher.sectorID != null || watcher.lineID != null;
  return (
    named &&
    (watcher.buildingId == null || watcher.buildingId === place.buildingId) &&
    (watcher.sectorID == null || watcher.sectorID === place.sectorID) &&
    (watcher.lineID == null || watcher.lineID === place.lineID)
  );
}

/** A stop still open, or a maintenance call waiting or started. */
export interface Situation {
  kind: AlertKind;
  eventID: number;
  place: LinePlace;
  /** Stop start, or the call's date. */
  sinceMs: number;
}

export interface GroupRules {
  groupID: number;
  targets: readonly { type: number; channel: number; notifyAfterMinutes: number }[];
  schedules: readonly WeeklySchedule[];
  watchers: readonly WatcherScope[];
}

export interface Recipient {
  channel: Channel;
  /** Telegram chat id or email address. */
  address: string;
  userID: string | null;
  language: 'es' | 'en';
}

/** The latest message to one recipient about one situation for one group. */
export interface LatestSend {
  round: number;
  /** sending: in flight; uncertain: maybe delivered (never resent), counted as done like sent and failed. */
  status: 'pending' | 'sending' | 'sent' | 'uncertain' | 'failed';
  /** When it was delivered (sent), else when it became due. */
  lastAtMs: number;
}

export interface DueAlert {
  situation: Situation;
  groupID: number;
  recipient: Recipient;
  round: number;
}

export const sendKey = (kind: AlertKind, eventID: number, groupID: number, channel: number, address: string): string =>
  `${kind}:${eventID}:${groupID}:${channel}:${address}`;

/**
 * The round due now after `latest`, or null: the first alert (round 0) when nothing was sent yet; a repeat once the
 * previous one was delivered (or given up) at least `intervalMinutes` ago — so repeats never come more often than
 * the interval, even after a delayed delivery. Nothing new while the previous one is still pending or in flight; an interval of 0
 * means no repeats.
 */
export function nextRound(latest: LatestSend | undefined, nowMs: number, intervalMinutes: number): number | null {
  if (!latest) return 0;
  if (latest.status === 'pending' || latest.status === 'sending' || intervalMinutes <= 0) return null;
  return nowMs >= latest.lastAtMs + intervalMinutes * MINUTE_MS ? latest.round + 1 : null;
}

const TYPE_OF_KIND: Record<AlertKind, number> = { stop: TARGET_TYPE.STOPS, maintenance: TARGET_TYPE.MAINTENANCE };

/**
 * The smallest notifyAfterMinutes of the group's targets for this kind of situation on `channel`, or null when the
 * group has no such target.
 */
function thresholdMinutes(group: GroupRules, kind: AlertKind, channel: number): number | null {
  const minutes = group.targets
    .filter((target) => target.type === TYPE_OF_KIND[kind] && target.channel === channel)
    .map((target) => target.notifyAfterMinutes);
  return minutes.length ? Math.min(...minutes) : null;
}

export interface DueAlertsInput {
  nowMs: number;
  timeZone: string;
  intervalMinutes: number;
  /** The channels switched on (telegramEnabled, emailEnabled). */
  channels: ReadonlySet<number>;
  situations: readonly Situation[];
  /** Enabled groups only. */
  groups: readonly GroupRules[];
  recipientsOf(groupID: number, channel: Channel): readonly Recipient[];
  latest: ReadonlyMap<string, LatestSend>;
}

/**
 * Every message due now: for each enabled group inside one of its schedules, each situation on a line one of its
 * watchers covers, open at least as long as a target of that kind asks on a switched-on channel, each recipient of
 * that channel whose next round is due (`nextRound`).
 */
export function dueAlerts(input: DueAlertsInput): DueAlert[] {
  const due: DueAlert[] = [];
  for (const group of input.groups) {
    if (!group.schedules.some((schedule) => scheduleCovers(schedule, input.nowMs, input.timeZone))) continue;
    for (const situation of input.situations) {
      if (!group.watchers.some((watcher) => watcherCovers(watcher, situation.place))) continue;
      for (const channel of [CHANNEL.TELEGRAM, CHANNEL.EMAIL] as const) {
        if (!input.channels.has(channel)) continue;
        const minutes = thresholdMinutes(group, situation.kind, channel);
        if (minutes === null || input.nowMs - situation.sinceMs < minutes * MINUTE_MS) continue;
        for (const recipient of input.recipientsOf(group.groupID, channel)) {
          const latest = input.latest.get(sendKey(situation.kind, situation.eventID, group.groupID, channel, recipient.address));
          const round = nextRound(latest, input.nowMs, input.intervalMinutes);
          if (round !== null) due.push({ situation, groupID: group.groupID, recipient, round });
        }
      }
    }
  }
  return due;
}

/** Retries of a failed delivery: 5 s, then doubling, at most 5 minutes apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

/** A message still undelivered this long after it became due is given up (marked failed). */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;
