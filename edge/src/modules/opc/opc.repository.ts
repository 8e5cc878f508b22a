import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The servers as the grid lists them: the password never, only whether one is stored. */
export function serverSource(db: Database) {
  return db
    .selectFrom('opc_servers')
    .select([
      'opcServerID',
      'name',
      'description',
      'hostName',
      'serverType',
      'enabled',
      'securityMode',
      'securityPolicy',
      'userName',
      'unitId',
      'pollingMs',
      'clientId',
      'caCertificate',
    ])
    .select(sql<number>`password IS NOT NULL`.as('passwordSet'));
}

export function findServer(db: Database, opcServerID: number) {
  return db.selectFrom('opc_servers').select(['opcServerID', 'serverType']).where('opcServerID', '=', opcServerID).executeTakeFirst();
}

export function tagsOfServer(db: Database, opcServerID: number) {
  return db
    .selectFrom('opc_tags')
    .select(['tagID', 'tagName', 'tagValue'])
    .where('opcServerID', '=', opcServerID)
    .orderBy('tagName')
    .execute();
}

/** Another tag with this name (the name is how line scripts refer to a tag, so it is unique). */
export function otherTagNamed(db: Database, tagName: string, exceptTagID: number | null) {
  let query = db.selectFrom('opc_tags').select('tagID').where('tagName', '=', tagName);
  if (exceptTagID !== null) query = query.where('tagID', '<>', exceptTagID);
  return query.executeTakeFirst();
}

export function serverLookup(db: Database) {
  return db
    .selectFrom('opc_servers')
    .select(['opcServerID as value', 'name as text', 'serverType'])
    .orderBy('name')
    .orderBy('opcServerID')
    .execute();
}
