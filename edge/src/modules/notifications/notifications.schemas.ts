import { z } from 'zod';
import { flag, optionalEmail, optionalId, optionalText, requiredInt, requiredText, timeOfDay } from '../common/fields';

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
export const TARGET_COLUMNS = { targetID: 'number', groupID: 'number', type: 'number', channel: 'number', notifyAfterMinutes: 'number' } as const;
export const WATCHER_COLUMNS = { watcherID: 'number', groupID: 'number', buildingId: 'number', sectorID: 'number', lineID: 'number' } as const;

/** Target types and channels of SPEC.md section 3. */
export const TARGET_TYPE = { STOPS: 0, MAINTENANCE: 1 } as const;
export const CHANNEL = { TELEGRAM: 1 } as const;

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
  .refine((w) => w.buildingId != null || w.sectorID != null || w.lineID != null, { message: 'notification.watcherScope', path: ['buildingId'] });

/** `?groupID=` on the lists of schedules, targets and watchers (besides the grid's filter). */
