import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../edge/src/db/database';
import { openPlantDatabase } from '../../edge/src/db/installation';
import { startSyncQueue } from '../../edge/src/db/outbox';
import { encodeStoredScript } from '../../edge/src/domain/script';

/**
 * A plant database for the engine's service tests (imported by tests only): a real SQLite file in a temporary
 * folder, migrated and seeded like a real one (system stop reasons 1..9, default parameters), plus helpers that
 * add configuration rows directly — configuration has its own modules and tests.
 */

export interface TestPlant {
  db: Database;
  close(): Promise<void>;
}

/**
 * The bytes of a database migrated and seeded once per test process: each plant starts as a copy of them (writing a
 * copy costs a tenth of the migrations' CPU, and the property test opens a hundred plants).
 */
let template: Promise<Buffer> | null = null;

function migratedTemplate(): Promise<Buffer> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oee-engine-'));
    try {
      const { db } = await openPlantDatabase(join(dir, 'oee.db'));
      await db.destroy();
      return readFileSync(join(dir, 'oee.db'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return template;
}

/** A plant database; its sync outbox open (as where sync was enabled) unless `syncQueue` is false. */
export async function openTestPlant(options: { syncQueue?: boolean } = {}): Promise<TestPlant> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-engine-'));
  writeFileSync(join(dir, 'oee.db'), await migratedTemplate(), { mode: 0o600 });
  const { db } = await openPlantDatabase(join(dir, 'oee.db'), { mustExist: true });
  if (options.syncQueue ?? true) await startSyncQueue(db, 0);
  return {
    db,
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Epoch ms of an ISO text (with its offset or Z). */
export const at = (iso: string): number => Date.parse(iso);
/** The domain's minute and hour in ms, under the short names the tests use. */
export { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '../../edge/src/domain/time';

export interface LineOptions {
  lineID: number;
  /** enableOrderManager: staffed only while an order runs. */
  managesOrders?: boolean;
  /** enableStopsManager: stops may be entered by hand. */
  manualStops?: boolean;
  sectorID?: number;
  description?: string;
  /** A beacon script the acquisition would read the line by (lines without one are not read). */
  beacon?: string;
}

export async function addLine(db: Database, options: LineOptions): Promise<void> {
  const sectorID = options.sectorID ?? 1;
  await db
    .insertInto('sectors')
    .values({ sectorID, sectorName: `Sector ${sectorID}`, buildingId: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('lines')
    .values({
      lineID: options.lineID,
      sectorID,
      description: options.description ?? `Línea ${options.lineID}`,
      calculationBaliza: options.beacon === undefined ? null : encodeStoredScript({ expression: options.beacon, edited: true, tags: [] }),
      calculationUnits: null,
      calculationDiscards: null,
      fixedThroughput: null,
      enableOrderManager: options.managesOrders ? 1 : 0,
      enableStopsManager: options.manualStops ? 1 : 0,
      updatedBy: null,
      updateDate: null,
    })
    .execute();
}

/** A product, with its nominal speed (units per minute) on the lines given. */
export async function addProduct(
  db: Database,
  code: string,
  speeds: Record<number, number> = {},
  performance: number | null = null,
): Promise<void> {
  await db
    .insertInto('products')
    .values({ code, name: `Producto ${code}`, wrappersPerPackage: 10, unitsPerWrapper: 6, unit: 'u', performance })
    .execute();
  for (const [lineID, speed] of Object.entries(speeds))
    await db
      .insertInto('product_speeds')
      .values({ code, lineID: Number(lineID), speed })
      .execute();
}

/** A Created order (start it with an orderStarted event). */
export async function addOrder(
  db: Database,
  order: string,
  lineID: number,
  options: {
    productCode?: string | null;
    desiredProductionSpeed?: number | null;
    desiredProductionQuantity?: number | null;
    lot?: string | null;
  } = {},
): Promise<void> {
  const [op, version] = order.split('-');
  await db
    .insertInto('orders')
    .values({
      order,
      op: op ?? order,
      version: Number(version ?? 0),
      lineID,
      lot: options.lot ?? null,
      productCode: options.productCode ?? null,
      productName: options.productCode ? `Producto ${options.productCode}` : null,
      startDate: null,
      endDate: null,
      desiredProductionQuantity: options.desiredProductionQuantity ?? null,
      desiredProductionSpeed: options.desiredProductionSpeed ?? null,
      shiftStart: null,
      createdBy: 'test',
      createDate: 0,
      updatedBy: null,
      updateDate: null,
    })
    .execute();
}

export interface ReasonOptions {
  reasonID: number;
  parentID: number;
  reason: string;
  isCategory?: boolean;
  discountOEE?: boolean;
  pareto?: boolean;
  color?: string | null;
  enabledForLine?: number[];
}

export async function addReason(db: Database, options: ReasonOptions): Promise<void> {
  await db
    .insertInto('stop_reasons')
    .values({
      reasonID: options.reasonID,
      parentID: options.parentID,
      reason: options.reason,
      detail: null,
      isCategory: options.isCategory ? 1 : 0,
      discountOEE: options.discountOEE ? 1 : 0,
      pareto: options.pareto ? 1 : 0,
      color: options.color ?? null,
      systemStop: 0,
      enabledForLine: JSON.stringify(options.enabledForLine ?? []),
      updatedBy: null,
      updateDate: null,
    })
    .execute();
}

/** Counts of the outbox and audit rows, of one table's or all (a write without them, or one too many, is a bug). */
export async function trailCounts(db: Database, entity?: string): Promise<{ outbox: number; audit: number }> {
  const count = async (table: 'outbox' | 'audit_log') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(entity !== undefined, (q) => q.where('entity', '=', entity!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { outbox: await count('outbox'), audit: await count('audit_log') };
}

/** Marks a line as reported by the acquisition since `sinceMs` (a line without orders is staffed from then on). */
export async function seenSince(db: Database, lineID: number, sinceMs: number): Promise<void> {
  await db
    .insertInto('line_states')
    .values({
      lineID,
      running: 1,
      changedAt: sinceMs,
      unitsCounter: null,
      discardsCounter: null,
      lastSampleAt: sinceMs,
      firstSeenAt: sinceMs,
    })
    .onConflict((oc) => oc.column('lineID').doUpdateSet({ firstSeenAt: sinceMs }))
    .execute();
}
