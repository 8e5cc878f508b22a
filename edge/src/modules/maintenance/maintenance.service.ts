import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { insertRow, updateRow, type WriteContext } from '../../db/writes';
import {
  declaringTimes,
  MAINTENANCE_STATUS,
  mttrMinutes,
  nextStatus,
  timesOfAction,
  type MaintenanceAction,
} from '../../domain/maintenance';
import { addPlantDays, isSupportedPlantDate } from '../../domain/calendar';
import { plantDateAt, productionDay } from '../../domain/work-calendar';
import { lineCalendars } from '../calendar/line-calendars';
import { AppError, fieldError, notFound } from '../../http/errors';
import { listResource } from '../grid';
import { rowToApi, type GridResource } from '../grid/grid-resource';
import type { SessionUser } from '../../http/session';
import type { EngineClock } from '../engine';
import { findStop, openStopsOfLines } from '../stops';
import { plantText, recordStopMaintenance } from '../stops/stops.service';
import {
  callsInProgress,
  equipmentOfLine,
  finishedCallTotals,
  findCall,
  findCallReason,
  findEquipment,
  findLine,
  maintenanceCallsSource,
  maintenanceManagerOn,
  type MaintenanceCallRow,
  type MttrRow,
} from './maintenance.repository';
import { MAINTENANCE_COLUMNS, MAINTENANCE_GRID_COLUMNS, type NewCallInput } from './maintenance.schemas';

/** SPEC §4: a warning shows when a line has been under maintenance for more than 10 minutes. */
export const MAINTENANCE_WARNING_MINUTES = 10;

/** The maintenance calls grid (GET /api/maintenance/get); resourceLineID, status and sectorID as plain parameters too. */
export function maintenanceGrid(nowMs: number): GridResource {
  return {
    name: 'maintenance',
    path: '/api/maintenance',
    table: 'maintenance_calls',
    key: ['callID'],
    columns: MAINTENANCE_GRID_COLUMNS,
    plainFilters: ['resourceLineID', 'status', 'sectorID'],
    schema: z.object({}),
    access: { read: 'authenticated', write: [] },
    defaultSort: [{ column: 'callDate', desc: true }],
    source: (db) => maintenanceCallsSource(db, nowMs) as never,
  };
}

export function listMaintenanceCalls(db: Database, query: Record<string, unknown>, clock: EngineClock) {
  return listResource(maintenanceGrid(clock.nowMs), db, query, clock.timeZone);
}

/** A call in progress as the dashboard shows it: minutes since the call, and whether it is past the warning. */
export function callToApi(call: MaintenanceCallRow, clock: EngineClock) {
  const minutes = Math.max(0, Math.floor((clock.nowMs - call.callDate) / 60_000));
  return { ...rowToApi(call, MAINTENANCE_COLUMNS, clock.timeZone), minutes, overLimit: minutes > MAINTENANCE_WARNING_MINUTES };
}

/** The maintenance call in progress on a line (GET /api/alerts/first), or null. */
export async function firstAlert(db: Database, lineID: number, clock: EngineClock) {
  const call = (await callsInProgress(db, [lineID])).get(lineID);
  return call ? callToApi(call, clock) : null;
}

/** The equipment the call dialog offers for a line. */
export function lineEquipment(db: Database, lineID: number) {
  return equipmentOfLine(db, lineID);
}

/** One call as the grid shows it (the answer of every write). */
async function callView(db: Database, callID: number, clock: EngineClock) {
  const { data } = await listMaintenanceCalls(db, { filter: JSON.stringify(['callID', '=', callID]) }, clock);
  return data[0];
}

/**
 * Calls maintenance on a line (status Waiting), stamped with the server's clock. The stop in progress on the line,
 * if any, is the call's stop: it gets the call's reason and its declaring time (stop start → call), which also
 * limits how it can be split. Refused, changing nothing: the plant turned the module off, an unknown line or
 * reason, equipment of another line, or a call already open on the line.
 */
export async function callMaintenance(db: Database, input: NewCallInput, user: SessionUser, clock: EngineClock) {
  const ctx: WriteContext = { userID: user.userID, now: clock.nowMs, action: 'call' };
  const callID = await db.transaction().execute(async (trx) => {
    if (!(await maintenanceManagerOn(trx))) throw new AppError('conflict', 'maintenance.disabled');
    if (!(await findLine(trx, input.lineID))) throw fieldError('validation', 'line.notFound', 'lineID', { lineID: input.lineID });
    const reason = await findCallReason(trx, input.callReasonID);
    if (!reason) throw fieldError('validation', 'maintenance.reasonNotFound', 'callReasonID');
    if (input.equipmentID != null) {
      const equipment = await findEquipment(trx, input.equipmentID);
      if (!equipment || (equipment.lineID !== null && equipment.lineID !== input.lineID)) {
        throw fieldError('validation', 'maintenance.equipmentNotOfLine', 'equipmentID', { lineID: input.lineID });
      }
    }
    const open = (await callsInProgress(trx, [input.lineID])).get(input.lineID);
    if (open)
      throw new AppError('conflict', 'maintenance.openCall', {
        lineID: input.lineID,
        callID: open.callID,
        date: plantText(open.callDate, clock.timeZone),
      });
    const stop = (await openStopsOfLines(trx, [input.lineID])).get(input.lineID);
    const call = await insertRow(
      trx,
      'maintenance_calls',
      {
        resourceLineID: input.lineID,
        stopID: stop?.stopID ?? null,
        status: MAINTENANCE_STATUS.WAITING,
        callReason: reason.name,
        equipmentID: input.equipmentID ?? null,
        message: input.message ?? null,
        callDate: clock.nowMs,
        declarationDate: clock.nowMs,
        calledBy: user.userID,
        updatedBy: user.userID,
        updateDate: clock.nowMs,
      },
      ['callID'],
      ctx,
    );
    if (stop) {
      const times = {
        maintenanceReason: reason.name,
        ...declaringTimes({ startMs: stop.startDate, endMs: stop.endDate }, clock.nowMs),
        waitingTime: null,
        maintenanceTime: null,
      };
      await recordStopMaintenance(trx, stop.stopID, times, ctx);
    }
    return call.callID;
  });
  return callView(db, callID, clock);
}

const REFUSALS = {
  alreadyStarted: 'maintenance.alreadyStarted',
  notStarted: 'maintenance.notStarted',
  closed: 'maintenance.closed',
} as const;

/** What each action stamps on the call besides its status. */
function stampsOf(action: MaintenanceAction, userID: string, nowMs: number) {
  return action === 'start' ? { startDate: nowMs, startedBy: userID } : { endDate: nowMs, finishedBy: userID };
}

/**
 * Starts (maintenance staff take it), finishes, or closes as NoMtto a call, at the server's clock; the call's stop
 * gets the phase that ended (waiting or maintenance minutes). A move the status machine refuses changes nothing.
 */
export async function actOnCall(db: Database, callID: number, action: MaintenanceAction, user: SessionUser, clock: EngineClock) {
  const ctx: WriteContext = { userID: user.userID, now: clock.nowMs, action };
  await db.transaction().execute(async (trx: Transaction<DB>) => {
    const call = await findCall(trx, callID);
    if (!call) throw notFound();
    const next = nextStatus(call.status, action);
    if (!next.ok) throw new AppError('conflict', REFUSALS[next.refusal], { callID });
    const values = { status: next.status, ...stampsOf(action, user.userID, clock.nowMs), updatedBy: user.userID, updateDate: clock.nowMs };
    await updateRow(trx, 'maintenance_calls', { callID }, values, ctx, call);
    // The stop may have ended before this action (the line ran again while maintenance was awaited): its phases stop
    // at its end.
    const stop = call.stopID === null ? undefined : await findStop(trx, call.stopID);
    if (stop) {
      const instants = { status: call.status, declarationDate: call.declarationDate ?? call.callDate, startDate: call.startDate };
      await recordStopMaintenance(
        trx,
        stop.stopID,
        timesOfAction(instants, action, clock.nowMs, { startMs: stop.startDate, endMs: stop.endDate }),
        ctx,
      );
    }
  });
  return callView(db, callID, clock);
}

/** Without a range, MTTR covers the last 30 production days, today's included. */
const MTTR_DEFAULT_DAYS = 30;

function mttrRows(rows: readonly MttrRow[], keyName: 'lineID' | 'equipmentID', nameOf: 'description' | 'equipmentName') {
  return rows.map((row) => ({
    [keyName]: row.key,
    [nameOf]: row.name,
    finishedCalls: row.finishedCalls,
    maintenanceMinutes: Math.round(row.maintenanceMs / 600) / 100,
    mttr: mttrMinutes(row.maintenanceMs / 60_000, row.finishedCalls),
    meanWaiting: mttrMinutes(row.waitingMs / 60_000, row.finishedCalls),
  }));
}

/**
 * MTTR per line and per equipment over the finished calls made in a range of the plant's production days (its work
 * calendar's, 06:00 to 06:00 by default; `from` and `to` included; default the last 30): the maintenance minutes summed, then
 * divided by the number of calls (never an average of averages); meanWaiting likewise for call → start.
 */
export async function maintenanceMttr(db: Database, filter: { from?: string; to?: string; sectorID?: number }, clock: EngineClock) {
  const today = plantDateAt((await lineCalendars(db)).plant, clock.nowMs, clock.timeZone);
  const day = (field: 'from' | 'to', fallback: string) => {
    const text = filter[field];
    if (text === undefined || text === '') return fallback;
    if (!isSupportedPlantDate(text)) throw fieldError('validation', 'validation.invalid', field);
    return text;
  };
  // The plant's production days (its work calendar's; 06:00 to 06:00 by default): the range spans several lines.
  const { plant } = await lineCalendars(db);
  const fromMs = productionDay(plant, day('from', addPlantDays(today, -(MTTR_DEFAULT_DAYS - 1))), clock.timeZone).startMs;
  const toMs = Math.max(fromMs, productionDay(plant, day('to', today), clock.timeZone).endMs);
  const range = { fromMs, toMs, sectorID: filter.sectorID ?? null };
  const [lines, equipment] = [await finishedCallTotals(db, 'line', range), await finishedCallTotals(db, 'equipment', range)];
  return { lines: mttrRows(lines, 'lineID', 'description'), equipment: mttrRows(equipment, 'equipmentID', 'equipmentName') };
}
