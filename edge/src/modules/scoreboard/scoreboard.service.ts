import type { Database } from '../../db/database';
import { calendarShiftAt } from '../../domain/work-calendar';
import { currentPace, paceToGoal, shiftGoal } from '../../domain/pace';
import { AppError, notFound } from '../../http/errors';
import type { Language } from '../../http/messages';
import { resolveSession } from '../../http/session';
import { productionDaySpan, shiftToApi } from '../calendar/calendar.service';
import { lineCalendars } from '../calendar/line-calendars';
import { engineParameters, findLineSettings, type EngineClock, lineRangeInputs, loadLineRangeData } from '../engine';
import { overviewLines, type OverviewLine } from '../line-overview';
import { dashboardIndicators, lineOverview } from '../line-overview/line-overview.service';
import { stopSummary } from '../stops/stop-summary.service';
import { findTerminalByIp } from '../terminals';
import { canonicalIp } from '../terminals/terminals.schemas';

/**
 * The scoreboard (/tablero): what a large display on the line shows from ten metres — the beacon, the shift's OEE and
 * its three factors against the line's target, the units made against the shift's and the order's goal with the pace
 * needed to reach them, the stop in progress and the shift's three longest stop reasons.
 *
 * Every figure comes from the functions the dashboard's own calls use (the line overview, the dashboard indicators,
 * the stop summary), so the scoreboard and the dashboard read the same at the same instant.
 *
 * Who may read it: a signed-in user of any role (the dashboard's readers), or — without signing in — a terminal, the
 * browser whose address an administrator configured with a line (/terminal, Configuración → Terminales; the same
 * address terminalSyncByIP matches). A terminal reads only its line, or its line's sector; it can change nothing.
 */

/** Stop reasons the scoreboard lists: the shift's longest. */
export const TOP_LOSSES = 3;

export type ScoreboardViewer = { kind: 'user' } | { kind: 'terminal'; lineID: number; sectorID: number };

/**
 * Who asks: the user of the bearer token when one is sent (an expired one is a 401, as on every call), else the
 * terminal configured for the caller's address; neither is a 401.
 */
export async function scoreboardViewer(
  db: Database,
  caller: { token: string | null; ip: string },
  nowMs: number,
): Promise<ScoreboardViewer> {
  if (caller.token) {
    const session = await resolveSession(db, caller.token, nowMs);
    if (!session) throw new AppError('sessionExpired', 'auth.expired');
    if (session.mustChangePassword) throw new AppError('forbidden', 'password.changeDue');
    return { kind: 'user' };
  }
  const terminal = await findTerminalByIp(db, canonicalIp(caller.ip));
  const [line] = terminal ? await overviewLines(db, { lineIDs: [terminal.lineID] }) : [];
  if (!line) throw new AppError('unauthorized', 'scoreboard.noTerminal');
  return { kind: 'terminal', lineID: line.lineID, sectorID: line.sectorID };
}

/**
 * The lines to show: the one asked for, or a sector's (in lineID order, the rotation's order). A terminal asking
 * for nothing gets its own line; asking for another line or another sector is refused (403).
 */
export async function scoreboardLines(
  db: Database,
  viewer: ScoreboardViewer,
  request: { lineID?: number; sectorID?: number },
): Promise<OverviewLine[]> {
  if (request.lineID === undefined && request.sectorID === undefined) {
    if (viewer.kind === 'user') throw new AppError('validation', 'scoreboard.lineRequired');
    return overviewLines(db, { lineIDs: [viewer.lineID] });
  }
  if (viewer.kind === 'terminal') {
    const own = request.lineID !== undefined ? request.lineID === viewer.lineID : request.sectorID === viewer.sectorID;
    if (!own) throw new AppError('forbidden', 'scoreboard.otherLine');
  }
  const lines =
    request.lineID !== undefined
      ? await overviewLines(db, { lineIDs: [request.lineID] })
      : await overviewLines(db, { sectorID: request.sectorID });
  if (lines.length === 0) throw notFound();
  return lines;
}

/** One line's board at the clock's instant; reasons named in `language`. */
async function lineBoard(db: Database, line: OverviewLine, clock: EngineClock, language: Language) {
  const overview = await lineOverview(db, line.lineID, clock, language);
  const indicators = await dashboardIndicators(db, line.lineID, clock.nowMs, clock);
  const calendar = (await lineCalendars(db)).of(line.lineID);
  const shift = calendarShiftAt(calendar, clock.nowMs, clock.timeZone);
  const settings = await findLineSettings(db, line.lineID);
  const { microStopSeconds } = await engineParameters(db);
  const data = await loadLineRangeData(db, settings!, shift.startMs, shift.endMs, clock.timeZone);
  const made = lineRangeInputs(data, { fromMs: shift.startMs, toMs: shift.endMs }, clock.nowMs, microStopSeconds).inputs.unitsProduced;
  const goal =
    overview.targetSummary === null
      ? null
      : shiftGoal(overview.targetSummary, shift, productionDaySpan(calendar, shift.plantDate, clock.timeZone));
  const order = overview.orderData;
  const losses = await stopSummary(
    db,
    { lineID: line.lineID, fromMs: shift.startMs, toMs: shift.endMs, level: 'all' },
    clock.nowMs,
    language,
  );
  const { oee, utilization, throughput, acceptance } = indicators.shift;
  return {
    lineID: line.lineID,
    sectorID: line.sectorID,
    description: line.description,
    beacon: overview.beacon,
    running: overview.running,
    targetOEE: overview.targetOEE,
    shift: { oee, utilization, throughput, acceptance },
    units: {
      unit: order?.unit ?? null,
      shift: {
        made,
        goal,
        perMinute: currentPace(made, shift.startMs, clock.nowMs),
        ...(goal === null ? { remaining: null, neededPerMinute: null } : paceToGoal(made, goal, clock.nowMs, shift.endMs)),
      },
      order:
        order === null
          ? null
          : {
              order: order.order,
              productName: order.productName,
              made: order.productionQuantity ?? 0,
              goal: order.desiredProductionQuantity,
              progress: order.progress,
              ...(order.desiredProductionQuantity === null
                ? { remaining: null, neededPerMinute: null }
                : paceToGoal(order.productionQuantity ?? 0, order.desiredProductionQuantity, clock.nowMs, shift.endMs)),
            },
    },
    stop: overview.stopData,
    call: overview.callData,
    losses: losses.byReason.slice(0, TOP_LOSSES),
  };
}

/** The scoreboard of the lines `viewer` asked for, at the clock's instant (the current shift). */
export async function scoreboard(
  db: Database,
  viewer: ScoreboardViewer,
  request: { lineID?: number; sectorID?: number },
  clock: EngineClock,
  language: Language,
) {
  const lines = await scoreboardLines(db, viewer, request);
  const boards = [];
  for (const line of lines) boards.push(await lineBoard(db, line, clock, language));
  const plantShift = calendarShiftAt((await lineCalendars(db)).plant, clock.nowMs, clock.timeZone);
  return { shift: shiftToApi(plantShift, clock.timeZone), terminal: viewer.kind === 'terminal', lines: boards };
}
