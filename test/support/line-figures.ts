import type { Database } from '../../edge/src/db/database';
import { waitFor } from './simulated-plant';

/**
 * What the acquisition tests read back from the OEE engine's tables: a line's stops, its open stop, its state and the
 * units and discards booked in its production minutes.
 */
export function lineFigures(db: () => Database) {
  const stopsOf = (lineID: number) => db().selectFrom('stops').selectAll().where('lineID', '=', lineID).orderBy('stopID').execute();
  const openStopOf = async (lineID: number) => (await stopsOf(lineID)).find((stop) => stop.endDate === null);
  const lineState = (lineID: number) => db().selectFrom('line_states').selectAll().where('lineID', '=', lineID).executeTakeFirst();
  async function produced(lineID: number): Promise<{ units: number; discards: number }> {
    const row = await db()
      .selectFrom('production_minutes')
      .select((eb) => [eb.fn.sum<number>('units').as('units'), eb.fn.sum<number>('discards').as('discards')])
      .where('lineID', '=', lineID)
      .executeTakeFirst();
    return { units: Number(row?.units ?? 0), discards: Number(row?.discards ?? 0) };
  }
  /** A probe for waitFor: the line's production once it is exactly `expected`. */
  const sameProduction = (lineID: number, expected: { units: number; discards: number }) => async () => {
    const now = await produced(lineID);
    return now.units === expected.units && now.discards === expected.discards ? now : undefined;
  };
  /** Waits until each line is seen running with its counters read once (the baseline production is counted from). */
  async function linesRunning(lineIDs: readonly number[]): Promise<void> {
    for (const lineID of lineIDs) {
      await waitFor(async () => {
        const state = await lineState(lineID);
        return state?.running === 1 && state.unitsCounter !== null ? state : undefined;
      }, `line ${lineID} running`);
    }
  }
  return { stopsOf, openStopOf, lineState, produced, sameProduction, linesRunning };
}
