import type { Database } from './database';
import { insertRow } from './writes';

/**
 * The stop-reason skeleton every plant starts with (SPEC.md section 3, "Stop reason categories by reasonID").
 * 1 is the technical root; its children are the top categories a user sees (the API's "parent 1 for roots").
 * 3..6 are reasons the system assigns by itself (microstop, OPC disconnected, end of lot, adjustment), so they are
 * system stops: only their colour and pareto flag can be edited. 7 and 8 are where the plant adds its own reasons.
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
    const existing = new Set((await trx.selectFrom('stop_reasons').select('reasonID').execute()).map((r) => r.reasonID));
    const ctx = { userID: null, now: Date.now(), action: 'seed' };
    for (const reason of SYSTEM_STOP_REASONS) {
      if (existing.has(reason.reasonID)) continue;
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
