import { sql, type Transaction } from 'kysely';
import { hasBeaconScript } from '../../domain/script';
import { inJsonArray, prepared } from '../../db/prepared';
import type { DB, Row } from '../../db/schema';
import type { Database } from '../../db/database';

/**
 * The ingestion's queries run in every transaction of the acquisition (every second or so), so they are prepared
 * (compiled once) and take their lists as one JSON array: the same statements whatever the number of lines. The
 * writes read their rows with `jsonb_each(jsonb(…))`: the array is parsed once into SQLite's binary JSON, and each
 * `->>` reads its field from that, where `json_each` hands every row back as JSON text that each `->>` parses again
 * (eleven fields a line state: about half the statement's time for a tick of 50 lines).
 */

export type LineStateRow = Row<'line_states'>;

/**
 * The lines of `lineIDs` that exist, each with what it was last seen doing (undefined for a line never seen), in one
 * read.
 */
export async function statesOfExistingLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, LineStateRow | undefined>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await existingLineStatesQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map(({ existingLineID, ...state }) => [existingLineID, state.lineID === null ? undefined : (state as LineStateRow)]));
}

const existingLineStatesQuery = prepared((db, p: { lineIDs: string }) =>
  db
    .selectFrom('lines as l')
    .leftJoin('line_states as s', 's.lineID', 'l.lineID')
    .select([
      'l.lineID as existingLineID',
      's.lineID',
      's.running',
      's.changedAt',
      's.unitsCounter',
      's.discardsCounter',
      's.lastSampleAt',
      's.firstSeenAt',
      's.interruptedStopID',
      's.unitsSource',
      's.discardsSource',
      's.countersReadAt',
    ])
    .where('l.lineID', 'in', inJsonArray(p.lineIDs))
    .orderBy('l.lineID'),
);

/** Stores the lines' states as given (each line at most once): one statement for all, the rows as a JSON array. */
export async function saveLineStates(trx: Transaction<DB>, states: readonly LineStateRow[]): Promise<void> {
  if (states.length === 0) return;
  await saveLineStatesQuery.execute(trx, { rows: JSON.stringify(states) });
}

/** `WHERE true`: SQLite needs it to read ON CONFLICT after INSERT … SELECT. */
const saveLineStatesQuery = prepared(
  (_db, p: { rows: string }) => sql`
    INSERT INTO line_states (lineID, running, changedAt, unitsCounter, discardsCounter, lastSampleAt, firstSeenAt, interruptedStopID,
                             unitsSource, discardsSource, countersReadAt)
    SELECT value ->> 'lineID', value ->> 'running', value ->> 'changedAt', value ->> 'unitsCounter', value ->> 'discardsCounter',
           value ->> 'lastSampleAt', value ->> 'firstSeenAt', value ->> 'interruptedStopID', value ->> 'unitsSource',
           value ->> 'discardsSource', value ->> 'countersReadAt'
    FROM jsonb_each(jsonb(${p.rows})) WHERE true
    ON CONFLICT (lineID) DO UPDATE SET
      running = excluded.running, changedAt = excluded.changedAt, unitsCounter = excluded.unitsCounter,
      discardsCounter = excluded.discardsCounter, lastSampleAt = excluded.lastSampleAt, firstSeenAt = excluded.firstSeenAt,
      interruptedStopID = excluded.interruptedStopID, unitsSource = excluded.unitsSource,
      discardsSource = excluded.discardsSource, countersReadAt = excluded.countersReadAt`,
);

export interface ProductionDelta {
  lineID: number;
  minuteStart: number;
  order: string | null;
  units: number;
  discards: number;
  /** The part of discards declared by hand as start-up rejects (production manager); absent: 0. */
  startupDiscards?: number;
}

/**
 * Adds production to lines' minutes, each row its line, minute and order (each at most once in `deltas`). A minute in
 * which the order changes holds a row per order: what is made belongs to the order Ready when it was made.
 */
export async function addProductionMinutes(trx: Transaction<DB>, deltas: readonly ProductionDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await addProductionQuery.execute(trx, { rows: JSON.stringify(deltas) });
}

/** The conflict target is the key's unique index (migration 0019): a NULL order is one key, ''. */
const addProductionQuery = prepared(
  (_db, p: { rows: string }) => sql`
    INSERT INTO production_minutes (lineID, minuteStart, "order", units, discards, startupDiscards)
    SELECT value ->> 'lineID', value ->> 'minuteStart', value ->> 'order', value ->> 'units', value ->> 'discards',
      ifnull(value ->> 'startupDiscards', 0)
    FROM jsonb_each(jsonb(${p.rows})) WHERE true
    ON CONFLICT (lineID, minuteStart, ifnull("order", '')) DO UPDATE SET
      units = production_minutes.units + excluded.units, discards = production_minutes.discards + excluded.discards,
      startupDiscards = production_minutes.startupDiscards + excluded.startupDiscards`,
);

/**
 * The fastest a line is known to run, units per minute: the largest of its products' speeds on it and the nominal
 * speed of its Ready order (its product's speed, else the order's desired speed). Absent for a line with none.
 */
export async function topSpeedsOfLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, number>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await topSpeedsQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.filter((row) => row.speed !== null && row.speed > 0).map((row) => [row.lineID, Number(row.speed)]));
}

const topSpeedsQuery = prepared(
  (_db, p: { lineIDs: string }) => sql<{ lineID: number; speed: number | null }>`
    SELECT lineID, max(speed) AS speed FROM (
      SELECT lineID, speed FROM product_speeds WHERE lineID IN (SELECT value FROM json_each(${p.lineIDs}))
      UNION ALL
      SELECT lineID, desiredProductionSpeed FROM orders WHERE status = 1 AND lineID IN (SELECT value FROM json_each(${p.lineIDs}))
    ) GROUP BY lineID`,
);

/** The lines the acquisition reads: those with a beacon script (calculationBaliza with an expression). */
export async function linesWithBeacon(db: Database): Promise<number[]> {
  const rows = await db.selectFrom('lines').select(['lineID', 'calculationBaliza']).where('calculationBaliza', 'is not', null).execute();
  return rows.filter((row) => hasBeaconScript(row.calculationBaliza)).map((row) => row.lineID);
}
