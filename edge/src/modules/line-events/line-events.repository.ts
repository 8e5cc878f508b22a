import type { Transaction } from 'kysely';
import type { DB, Row } from '../../db/schema';
import type { Executor } from '../indexes/indexes.repository';

export type LineStateRow = Row<'line_states'>;

/** The lines of `lineIDs` that exist. */
export async function existingLineIDs(db: Executor, lineIDs: readonly number[]): Promise<Set<number>> {
  if (lineIDs.length === 0) return new Set();
  const rows = await db.selectFrom('lines').select('lineID').where('lineID', 'in', [...lineIDs]).execute();
  return new Set(rows.map((row) => row.lineID));
}

/** What each line was last seen doing (absent for a line never seen). */
export async function lineStatesOf(db: Executor, lineIDs: readonly number[]): Promise<Map<number, LineStateRow>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await db.selectFrom('line_states').selectAll().where('lineID', 'in', [...lineIDs]).execute();
  return new Map(rows.map((row) => [row.lineID, row]));
}

export async function saveLineState(trx: Transaction<DB>, state: LineStateRow): Promise<void> {
  const { lineID: _key, ...values } = state;
  await trx
    .insertInto('line_states')
    .values(state)
    .onConflict((oc) => oc.column('lineID').doUpdateSet(values))
    .execute();
}

export interface ProductionDelta {
  lineID: number;
  minuteStart: number;
  order: string | null;
  units: number;
  discards: number;
}

/**
 * Adds production to a line's minute. A minute keeps the order it was first tagged with: when an order changes in
 * the middle of a minute, the rest of that minute counts for the order that was running at its first reading.
 */
export async function addProductionMinute(trx: Transaction<DB>, delta: ProductionDelta): Promise<void> {
  await trx
    .insertInto('production_minutes')
    .values(delta)
    .onConflict((oc) =>
      oc.columns(['lineID', 'minuteStart']).doUpdateSet((eb) => ({
        units: eb('production_minutes.units', '+', eb.ref('excluded.units')),
        discards: eb('production_minutes.discards', '+', eb.ref('excluded.discards')),
      })),
    )
    .execute();
}
