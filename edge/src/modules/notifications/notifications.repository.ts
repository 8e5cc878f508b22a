import type { Database } from '../../db/database';

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
