import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, NewRow } from '../../db/schema';
import { deleteRow, insertRow, updateRow, type WriteContext } from '../../db/writes';
import {
  findOverlappingStop,
  isMicrostop,
  planSplit,
  REASON,
  recognitionFields,
  stopDurationMs,
  StopReasonError,
  type RecognitionFields,
  type SplitErrorCode,
} from '../../domain/stops';
import { toPlantIso } from '../../domain/time-zone';
import { AppError, fieldError, notFound } from '../../http/errors';
import { listResource } from '../grid';
import { rowToApi, type GridResource } from '../grid/grid-resource';
import type { Language, MessageKey } from '../../http/messages';
import type { SessionUser } from '../../http/session';
// The engine's ingestion opens and closes stops through this file: its entry would close an import cycle.
import { refreshIndexesAffectedBy, type EngineClock } from '../engine/indexes.service';
import { isEnabledOnLine } from '../stop-reasons/reason-lines';
import { localizeReasonNames } from '../stop-reasons/reason-names';
import {
  findLineStopSettings,
  findStop,
  loadReasonBranch,
  loadReasonTree,
  maintenanceCallOfStop,
  orderAt,
  stopsGridSource,
  stopsNear,
  type ReasonTree,
  type StopRow,
} from './stops.repository';
import { manualStopSchema, STOP_COLUMNS, STOP_EDIT_ROLES } from './stops.schemas';

/**
 * The life of a stop: opened and closed by the line (through line-events), entered by hand on lines with the
 * manual stops manager, recognized with a reason, split. Every write goes through db/writes (outbox + audit) and
 * refreshes the indexes the stop's time belongs to in the same transaction.
 */

type NewStop = NewRow<'stops'>;

/** The stop columns a recognition sets. */
export function recognitionColumns(fields: RecognitionFields) {
  return {
    reasonID: fields.reasonID,
    reason: fields.reason,
    rootID: fields.rootID,
    root: fields.root,
    path: fields.path,
    color: fields.color,
    pareto: fields.pareto ? 1 : 0,
    discountOEE: fields.discountOEE ? 1 : 0,
    recognized: 1,
  } as const;
}

const UNRECOGNIZED = {
  reasonID: null,
  reason: null,
  rootID: null,
  root: null,
  path: null,
  color: null,
  pareto: 0,
  discountOEE: 0,
  recognized: 0,
  observation: null,
} as const;

/** The recognitions of system reasons a use case needs, each read once, and only when a stop needs it. */
export class ReasonSource {
  private readonly fields = new Map<number, Promise<RecognitionFields>>();

  constructor(private readonly db: Transaction<DB>) {}

  /** The recognition of a system reason, from its branch of the tree (read once per reason and transaction). */
  recognition(reasonID: number): Promise<RecognitionFields> {
    let fields = this.fields.get(reasonID);
    if (!fields) {
      fields = loadReasonBranch(this.db, reasonID).then((branch) => recognitionFields(reasonID, branch));
      this.fields.set(reasonID, fields);
    }
    return fields;
  }
}

/** The order a stop of `lineID` starting at `startMs` belongs to: the order running then. */
async function orderColumnsAt(trx: Transaction<DB>, lineID: number, startMs: number) {
  const order = await orderAt(trx, lineID, startMs);
  return { order: order?.order ?? null, op: order?.op ?? null, reproceso: order?.version ?? 0 };
}

function stampOf(ctx: WriteContext) {
  return ctx.userID === null ? { updateDate: ctx.now } : { updatedBy: ctx.userID, updateDate: ctx.now };
}

export async function insertStop(trx: Transaction<DB>, values: NewStop, ctx: WriteContext): Promise<StopRow> {
  return insertRow(trx, 'stops', { ...values, ...stampOf(ctx) }, ['stopID'], ctx);
}

/** `current`: the stop as just read in this transaction, when the caller has it. */
async function updateStopRow(
  trx: Transaction<DB>,
  stopID: number,
  values: Partial<NewStop>,
  ctx: WriteContext,
  current?: StopRow,
): Promise<StopRow> {
  const after = await updateRow(trx, 'stops', { stopID }, { ...values, ...stampOf(ctx) }, ctx, current);
  if (!after) throw notFound();
  return after;
}

export interface OpenStopInput {
  lineID: number;
  startMs: number;
  /** The order running on the line (the acquisition knows it); looked up by time when absent. */
  order?: { order: string; op: string | null; version: number } | null;
  /** A system reason the stop gets at once (OPC disconnected); absent: unrecognized. */
  systemReasonID?: number;
}

/** Opens a stop of the line in progress (the line stopped, or its state became unknown). */
export async function openStop(trx: Transaction<DB>, input: OpenStopInput, reasons: ReasonSource, ctx: WriteContext): Promise<StopRow> {
  const tag =
    input.order === undefined
      ? await orderColumnsAt(trx, input.lineID, input.startMs)
      : { order: input.order?.order ?? null, op: input.order?.op ?? null, reproceso: input.order?.version ?? 0 };
  const recognition = input.systemReasonID === undefined ? {} : recognitionColumns(await reasons.recognition(input.systemReasonID));
  return insertStop(trx, { lineID: input.lineID, startDate: input.startMs, endDate: null, ...tag, ...recognition }, ctx);
}

/**
 * Closes a stop in progress at `endMs`. A stop nobody recognized that lasted less than microStopTime is a
 * microstop: it is recognized at once with the system reason 3. `classify` false: closed because the line's data
 * stopped, so its real length is not known and it is never taken for a microstop.
 */
export async function closeStop(
  trx: Transaction<DB>,
  stop: StopRow,
  endMs: number,
  microStopSeconds: number,
  reasons: ReasonSource,
  ctx: WriteContext,
  classify = true,
): Promise<StopRow> {
  const microstop = classify && stop.recognized === 0 && stop.reasonID === null && isMicrostop(endMs - stop.startDate, microStopSeconds);
  const recognition = microstop ? recognitionColumns(await reasons.recognition(REASON.MICROSTOP)) : {};
  return updateStopRow(
    trx,
    stop.stopID,
    { endDate: endMs, ...recognition },
    { ...ctx, action: microstop ? 'closeMicrostop' : 'close' },
    stop,
  );
}

/** Gives a stop a system reason in place (a gap that has not lasted yet changes its reason): the same row, relabelled. */
export async function relabelStop(
  trx: Transaction<DB>,
  stop: StopRow,
  systemReasonID: number,
  reasons: ReasonSource,
  ctx: WriteContext,
): Promise<StopRow> {
  return updateStopRow(trx, stop.stopID, recognitionColumns(await reasons.recognition(systemReasonID)), ctx, stop);
}

/** Opens again a stop closed at `closedAtMs` (the gap in the data that closed it proved empty); null if it changed since. */
export async function reopenStop(trx: Transaction<DB>, stopID: number, closedAtMs: number, ctx: WriteContext): Promise<StopRow | null> {
  const stop = await findStop(trx, stopID);
  if (!stop || stop.endDate !== closedAtMs) return null;
  return updateStopRow(trx, stopID, { endDate: null }, { ...ctx, action: 'reopen' }, stop);
}

/**
 * The line is stopped again after a gap that cut this stop at its very start (line-events' settleInterrupted): the
 * stop, kept at no length through the gap, goes on from `startMs` as the stop in progress, with its row, recognition
 * and notes (nothing people entered on it is lost, and it is not announced again as a new stop).
 */
export async function moveStopStart(trx: Transaction<DB>, stop: StopRow, startMs: number, ctx: WriteContext): Promise<StopRow> {
  return updateStopRow(
    trx,
    stop.stopID,
    { startDate: startMs, endDate: null, ...(await orderColumnsAt(trx, stop.lineID, startMs)) },
    ctx,
    stop,
  );
}

/**
 * A stop that would end where it starts never happened: it is deleted (the central copy gets a tombstone), unless a
 * maintenance call points at it, which keeps it as a record of the call.
 */
export async function discardEmptyStop(trx: Transaction<DB>, stop: StopRow, ctx: WriteContext): Promise<void> {
  if (await maintenanceCallOfStop(trx, stop.stopID)) {
    await updateStopRow(trx, stop.stopID, { endDate: stop.startDate }, { ...ctx, action: 'close' }, stop);
    return;
  }
  await deleteRow(trx, 'stops', { stopID: stop.stopID }, { ...ctx, action: 'discardEmpty' });
}

/** The columns a maintenance call fills on the stop in progress when it was made (domain/maintenance.ts). */
export type StopMaintenanceColumns = Partial<Pick<NewStop, 'maintenanceReason' | 'declaringTime' | 'waitingTime' | 'maintenanceTime'>>;

/**
 * Records a maintenance call's reason and times on its stop (audit row under the call's action, outbox row). They
 * enter no indicator, so no index is refreshed; the split limit (start + declaring time) reads them.
 */
export function recordStopMaintenance(
  trx: Transaction<DB>,
  stopID: number,
  columns: StopMaintenanceColumns,
  ctx: WriteContext,
): Promise<StopRow> {
  return updateStopRow(trx, stopID, columns, ctx);
}

/** 'YYYY-MM-DD HH:mm:ss' in plant time, as the UI shows dates (for messages). */
export function plantText(ms: number | null, timeZone: string): string {
  return ms === null ? '…' : toPlantIso(ms, timeZone).slice(0, 19).replace('T', ' ');
}

/** Refuses times a stop cannot have, then a stop that would overlap another stop of the line. */
async function checkStopTimes(
  trx: Transaction<DB>,
  lineID: number,
  startMs: number,
  endMs: number | null,
  stopID: number | null,
  clock: EngineClock,
): Promise<void> {
  if (startMs > clock.nowMs) throw fieldError('validation', 'stops.inFuture', 'startDate');
  if (endMs !== null && endMs > clock.nowMs) throw fieldError('validation', 'stops.inFuture', 'endDate');
  if (endMs !== null && endMs < startMs) throw fieldError('validation', 'stops.endBeforeStart', 'endDate');
  const near = await stopsNear(trx, lineID, startMs, endMs ?? clock.nowMs);
  const existing = near.map((row) => ({ stopID: row.stopID, startMs: row.startDate, endMs: row.endDate }));
  const conflict = findOverlappingStop(existing, { stopID, startMs, endMs }, clock.nowMs);
  if (conflict) {
    throw new AppError('conflict', 'stops.overlap', {
      stopID: conflict.stopID,
      start: plantText(conflict.startMs, clock.timeZone),
      end: plantText(conflict.endMs, clock.timeZone),
    });
  }
}

/** The recognition of `reasonID` for a stop of `lineID`, or the 400 that says why it cannot be used. */
function recognitionFor(reasons: ReasonTree, reasonID: number, lineID: number): RecognitionFields {
  let fields: RecognitionFields;
  try {
    fields = recognitionFields(reasonID, reasons.tree);
  } catch (error) {
    if (!(error instanceof StopReasonError)) throw error;
    throw fieldError('validation', error.code === 'reasonIsCategory' ? 'stops.reasonIsCategory' : 'stops.reasonNotFound', 'reasonID');
  }
  if (!isEnabledOnLine(reasons.linesOf.get(reasonID) ?? [], lineID))
    throw fieldError('validation', 'stops.reasonNotForLine', 'reasonID', { lineID });
  return fields;
}

/** The line of a stop entered or edited by hand: it exists and has the stops managers on. */
async function requireStopsManagerLine(trx: Transaction<DB>, lineID: number) {
  const line = await findLineStopSettings(trx, lineID);
  if (!line) throw fieldError('validation', 'line.notFound', 'lineID', { lineID });
  if (line.enableStopsManager !== 1) throw new AppError('conflict', 'stops.manualDisabled', { lineID });
  return line;
}

/**
 * Where stops may be entered or moved by hand: a line with the stops managers on and no beacon signal. A line with a
 * beacon script has its stops recorded by the acquisition, and the time between them is time the line ran: a stop
 * entered there by hand would contradict what the line reported, so it is refused (the stops manager's bulk
 * recognition and equipment assignment still serve such a line).
 */
async function requireManualStopsLine(trx: Transaction<DB>, lineID: number): Promise<void> {
  const line = await requireStopsManagerLine(trx, lineID);
  if (line.beacon) throw new AppError('conflict', 'stops.manualOnBeaconLine', { lineID });
}

/** A stop the acquisition recorded is plant history: only stops entered by hand may be deleted or moved. */
function requireManualStop(stop: StopRow, key: 'stops.acquiredNotDeletable' | 'stops.acquiredNotMovable', clock: EngineClock): void {
  if (stop.manual !== 1) {
    throw new AppError('conflict', key, {
      stopID: stop.stopID,
      start: plantText(stop.startDate, clock.timeZone),
      end: plantText(stop.endDate, clock.timeZone),
    });
  }
}

export interface ManualStopInput {
  lineID: number;
  startMs: number;
  /** null: the stop is still in progress. */
  endMs: number | null;
  reasonID?: number | null;
  observation?: string | null;
  equipmentName?: string | null;
  maintenanceReason?: string | null;
}

/**
 * A stop entered by hand (lines with the manual stops manager): never in the future, never overlapping another
 * stop of the line, recognized at once when a reason is given. Refreshes the indexes of its time.
 */
export async function recordManualStop(
  trx: Transaction<DB>,
  input: ManualStopInput,
  clock: EngineClock,
  ctx: WriteContext,
): Promise<StopRow> {
  await requireManualStopsLine(trx, input.lineID);
  await checkStopTimes(trx, input.lineID, input.startMs, input.endMs, null, clock);
  const recognition =
    input.reasonID == null ? {} : recognitionColumns(recognitionFor(await loadReasonTree(trx), input.reasonID, input.lineID));
  const stop = await insertStop(
    trx,
    {
      lineID: input.lineID,
      startDate: input.startMs,
      endDate: input.endMs,
      ...(await orderColumnsAt(trx, input.lineID, input.startMs)),
      ...recognition,
      observation: input.observation ?? null,
      equipmentName: input.equipmentName ?? null,
      maintenanceReason: input.maintenanceReason ?? null,
      manual: 1,
    },
    { ...ctx, action: 'manualInsert' },
  );
  await refreshIndexesAffectedBy(trx, input.lineID, input.startMs, input.endMs ?? clock.nowMs, clock, ctx, { stopsEntered: true });
  return stop;
}

export interface StopChanges {
  startMs?: number;
  /** null reopens nothing: only a stop in progress may keep a null end. */
  endMs?: number | null;
  observation?: string | null;
  equipmentName?: string | null;
  maintenanceReason?: string | null;
}

/**
 * Edits a stop: notes (observation, equipment, maintenance reason) on any stop; times only on lines with the manual
 * stops manager, under the same rules as a new manual stop. Recognition has its own signed call.
 */
export async function updateStop(
  db: Database,
  stopID: number,
  changes: StopChanges,
  clock: EngineClock,
  user: SessionUser,
): Promise<StopRow> {
  const ctx: WriteContext = { userID: user.userID, now: clock.nowMs, action: 'update' };
  return db.transaction().execute(async (trx) => {
    const before = await findStop(trx, stopID);
    if (!before) throw notFound();
    const startMs = changes.startMs ?? before.startDate;
    const endMs = changes.endMs === undefined ? before.endDate : changes.endMs;
    const timesChanged = startMs !== before.startDate || endMs !== before.endDate;
    if (timesChanged) {
      requireManualStop(before, 'stops.acquiredNotMovable', clock);
      await requireManualStopsLine(trx, before.lineID);
      if (endMs === null && before.endDate !== null) throw fieldError('validation', 'validation.required', 'endDate');
      await checkStopTimes(trx, before.lineID, startMs, endMs, stopID, clock);
    }
    const values: Partial<NewStop> = {};
    if (changes.observation !== undefined) values.observation = changes.observation;
    if (changes.equipmentName !== undefined) values.equipmentName = changes.equipmentName;
    if (changes.maintenanceReason !== undefined) values.maintenanceReason = changes.maintenanceReason;
    if (timesChanged) Object.assign(values, { startDate: startMs, endDate: endMs, ...(await orderColumnsAt(trx, before.lineID, startMs)) });
    const after = await updateStopRow(trx, stopID, values, ctx);
    if (timesChanged) {
      const fromMs = Math.min(before.startDate, startMs);
      const toMs = Math.max(before.endDate ?? clock.nowMs, endMs ?? clock.nowMs);
      await refreshIndexesAffectedBy(trx, before.lineID, fromMs, toMs, clock, ctx, { stopsEntered: true });
    }
    return after;
  });
}

/**
 * Deletes a stop entered by hand (lines with the manual stops manager); a stop the acquisition recorded, or one in
 * progress, cannot be deleted.
 */
export async function deleteStop(db: Database, stopID: number, clock: EngineClock, user: SessionUser): Promise<void> {
  const ctx: WriteContext = { userID: user.userID, now: clock.nowMs, action: 'delete' };
  await db.transaction().execute(async (trx) => {
    const before = await findStop(trx, stopID);
    if (!before) throw notFound();
    await requireStopsManagerLine(trx, before.lineID);
    requireManualStop(before, 'stops.acquiredNotDeletable', clock);
    if (before.endDate === null) throw new AppError('conflict', 'stops.openNotDeletable');
    await deleteRow(trx, 'stops', { stopID }, ctx);
    await refreshIndexesAffectedBy(trx, before.lineID, before.startDate, before.endDate, clock, ctx, { stopsEntered: true });
  });
}

export interface RecognitionInput {
  stopIDs: readonly number[];
  reasonID: number;
  observation?: string | null;
  /**
   * The caller recognizes stops it saw unrecognized (the stops manager, the dashboard's pending stops): a stop someone
   * recognized meanwhile refuses the whole call, so nobody's recognition is overwritten unseen.
   */
  onlyUnrecognized?: boolean;
}

/**
 * Recognizes (or modifies the recognition of) stops with a reason: reason, root, path, colour, pareto and
 * discountOEE come from the reason tree (domain recognitionFields). The signer is recorded as the author. One
 * transaction: a stop that cannot be recognized refuses the whole call (all or nothing).
 */
export async function recognizeStops(db: Database, input: RecognitionInput, signer: SessionUser, clock: EngineClock): Promise<StopRow[]> {
  const ctx: WriteContext = { userID: signer.userID, now: clock.nowMs, action: 'recognize' };
  return db.transaction().execute(async (trx) => {
    const reasons = await loadReasonTree(trx);
    const recognized: StopRow[] = [];
    for (const stopID of input.stopIDs) {
      const stop = await findStop(trx, stopID);
      if (!stop) throw notFound();
      if (input.onlyUnrecognized && stop.recognized === 1) {
        throw new AppError('conflict', 'stops.alreadyRecognized', {
          stopID,
          start: plantText(stop.startDate, clock.timeZone),
          end: plantText(stop.endDate, clock.timeZone),
          user: stop.updatedBy ?? '-',
        });
      }
      const columns = recognitionColumns(recognitionFor(reasons, input.reasonID, stop.lineID));
      const observation = input.observation === undefined ? {} : { observation: input.observation };
      recognized.push(await updateStopRow(trx, stopID, { ...columns, ...observation }, ctx));
      await refreshIndexesAffectedBy(trx, stop.lineID, stop.startDate, stop.endDate ?? clock.nowMs, clock, ctx);
    }
    return recognized;
  });
}

export interface SplitInput {
  stopID: number;
  /** When given, must be the stop's line (the dialog sends it). */
  lineID?: number | null;
  newStartMs?: number | null;
  newEndMs?: number | null;
}

const SPLIT_ERRORS: Record<SplitErrorCode, { key: MessageKey; field: string }> = {
  invalidStart: { key: 'split.invalidStart', field: 'newStart' },
  invalidEnd: { key: 'split.invalidEnd', field: 'newEnd' },
  openStopEnd: { key: 'split.invalidEnd', field: 'newEnd' },
  nothingToSplit: { key: 'split.nothingToSplit', field: 'newStart' },
  invalidStop: { key: 'validation.invalid', field: 'stopID' },
};

/**
 * Splits a stop (domain planSplit): the original row keeps its first non-selected piece (its id, history and
 * recognition), the selected range becomes a new unrecognized stop, and a tail cut off after it is a new row that
 * keeps the original's recognition. Every piece is flagged split. With a maintenance call the cuts are limited to
 * start + declaring time.
 */
export async function splitStop(db: Database, input: SplitInput, signer: SessionUser, clock: EngineClock): Promise<StopRow[]> {
  const ctx: WriteContext = { userID: signer.userID, now: clock.nowMs, action: 'split' };
  return db.transaction().execute(async (trx) => {
    const stop = await findStop(trx, input.stopID);
    if (!stop || (input.lineID != null && input.lineID !== stop.lineID)) throw notFound();
    const call = await maintenanceCallOfStop(trx, stop.stopID);
    const plan = planSplit({
      stop: { startMs: stop.startDate, endMs: stop.endDate },
      newStartMs: input.newStartMs,
      newEndMs: input.newEndMs,
      nowMs: clock.nowMs,
      maintenance: call ? { declaringMinutes: stop.declaringTime ?? 0 } : null,
    });
    if (!plan.ok) {
      const failure = SPLIT_ERRORS[plan.code];
      throw fieldError('validation', failure.key, failure.field);
    }
    const kept = plan.pieces.find((piece) => piece.keepsStopId)!;
    const retag = kept.startMs === stop.startDate ? {} : await orderColumnsAt(trx, stop.lineID, kept.startMs);
    // Every piece remembers the event it was cut from: failures are counted by event (domain stopTimeTotals).
    const eventID = stop.eventID ?? stop.stopID;
    const pieces = [
      await updateStopRow(trx, stop.stopID, { startDate: kept.startMs, endDate: kept.endMs, split: 1, eventID, ...retag }, ctx),
    ];
    for (const piece of plan.pieces) {
      if (piece.keepsStopId) continue;
      const { stopID: _id, updatedBy: _by, updateDate: _at, ...copied } = stop;
      pieces.push(
        await insertStop(
          trx,
          {
            ...copied,
            ...(piece.selected ? UNRECOGNIZED : {}),
            ...(await orderColumnsAt(trx, stop.lineID, piece.startMs)),
            startDate: piece.startMs,
            endDate: piece.endMs,
            split: 1,
            eventID,
            declaringTime: null,
            waitingTime: null,
            maintenanceTime: null,
          },
          ctx,
        ),
      );
    }
    await refreshIndexesAffectedBy(trx, stop.lineID, stop.startDate, stop.endDate ?? clock.nowMs, clock, ctx);
    return pieces.sort((a, b) => a.startDate - b.startDate);
  });
}

/** A stop as the API shows it: dates ISO with the plant offset, flags true/false, duration in minutes, in `language`. */
export function stopToApi(row: StopRow, clock: EngineClock, language: Language): Record<string, unknown> {
  const duration = Math.round(stopDurationMs({ startMs: row.startDate, endMs: row.endDate }, clock.nowMs) / 600) / 100;
  return localizeReasonNames(rowToApi({ ...row, duration }, STOP_COLUMNS, clock.timeZone), language);
}

/** The stops grid (GET /api/stops/get): lineID, order, stopID and recognized may also be plain query parameters. */
export function listStops(db: Database, query: Record<string, unknown>, clock: EngineClock, language: Language) {
  const grid: GridResource = {
    name: 'stops',
    path: '/api/stops',
    table: 'stops',
    key: ['stopID'],
    columns: STOP_COLUMNS,
    plainFilters: ['lineID', 'order', 'stopID', 'recognized'],
    schema: manualStopSchema,
    access: { read: 'authenticated', write: [...STOP_EDIT_ROLES] },
    defaultSort: [{ column: 'startDate', desc: true }],
    source: (source) => stopsGridSource(source, clock.nowMs),
    localize: localizeReasonNames,
  };
  return listResource(grid, db, query, clock.timeZone, language);
}
