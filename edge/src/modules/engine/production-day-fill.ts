import type { Database } from '../../db/database';
import { plantDateAt } from '../../domain/work-calendar';
import { lineCalendars } from '../calendar/line-calendars';

/** Rows given their day per transaction. */
export const PRODUCTION_DAY_FILL_BATCH = 1_000;

/**
 * The shift indexes computed before edge migration 0029 have no stored production day: each is given the day of its
 * line's calendar in force (its own, else the plant's) at its start — the day it showed until then, derived per row —
 * so nothing changes for an untouched plant, and a calendar version added afterwards no longer moves it. Run at start,
 * after the migrations and before the edge serves or computes anything (server.ts), so the calendar is still the one
 * the rows were shown with. In batches of PRODUCTION_DAY_FILL_BATCH rows, one short transaction each; a start with
 * none left costs one query. The writes have no outbox or audit row: the central copy fills its own rows the same way
 * (central migration 0016, from its replicated calendars), and no figure changes. Answers how many rows it filled.
 */
export async function fillShiftIndexProductionDays(db: Database, timeZone: string): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom('shift_indexes')
      .select(['lineID', 'shiftStart'])
      .where('productionDay', 'is', null)
      .limit(PRODUCTION_DAY_FILL_BATCH)
      .execute();
    if (rows.length === 0) return filled;
    const calendars = await lineCalendars(db);
    await db.transaction().execute(async (trx) => {
      for (const row of rows)
        await trx
          .updateTable('shift_indexes')
          .set({ productionDay: plantDateAt(calendars.of(row.lineID), row.shiftStart, timeZone) })
          .where('lineID', '=', row.lineID)
          .where('shiftStart', '=', row.shiftStart)
          .execute();
    });
    filled += rows.length;
  }
}
