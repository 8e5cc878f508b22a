import { z } from 'zod';
import { CHANNEL, TARGET_TYPE } from '../../domain/notifications';
import { flag, optionalEmail, optionalId, optionalText, requiredInt, requiredText, timeOfDay } from '../grid/fields';

/** SPEC.md section 3: notification group, schedule, target and watcher. */
export const GROUP_COLUMNS = { groupID: 'number', name: 'string', description: 'string', email: 'string', enabled: 'boolean' } as const;
export const SCHEDULE_COLUMNS = {
  scheduleID: 'number',
  groupID: 'number',
  startTime: 'string',
  endTime: 'string',
  monday: 'boolean',
  tuesday: 'boolean',
  wednesday: 'boolean',
  thursday: 'boolean',
  friday: 'boolean',
  saturday: 'boolean',
  sunday: 'boolean',
} as const;
export const TARGET_COLUMNS = {
  targetID: 'number',
  groupID: 'number',
  type: 'number',
  channel: 'number',
  notifyAfterMinutes: 'number',
} as const;
export const WATCHER_COLUMNS = {
  watcherID: 'number',
  groupID: 'number',
  buildingId: 'number',
  sectorID: 'number',
  lineID: 'number',
} as const;

const oneOf = (values: readonly number[]) => requiredInt().refine((value) => values.includes(value), 'validation.invalid');

export const groupSchema = z.object({
  name: requiredText(20),
  description: optionalText(100),
  email: optionalEmail(),
  enabled: flag(true),
});

/** A window of the week in which the group is notified; a start after the end is a window across midnight. */
export const scheduleSchema = z.object({
  groupID: requiredInt(),
  startTime: timeOfDay(),
  endTime: timeOfDay(),
  monday: flag(),
  tuesday: flag(),
  wednesday: flag(),
  thursday: flag(),
  friday: flag(),
  saturday: flag(),
  sunday: flag(),
});

export const targetSchema = z.object({
  groupID: requiredInt(),
  type: oneOf(Object.values(TARGET_TYPE)),
  channel: oneOf(Object.values(CHANNEL)),
  notifyAfterMinutes: requiredInt({ min: 0 }),
});

/** What the group watches: a building, a sector or a line (at least one). */
export const watcherSchema = z
  .object({ groupID: requiredInt(), buildingId: optionalId(), sectorID: optionalId(), lineID: optionalId() })
  .refine((w) => w.buildingId != null || w.sectorID != null || w.lineID != null, {
    message: 'notification.watcherScope',
    path: ['buildingId'],
  });

/** `?groupID=` on the lists of schedules, targets and watchers (besides the grid's filter). */

/** POST /api/telegramUsers. */
export const telegramUserBody = z.object({ userID: z.string().trim().min(1, 'validation.required').max(12) });

/** GET /api/telegramUsers: each user's registration with the bot. */
export const telegramRegistrationsSchema = z.array(
  z.object({ userID: z.string(), registered: z.boolean(), registeredAt: z.string().nullable(), linkPending: z.boolean() }),
);

export const registrationAnswerSchema = z.object({
  message: z.string(),
  sent: z.number().int().optional(),
  failed: z.array(z.string()).optional(),
});

/** GET /api/diagnostics/notifications. */
export const notificationDiagnosticsSchema = z.object({
  telegram: z.object({ enabled: z.boolean(), polling: z.boolean(), lastPollError: z.string().nullable() }),
  email: z.object({ enabled: z.boolean() }),
  /** uncertain: sends the channel may have delivered (a timeout after handing it over, a crash in flight), not resent. */
  last24h: z.object({
    pending: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    uncertain: z.number().int(),
    failed: z.number().int(),
  }),
  recent: z.array(
    z.object({
      sendID: z.number().int(),
      eventKind: z.enum(['stop', 'maintenance']),
      eventID: z.number().int(),
      lineID: z.number().int(),
      groupID: z.number().int(),
      groupName: z.string().nullable(),
      channel: z.number().int(),
      recipient: z.string(),
      userID: z.string().nullable(),
      round: z.number().int(),
      dueAt: z.string(),
      status: z.enum(['pending', 'sending', 'sent', 'uncertain', 'failed']),
      attempts: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
