import { prepared } from '../../db/prepared';
import { isConfigurableLossKind, type LossReasonNode } from '../../domain/losses';
import type { Executor } from '../indexes/indexes.repository';

const reasonKindsQuery = prepared((db) => db.selectFrom('stop_reasons').select(['reasonID', 'parentID', 'lossKind']));

/** The stop-reason tree as the loss kinds need it (a value the column's CHECK would refuse reads as inherited). */
export async function lossReasonNodes(db: Executor): Promise<LossReasonNode[]> {
  const rows = await reasonKindsQuery.execute(db, {});
  return rows.map((row) => ({
    reasonID: row.reasonID,
    parentID: row.parentID,
    lossKind: isConfigurableLossKind(row.lossKind) ? row.lossKind : null,
  }));
}
