import type { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource, registerLookup, type GridResource } from '../../http/grid-resource';
import type { ColumnMap } from '../../http/load-options';
import type { TableName } from '../../db/schema';
import { preparingWithReferences } from '../common/prepare';
import type { Reference } from '../common/references';
import { groupLookup } from './notifications.repository';
import {
  GROUP_COLUMNS,
  groupSchema,
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
export function registerNotificationRoutes(api: Api): void {
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

  registerGroupPart(api, { name: 'schedules', table: 'notification_schedules', key: 'scheduleID', columns: SCHEDULE_COLUMNS, schema: scheduleSchema });
  registerGroupPart(api, { name: 'targets', table: 'notification_targets', key: 'targetID', columns: TARGET_COLUMNS, schema: targetSchema });
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
}
