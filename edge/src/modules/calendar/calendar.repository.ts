import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { SYNCED_KEYS } from '../../db/outbox';
import type { DB, Row } from '../../db/schema';
import { deleteRow, insertAnyRow, keyOf, updateAnyRow, type WriteContext } from '../../db/writes';
import { DEFAULT_CALENDAR, type CalendarException, type CalendarVersion, type WorkCalendar } from '../../domain/work-calendar';

let revision = 0;

/**
 * A calendar was written (or a transaction that may have written one ended): the engine's cached calendars
 * (line-calendars.ts) are read again on their next use.
 */
export function calendarsChanged(): void {
  revision += 1;
}

/** How many times calendarsChanged was called in this process: a cache read at another count is stale. */
export function calendarsRevision(): number {
  return revision;
}

/** lineID of the plant's calendar in the calendar tables (lines are 1–99). */
export const PLANT_CALENDAR = 0;

type CalendarTable = 'calendar_versions' | 'calendar_shifts' | 'calendar_breaks' | 'calendar_exceptions';

/** The key columns of each calendar table: the tables are synced, so their keys are the outbox's. */
const CALENDAR_KEYS: Readonly<Record<CalendarTable, readonly string[]>> = SYNCED_KEYS;

const TABLES: readonly CalendarTable[] = ['calendar_versions', 'calendar_shifts', 'calendar_breaks', 'calendar_exceptions'];

interface CalendarRows {
  calendar_versions: Row<'calendar_versions'>[];
  calendar_shifts: Row<'calendar_shifts'>[];
  calendar_breaks: Row<'calendar_breaks'>[];
  calendar_exceptions: Row<'calendar_exceptions'>[];
}

async function readRows(db: Database, lineID?: number): Promise<CalendarRows> {
  const rows = {} as Record<CalendarTable, unknown[]>;
  for (const table of TABLES) {
    let query = db.selectFrom(table).selectAll();
    if (lineID !== undefined) query = query.where('lineID', '=', lineID);
    rows[table] = await query.execute();
  }
  return rows as unknown as CalendarRows;
}

/** The calendar the rows of one lineID describe; null when it has no version. */
function calendarOfRows(rows: CalendarRows, lineID: number): WorkCalendar | null {
  const own = <T extends { lineID: number }>(list: T[]) => list.filter((row) => row.lineID === lineID);
  const versions: CalendarVersion[] = own(rows.calendar_versions)
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .map((version) => ({
      effectiveFrom: version.effectiveFrom,
      pattern: {
        shifts: own(rows.calendar_shifts)
          .filter((shift) => shift.effectiveFrom === version.effectiveFrom)
          .sort((a, b) => a.position - b.position)
          .map((shift) => ({ code: shift.code, nameEs: shift.nameEs, nameEn: shift.nameEn, start: shift.startTime, end: shift.endTime })),
        breaks: own(rows.calendar_breaks)
          .filter((pause) => pause.effectiveFrom === version.effectiveFrom)
          .sort((a, b) => a.shiftCode.localeCompare(b.shiftCode) || a.startTime.localeCompare(b.startTime))
          .map((pause) => ({ shiftCode: pause.shiftCode, start: pause.startTime, minutes: pause.minutes })),
        weekdays: [...version.weekdays].map(Number),
      },
    }));
  if (versions.length === 0) return null;
  const exceptions: CalendarException[] = own(rows.calendar_exceptions)
    .sort(
      (a, b) => a.exceptionDate.localeCompare(b.exceptionDate) || a.kind.localeCompare(b.kind) || a.shiftCode.localeCompare(b.shiftCode),
    )
    .map((row) =>
      row.kind === 'holiday'
        ? { date: row.exceptionDate, kind: 'holiday' }
        : row.kind === 'shortDay'
          ? { date: row.exceptionDate, kind: 'shortDay', until: row.untilTime ?? '' }
          : { date: row.exceptionDate, kind: 'extraShift', shiftCode: row.shiftCode },
    );
  return { versions, exceptions };
}

/** The stored calendars: the plant's (null when none is stored) and each line's own. */
export async function readCalendars(db: Database): Promise<{ plant: WorkCalendar | null; lines: Map<number, WorkCalendar> }> {
  const rows = await readRows(db);
  const lines = new Map<number, WorkCalendar>();
  const lineIDs = new Set(rows.calendar_versions.map((row) => row.lineID).filter((lineID) => lineID !== PLANT_CALENDAR));
  for (const lineID of [...lineIDs].sort((a, b) => a - b)) lines.set(lineID, calendarOfRows(rows, lineID)!);
  return { plant: calendarOfRows(rows, PLANT_CALENDAR), lines };
}

/** The rows that store `calendar` under `lineID`. */
function rowsOfCalendar(lineID: number, calendar: WorkCalendar | null): CalendarRows {
  const rows: CalendarRows = { calendar_versions: [], calendar_shifts: [], calendar_breaks: [], calendar_exceptions: [] };
  for (const { effectiveFrom, pattern } of calendar?.versions ?? []) {
    rows.calendar_versions.push({ lineID, effectiveFrom, weekdays: [...pattern.weekdays].sort((a, b) => a - b).join('') });
    pattern.shifts.forEach((shift, index) => {
      rows.calendar_shifts.push({
        lineID,
        effectiveFrom,
        code: shift.code,
        position: index + 1,
        nameEs: shift.nameEs,
        nameEn: shift.nameEn,
        startTime: shift.start,
        endTime: shift.end ?? null,
      });
    });
    for (const pause of pattern.breaks)
      rows.calendar_breaks.push({ lineID, effectiveFrom, shiftCode: pause.shiftCode, startTime: pause.start, minutes: pause.minutes });
  }
  for (const exception of calendar?.exceptions ?? []) {
    rows.calendar_exceptions.push({
      lineID,
      exceptionDate: exception.date,
      kind: exception.kind,
      shiftCode: exception.kind === 'extraShift' ? exception.shiftCode : '',
      untilTime: exception.kind === 'shortDay' ? exception.until : null,
    });
  }
  return rows;
}

const keyString = (row: Record<string, unknown>, table: CalendarTable) => JSON.stringify(keyOf(row, CALENDAR_KEYS[table]));
const sameRow = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(b).every((column) => a[column] === b[column]);

/**
 * Stores `calendar` as the one of `lineID` (null: removes it), through the write chokepoint: only the rows that
 * differ are inserted, updated or deleted, each with its audit (and, where synced, outbox) row. Answers whether
 * anything changed.
 */
export async function replaceCalendar(
  trx: Transaction<DB>,
  lineID: number,
  calendar: WorkCalendar | null,
  ctx: WriteContext,
): Promise<boolean> {
  const current = await readRows(trx, lineID);
  const wanted = rowsOfCalendar(lineID, calendar);
  let changed = false;
  // Children first when deleting, parents first when inserting (no foreign keys, but a reader sees a tidy order).
  for (const table of [...TABLES].reverse()) {
    const keep = new Set(wanted[table].map((row) => keyString(row, table)));
    for (const row of current[table] as Record<string, unknown>[]) {
      if (keep.has(keyString(row, table))) continue;
      await deleteRow(trx, table, keyOf(row, CALENDAR_KEYS[table]), ctx);
      changed = true;
    }
  }
  // The four tables are walked by name at run time: the writers' untyped form.
  for (const table of TABLES) {
    const existing = new Map((current[table] as Record<string, unknown>[]).map((row) => [keyString(row, table), row]));
    for (const row of wanted[table] as Record<string, unknown>[]) {
      const stored = existing.get(keyString(row, table));
      if (!stored) await insertAnyRow(trx, table, row, CALENDAR_KEYS[table], ctx);
      else if (!sameRow(stored, row)) await updateAnyRow(trx, table, keyOf(row, CALENDAR_KEYS[table]), row, ctx, stored);
      else continue;
      changed = true;
    }
  }
  // The engine's cache of the calendars (line-calendars.ts) reads them again; the services say so again after the commit.
  if (changed) calendarsChanged();
  return changed;
}

/** The calendar line `lineID` follows: its own, else the plant's (the default when none is stored); the plant's for null. */
export async function calendarOfLine(db: Database, lineID: number | null): Promise<WorkCalendar> {
  const stored = await readCalendars(db);
  return (lineID === null ? undefined : stored.lines.get(lineID)) ?? stored.plant ?? DEFAULT_CALENDAR;
}
