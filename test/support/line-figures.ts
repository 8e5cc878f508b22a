import { expect } from 'vitest';
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
  /** Waits for each line's open reason-4 (source disconnected) stop and answers them, by line. */
  async function disconnectedStops(lineIDs: readonly number[]) {
    const stops = [];
    for (const lineID of lineIDs) {
      stops.push(
        await waitFor(async () => {
          const open = await openStopOf(lineID);
          return open?.reasonID === 4 ? open : undefined;
        }, `the disconnected stop of line ${lineID}`),
      );
    }
    return stops;
  }
  type Figures = { units: number; discards: number };
  /**
   * After a source's outage: each line resumes, its production is what it had `before` plus what it `made` meanwhile,
   * one unit more (`produceOne`) is counted once too, and the outage is one reason-4 stop per line, closed.
   */
  async function countedOnceAfterOutage(
    before: Record<number, Figures>,
    made: Record<number, Figures>,
    produceOne: (lineID: number) => Promise<void>,
  ): Promise<void> {
    const lineIDs = Object.keys(before).map(Number);
    for (const lineID of lineIDs)
      await waitFor(async () => ((await openStopOf(lineID)) ? undefined : true), `line ${lineID} to resume`, 20_000);
    const expected = (lineID: number, extra: number) => ({
      units: before[lineID]!.units + made[lineID]!.units + extra,
      discards: before[lineID]!.discards + made[lineID]!.discards,
    });
    for (const lineID of lineIDs) await waitFor(sameProduction(lineID, expected(lineID, 0)), `line ${lineID} production after the outage`);
    for (const lineID of lineIDs) await produceOne(lineID);
    for (const lineID of lineIDs)
      await waitFor(async () => (await produced(lineID)).units > expected(lineID, 0).units, `the unit after the outage on line ${lineID}`);
    for (const lineID of lineIDs) {
      expect(await produced(lineID)).toEqual(expected(lineID, 1));
      const disconnections = (await stopsOf(lineID)).filter((stop) => stop.reasonID === 4);
      expect(disconnections).toHaveLength(1);
      expect(disconnections[0]!.endDate).not.toBeNull();
    }
  }
  return { stopsOf, openStopOf, lineState, produced, sameProduction, linesRunning, disconnectedStops, countedOnceAfterOutage };
}
