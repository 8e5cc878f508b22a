import type { Database } from '../../db/database';

/** Each line's module switches, and the plant's switch for the maintenance manager. */
export async function findModuleSwitches(db: Database) {
  const [lines, parameters] = await Promise.all([
    db
      .selectFrom('lines')
      .select(['lineID', 'enableOrderManager', 'enableProductionManager', 'enableStopsManager'])
      .orderBy('lineID')
      .execute(),
    db.selectFrom('parameters').select('enableMaintenanceManager').where('id', '=', 1).executeTakeFirst(),
  ]);
  return { lines, maintenanceOn: (parameters?.enableMaintenanceManager ?? 1) === 1 };
}
