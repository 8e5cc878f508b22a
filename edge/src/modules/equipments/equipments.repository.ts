import type { Database } from '../../db/database';

export function findStopReason(db: Database, reasonID: number) {
  return db.selectFrom('stop_reasons').select(['reasonID', 'isCategory']).where('reasonID', '=', reasonID).executeTakeFirst();
}

/** Equipment–reason links with the reason's text, as the equipment's stops grid lists them. */
export function equipmentStopsSource(db: Database) {
  return db
    .selectFrom('equipment_stop_reasons')
    .innerJoin('stop_reasons', 'stop_reasons.reasonID', 'equipment_stop_reasons.reasonID')
    .select(['equipment_stop_reasons.equipmentID', 'equipment_stop_reasons.reasonID', 'stop_reasons.reason']);
}
