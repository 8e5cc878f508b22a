import type { Database } from '../../db/database';
import { openSecret } from '../../db/secrets';
import { OPEN_STATUSES } from '../../domain/maintenance';

/** Where and how the edge publishes its lines (General parameters, migration 0021), and what names its topics. */
export async function publishingSettings(db: Database) {
  const row = await db
    .selectFrom('parameters')
    .select([
      'mqttPublishEnabled',
      'mqttPublishUrl',
      'mqttPublishPrefix',
      'mqttPublishClientId',
      'mqttPublishUserName',
      'mqttPublishPassword',
      'plantName',
      'oeeCalculationRefresh',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { ...row, mqttPublishPassword: openSecret(db, row.mqttPublishPassword) } : null;
}

/** Each line's sector name, for the topics. */
export function lineSectors(db: Database) {
  return db
    .selectFrom('lines as l')
    .innerJoin('sectors as s', 's.sectorID', 'l.sectorID')
    .select(['l.lineID', 'l.description', 's.sectorName'])
    .orderBy('l.lineID')
    .execute();
}

/**
 * What changes a line's published state, cheaply read every second: the beacon's input (running), the open stop and
 * its reason, the maintenance call in progress. Another value of it is a change to publish at once.
 */
export async function lineStateSignatures(db: Database): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('lines as l')
    .leftJoin('line_states as st', 'st.lineID', 'l.lineID')
    .select((eb) => [
      'l.lineID',
      'st.running',
      eb
        .selectFrom('stops as s')
        .select((inner) => inner.fn.max('s.stopID').as('id'))
        .whereRef('s.lineID', '=', 'l.lineID')
        .where('s.endDate', 'is', null)
        .as('openStop'),
      eb
        .selectFrom('stops as s')
        .select('s.reasonID')
        .whereRef('s.lineID', '=', 'l.lineID')
        .where('s.endDate', 'is', null)
        .orderBy('s.stopID', 'desc')
        .limit(1)
        .as('openReason'),
      eb
        .selectFrom('maintenance_calls as m')
        .select((inner) => inner.fn.max('m.callID').as('id'))
        .whereRef('m.resourceLineID', '=', 'l.lineID')
        .where('m.status', 'in', [...OPEN_STATUSES])
        .as('call'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.lineID, JSON.stringify([row.running, row.openStop, row.openReason, row.call])]));
}
