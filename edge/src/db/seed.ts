import { sql, type Transaction } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';
import { deleteRow, insertRow, updateRows, type WriteContext } from './writes';

/**
 * The stop-reason skeleton every plant starts with (SPEC.md section 3, "Stop reason categories by reasonID").
 * 1 is the technical root; its children are the top categories a user sees (the API's "parent 1 for roots").
 * 3..6 are reasons the system assigns by itself (microstop, OPC disconnected, end of lot, adjustment), so they are
 * system stops: only their colour and pareto flag can be edited. 7 and 8 are where the plant adds its own reasons.
 * 9 is the time the edge itself was not running (stopped, killed, a power cut): nobody knows what the line did then,
 * so that time gets a reason of its own rather than the reason of the stop that was open when the edge went down.
 */
export const SYSTEM_STOP_REASONS = [
  { reasonID: 1, parentID: null, reason: 'Raíz', isCategory: 1, color: null, pareto: 0 },
  { reasonID: 2, parentID: 1, reason: 'Sistema', isCategory: 1, color: '#9e9e9e', pareto: 0 },
  { reasonID: 3, parentID: 2, reason: 'Microparada', isCategory: 0, color: '#f2c14e', pareto: 1 },
  { reasonID: 4, parentID: 2, reason: 'OPC desconectado', isCategory: 0, color: '#607d8b', pareto: 0 },
  { reasonID: 5, parentID: 2, reason: 'Fin de lote', isCategory: 0, color: '#8d6e63', pareto: 0 },
  { reasonID: 6, parentID: 2, reason: 'Parada de ajuste', isCategory: 0, color: '#7e57c2', pareto: 0 },
  { reasonID: 7, parentID: 1, reason: 'Planificadas', isCategory: 1, color: '#4a90d9', pareto: 0 },
  { reasonID: 8, parentID: 1, reason: 'No planificadas', isCategory: 1, color: '#ec5453', pareto: 1 },
  { reasonID: 9, parentID: 2, reason: 'Edge fuera de servicio', isCategory: 0, color: '#bdbdbd', pareto: 0 },
] as const;

/** Parameters of a new plant; times in seconds (gridRefreshTime, oeeCalculationRefresh, microStopTime, …). */
export const DEFAULT_PARAMETERS = {
  id: 1,
  microStopTime: 60,
  problemResolutionTime: 600,
  gridRefreshTime: 15,
  oeeCalculationRefresh: 10,
  telegramNotificationInterval: 5,
  emailPort: 25,
} as const;

/** Seeds what a new database needs. Safe to run on every start: existing rows are left as they are. */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('stop_reasons').select(['reasonID', 'systemStop']).execute();
    const existing = new Map(rows.map((row) => [row.reasonID, row.systemStop]));
    const ctx = { userID: null, now: Date.now(), action: 'seed' };
    for (const reason of SYSTEM_STOP_REASONS) {
      // A system reason added in a later version may find its id taken by one of the plant's own reasons.
      if (existing.get(reason.reasonID) === 0) await moveReason(trx, reason.reasonID, ctx);
      else if (existing.has(reason.reasonID)) continue;
      // Through the write chokepoint: stop reasons are synced, so the central copy gets the roots too.
      await insertRow(trx, 'stop_reasons', { ...reason, systemStop: 1, discountOEE: 0, detail: null }, ['reasonID'], ctx);
    }
    await trx
      .insertInto('parameters')
      .values(DEFAULT_PARAMETERS)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}

/**
 * Gives the plant's reason `reasonID` a new id (the next free one) so a system reason can take its place: the reason,
 * its children, its stops and its equipment links move with it, and the central copy is told (the old key deleted,
 * the new one inserted, the stops updated). The stops keep their texts (reason, path), which do not change.
 */
async function moveReason(trx: Transaction<DB>, reasonID: number, ctx: WriteContext): Promise<void> {
  const reason = await trx.selectFrom('stop_reasons').selectAll().where('reasonID', '=', reasonID).executeTakeFirstOrThrow();
  const { reasonID: _old, ...values } = reason;
  // Inserted with its children still pointing at the old id; the old row goes once nothing references it.
  const moved = (await insertRow(trx, 'stop_reasons', values, ['reasonID'], { ...ctx, action: 'renumber' })).reasonID as number;
  const children = await trx.selectFrom('stop_reasons').selectAll().where('parentID', '=', reasonID).execute();
  await updateRows(
    trx,
    'stop_reasons',
    children.map((child) => ({ key: { reasonID: child.reasonID }, values: { parentID: moved }, current: child })),
    ctx,
  );
  const stops = await trx
    .selectFrom('stops')
    .selectAll()
    .where((eb) => eb.or([eb('reasonID', '=', reasonID), eb('rootID', '=', reasonID)]))
    .execute();
  await updateRows(
    trx,
    'stops',
    stops.map((stop) => ({
      key: { stopID: stop.stopID },
      values: { reasonID: stop.reasonID === reasonID ? moved : stop.reasonID, rootID: stop.rootID === reasonID ? moved : stop.rootID },
      current: stop,
    })),
    { ...ctx, action: 'renumberReason' },
  );
  await sql`UPDATE equipment_stop_reasons SET reasonID = ${moved} WHERE reasonID = ${reasonID}`.execute(trx);
  await deleteRow(trx, 'stop_reasons', { reasonID }, ctx);
}
