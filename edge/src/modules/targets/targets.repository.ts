import type { Database } from '../../db/database';

/** Another target of the same line with the same tag. */
export function otherTargetWithTag(db: Database, lineID: number, tag: string, exceptTargetID: number | null) {
  let query = db.selectFrom('targets').select('targetID').where('lineID', '=', lineID).where('tag', '=', tag);
  if (exceptTargetID !== null) query = query.where('targetID', '<>', exceptTargetID);
  return query.executeTakeFirst();
}
