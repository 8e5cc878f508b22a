import type { Database } from '../../db/database';

export function findTerminalByIp(db: Database, ipAddress: string) {
  return db.selectFrom('terminals').selectAll().where('ipAddress', '=', ipAddress).executeTakeFirst();
}
