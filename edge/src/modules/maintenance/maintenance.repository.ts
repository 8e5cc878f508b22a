import { sql } from 'kysely';
import type { Row } from '../../db/schema';
import { MAINTENANCE_STATUS, OPEN_STATUSES } from '../../domain/maintenance';
import type { Database } from '../../db/database';

export type MaintenanceCallRow = Row<'maintenance_calls'>;

/** The oldest call in progress of each line (the beacon turns amber while there is one). */
export async function callsInProgress(db: Database, lineIDs: readonly number[]): Promise<Map<number, MaintenanceCallRow>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('maintenance_calls')
    .selectAll()
    .where('resourceLineID', 'in', [...lineIDs])
    .where('status', 'in', [...OPEN_STATUSES])
    .orderBy('callDate', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.resourceLineID, row]));
}

export function findCall(db: Database, callID: number): Promise<MaintenanceCallRow | undefined> {
  return db.selectFrom('maintenance_calls').selectAll().where('callID', '=', callID).executeTakeFirst();
}

export function findCallReason(db: Database, callReasonID: number) {
  return db.selectFrom('maintenance_call_reasons').selectAll().where('callReasonID', '=', callReasonID).executeTakeFirst();
}

export function findEquipment(db: Database, equipmentID: number) {
  return db.selectFrom('equipments').select(['equipmentID', 'lineID']).where('equipmentID', '=', equipmentID).executeTakeFirst();
}

/** The equipment a call on a line may name: the line's own and equipment of no line in particular. */
export function equipmentOfLine(db: Database, lineID: number) {
  return db
    .selectFrom('equipments')
    .select(['equipmentID as value', 'name as text'])
    .where((eb) => eb.or([eb('lineID', '=', lineID), eb('lineID', 'is', null)]))
    .orderBy('name')
    .execute();
}

export function findLine(db: Database, lineID: number) {
  return db.selectFrom('lines').select(['lineID']).where('lineID', '=', lineID).executeTakeFirst();
}

export async function maintenanceManagerOn(db: Database): Promise<boolean> {
  const row = await db.selectFrom('parameters').select('enableMaintenanceManager').where('id', '=', 1).executeTakeFirst();
  return (row?.enableMaintenanceManager ?? 1) === 1;
}

/**
 * The calls with what the pages show beside them: the line's description and sector, the equipment's name, and the
 * waiting and maintenance minutes (up to now while a phase lasts; null before it starts).
 */
export function maintenanceCallsSource(db: Database, nowMs: number) {
  const waitingEnd = sql<number>`coalesce(c.startDate, case when c.status in (0, 1) then ${nowMs} else c.endDate end)`;
  const maintenanceEnd = sql<number>`coalesce(c.endDate, ${nowMs})`;
  return db
    .selectFrom('maintenance_calls as c')
    .innerJoin('lines as l', 'l.lineID', 'c.resourceLineID')
    .leftJoin('sectors as s', 's.sectorID', 'l.sectorID')
    .leftJoin('equipments as e', 'e.equipmentID', 'c.equipmentID')
    .selectAll('c')
    .select([
      'l.description as lineDescription',
      'l.sectorID as sectorID',
      's.sectorName as sectorName',
      'e.name as equipmentName',
      sql<number | null>`round((${waitingEnd} - coalesce(c.declarationDate, c.callDate)) / 600.0) / 100.0`.as('waitingMinutes'),
      sql<number | null>`case when c.startDate is null then null else round((${maintenanceEnd} - c.startDate) / 600.0) / 100.0 end`.as(
        'maintenanceMinutes',
      ),
    ]);
}

export interface MttrRow {
  key: number | null;
  name: string | null;
  finishedCalls: number;
  maintenanceMs: number;
  waitingMs: number;
}

/**
 * The finished calls of [fromMs, toMs) (by call date) summed per line or per equipment: their number, and the
 * milliseconds of maintenance (start → end) and of waiting (call → start). Calls without equipment are one row.
 */
export function finishedCallTotals(
  db: Database,
  by: 'line' | 'equipment',
  range: { fromMs: number; toMs: number; sectorID: number | null },
) {
  let query = db
    .selectFrom('maintenance_calls as c')
    .innerJoin('lines as l', 'l.lineID', 'c.resourceLineID')
    .leftJoin('equipments as e', 'e.equipmentID', 'c.equipmentID')
    .where('c.status', '=', MAINTENANCE_STATUS.FINISHED)
    .where('c.callDate', '>=', range.fromMs)
    .where('c.callDate', '<', range.toMs);
  if (range.sectorID !== null) query = query.where('l.sectorID', '=', range.sectorID);
  const group = by === 'line' ? (['c.resourceLineID', 'l.description'] as const) : (['c.equipmentID', 'e.name'] as const);
  return query
    .select([
      sql<number | null>`${sql.ref(group[0])}`.as('key'),
      sql<string | null>`${sql.ref(group[1])}`.as('name'),
      sql<number>`count(*)`.as('finishedCalls'),
      sql<number>`coalesce(sum(c.endDate - c.startDate), 0)`.as('maintenanceMs'),
      sql<number>`coalesce(sum(c.startDate - coalesce(c.declarationDate, c.callDate)), 0)`.as('waitingMs'),
    ])
    .groupBy([group[0], group[1]])
    .orderBy(sql`2`)
    .execute() as Promise<MttrRow[]>;
}
