import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource, registerLookup } from '../grid/grid.routes';
import type { GridResource } from '../grid/grid-resource';
import type { ColumnMap } from '../grid/load-options';
import type { TableName } from '../../db/schema';
import { preparingWithReferences } from '../grid/prepare';
import type { Reference } from '../grid/references';
import type { Plant } from '../../plant';
import { groupLookup } from './notifications.repository';
import { notificationDiagnostics } from './notifications.service';
import { plantDefaults } from './plant-defaults';
import { registrationStates, sendRegistrationLink, sendRegistrationLinks } from './telegram-registration.service';
import {
  GROUP_COLUMNS,
  groupSchema,
  notificationDiagnosticsSchema,
  registrationAnswerSchema,
  telegramRegistrationsSchema,
  telegramUserBody,
  SCHEDULE_COLUMNS,
  scheduleSchema,
  TARGET_COLUMNS,
  targetSchema,
  WATCHER_COLUMNS,
  watcherSchema,
} from './notifications.schemas';
import { checkGroupDelete } from './notifications.service';

const ADMIN = [ROLE.ADMINISTRATOR];
const TAG = 'notifications';
const GROUP_REFERENCE: Reference = { field: 'groupID', table: 'notification_groups', column: 'groupID' };

interface GroupPart<S extends z.ZodObject> {
  /** Last segment of the path: schedules, targets, watchers. */
  name: string;
  table: TableName;
  key: string;
  columns: ColumnMap;
  schema: S;
  /** References besides the group. */
  references?: readonly Reference[];
}

/** A grid of rows that belong to a notification group (generated key, group must exist; lists take `?groupID=`). */
function registerGroupPart<S extends z.ZodObject>(api: Api, part: GroupPart<S>): void {
  const resource: GridResource<S> = {
    name: `notification ${part.name}`,
    path: `/api/notifications/${part.name}`,
    table: part.table,
    key: [part.key],
    generatedKey: true,
    columns: part.columns,
    plainFilters: ['groupID'],
    schema: part.schema,
    access: { read: ADMIN, write: ADMIN },
    prepare: preparingWithReferences(part.columns, [GROUP_REFERENCE, ...(part.references ?? [])]),
  };
  registerGridResource(api, resource);
}

/** Notification groups and, per group, its schedules, targets and watchers (SPEC.md sections 3, 5, 7). */
export function registerNotificationRoutes(api: Api, plant: Plant): void {
  registerGridResource(api, {
    name: 'notification groups',
    path: '/api/notifications/groups',
    table: 'notification_groups',
    key: ['groupID'],
    generatedKey: true,
    columns: GROUP_COLUMNS,
    schema: groupSchema,
    access: { read: ADMIN, write: ADMIN },
    defaultSort: [{ column: 'name', desc: false }],
    beforeDelete: checkGroupDelete,
  });
  registerLookup(api, { path: '/api/notifications/groups/lookup', access: ADMIN, tag: TAG, load: (db) => groupLookup(db) });

  registerGroupPart(api, {
    name: 'schedules',
    table: 'notification_schedules',
    key: 'scheduleID',
    columns: SCHEDULE_COLUMNS,
    schema: scheduleSchema,
  });
  registerGroupPart(api, {
    name: 'targets',
    table: 'notification_targets',
    key: 'targetID',
    columns: TARGET_COLUMNS,
    schema: targetSchema,
  });
  registerGroupPart(api, {
    name: 'watchers',
    table: 'notification_watchers',
    key: 'watcherID',
    columns: WATCHER_COLUMNS,
    schema: watcherSchema,
    references: [
      { field: 'buildingId', table: 'buildings', column: 'buildingId' },
      { field: 'sectorID', table: 'sectors', column: 'sectorID' },
      { field: 'lineID', table: 'lines', column: 'lineID' },
    ],
  });

  registerTelegramRoutes(api, plant);
}

/**
 * Telegram registration (SPEC.md sections 7, 8) and the notifications' diagnostics (issue 17): the administrator's.
 * The emails go out within the request (with timeouts), outside any transaction.
 */
function registerTelegramRoutes(api: Api, plant: Plant): void {
  const context = (ctx: { now: number; language: 'es' | 'en' }) => ({
    nowMs: ctx.now,
    language: ctx.language,
    logger: plant.logger.child({ module: 'telegram-registration' }),
    ...plantDefaults(plant),
  });
  api.route(
    {
      method: 'get',
      path: '/api/telegramUsers',
      access: ADMIN,
      tag: TAG,
      summary:
        "Each user's registration with the Telegram bot: registered (a chat bound), registeredAt, linkPending (a link emailed and not used yet).",
      response: telegramRegistrationsSchema,
    },
    ({ ctx }) => registrationStates(ctx.db, ctx.now, ctx.timeZone),
  );
  api.route(
    {
      method: 'post',
      path: '/api/telegramUsers',
      access: ADMIN,
      tag: TAG,
      summary:
        "Emails the user (JSON userID) a personal one-time link to the bot: 'Correo enviado'; 400 when the user has no email; 409 when email or the bot name is not configured; 502 'Ha ocurrido un error, vuelva a intentarlo' when the mail could not be sent.",
      body: telegramUserBody,
      response: registrationAnswerSchema,
    },
    ({ ctx, body }) => sendRegistrationLink(ctx.db, body.userID, context(ctx)),
  );
  api.route(
    {
      method: 'post',
      path: '/api/telegramUsers/all',
      access: ADMIN,
      tag: TAG,
      summary:
        "Emails every active user with an email their link: 'Correo enviado', how many were sent and who failed; 502 when none could be sent.",
      documentedBody: z.object({}),
      response: registrationAnswerSchema,
    },
    ({ ctx }) => sendRegistrationLinks(ctx.db, context(ctx)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/diagnostics/notifications',
      access: ADMIN,
      tag: 'diagnostics',
      summary:
        'Notifications: whether Telegram and email are on, the bot polling state, counts of the last 24 h (pending, sent, failed) and the latest 100 sends, newest first.',
      response: notificationDiagnosticsSchema,
    },
    ({ ctx }) => notificationDiagnostics(ctx.db, plant, ctx.now, ctx.timeZone),
  );
}
