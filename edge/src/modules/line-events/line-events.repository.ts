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

/**
 * Rows per multi-row upsert: one statement per chunk instead of one per row (a tick of the acquisition writes every
 * line's state and minute). 500 rows × 7 columns stays far below SQLite's limit of bound parameters.
 */
const UPSERT_CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK) out.push(rows.slice(start, start + UPSERT_CHUNK));
  return out;
}

/** Stores the lines' states as given (each line at most once). */
export async function saveLineStates(trx: Transaction<DB>, states: readonly LineStateRow[]): Promise<void> {
  for (const rows of chunks(states)) {
    await trx
      .insertInto('line_states')
      .values(rows)
      .onConflict((oc) =>
        oc.column('lineID').doUpdateSet((eb) => ({
          running: eb.ref('excluded.running'),
          changedAt: eb.ref('excluded.changedAt'),
          unitsCounter: eb.ref('excluded.unitsCounter'),
          discardsCounter: eb.ref('excluded.discardsCounter'),
          lastSampleAt: eb.ref('excluded.lastSampleAt'),
          firstSeenAt: eb.ref('excluded.firstSeenAt'),
        })),
      )
      .execute();
  }
}

export interface ProductionDelta {
  lineID: number;
  minuteStart: number;
  order: string | null;
  units: number;
  discards: number;
}

/**
 * Adds production to lines' minutes (each line and minute at most once). A minute keeps the order it was first tagged
 * with: when an order changes in the middle of a minute, the rest of that minute counts for the order that was
 * running at its first reading.
 */
export async function addProductionMinutes(trx: Transaction<DB>, deltas: readonly ProductionDelta[]): Promise<void> {
  for (const rows of chunks(deltas)) {
    await trx
      .insertInto('production_minutes')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['lineID', 'minuteStart']).doUpdateSet((eb) => ({
          units: eb('production_minutes.units', '+', eb.ref('excluded.units')),
          discards: eb('production_minutes.discards', '+', eb.ref('excluded.discards')),
        })),
      )
      .execute();
  }
}
