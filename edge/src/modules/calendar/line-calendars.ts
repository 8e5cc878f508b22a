import type { Database } from '../../db/database';
import { DEFAULT_CALENDAR, type WorkCalendar } from '../../domain/work-calendar';
import { calendarsRevision, readCalendars } from './calendar.repository';

/** The calendars' revision, raised at every calendar write: other modules learn of a change through it. */
export { calendarsRevision };

/**
 * The work calendars as the engine reads them: every line's (its own, else the plant's, else DEFAULT_CALENDAR),
 * read from the database once and kept. The engine asks for them every second (the periodic refresh, every ingestion
 * transaction), so they are not read again until a calendar is written: calendar.repository's `calendarsChanged`
 * (called by replaceCalendar, and by the calendar service after its transaction) moves a process-wide revision counter,
 * and a cache older than it is read again on its next use.
 */
export interface LineCalendars {
  /** The plant's calendar (DEFAULT_CALENDAR when none is stored). */
  readonly plant: WorkCalendar;
  /** The calendar line `lineID` follows: its own, else the plant's. */
  of(lineID: number): WorkCalendar;
}

interface CachedCalendars {
  revision: number;
  calendars: LineCalendars;
}

/**
 * The cache, by database. A transaction of a database shares its dialect adapter with it (Kysely makes one per
 * instance), so a read inside a transaction and one outside it find the same entry.
 */
const cache = new WeakMap<object, CachedCalendars>();

function cacheKeyOf(db: Database): object {
  return db.getExecutor().adapter;
}

function calendarsOf(stored: { plant: WorkCalendar | null; lines: Map<number, WorkCalendar> }): LineCalendars {
  const plant = stored.plant ?? DEFAULT_CALENDAR;
  return { plant, of: (lineID) => stored.lines.get(lineID) ?? plant };
}

/** The calendars, from the cache when no calendar was written since they were read. */
export async function lineCalendars(db: Database): Promise<LineCalendars> {
  const key = cacheKeyOf(db);
  const cached = cache.get(key);
  if (cached && cached.revision === calendarsRevision()) return cached.calendars;
  const readAt = calendarsRevision();
  const calendars = calendarsOf(await readCalendars(db));
  cache.set(key, { revision: readAt, calendars });
  return calendars;
}

/** Whether a calendar schedules every instant with no break: the engine's figures then need no schedule at all. */
export function schedulesEverything(calendar: WorkCalendar): boolean {
  return (
    calendar.exceptions.length === 0 &&
    calendar.versions.every(
      ({ pattern }) => pattern.breaks.length === 0 && pattern.weekdays.length === 7 && pattern.shifts.every((shift) => !shift.end),
    )
  );
}
