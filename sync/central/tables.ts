import type { SyncedEntity } from '../../edge/src/db/outbox';

/**
 * How each synced edge table lands in the central PostgreSQL (schema `oee`). The central names are what a BI tool
 * reads: snake_case, units in the name where the edge column is a duration (`_ms`, `_minutes`), `"order"` (a
 * reserved word) as `order_number`. Every central table is keyed by (plant_id, key) and carries `row_version` (the
 * outbox seq of the change it holds), `deleted_at` (tombstone) and `synced_at`.
 *
 * This is the mapping the batch applier uses today; the tables themselves are created by the central migrations
 * (history, never edited). sync/central/tables.test.ts checks the two agree and that every edge column is mapped.
 */

/**
 * How an edge value (JSON of the SQLite row) becomes a central value:
 * text → text; integer/bigint → integer/bigint; real → double precision; boolean: 0/1 → boolean;
 * time: epoch milliseconds → timestamptz; json: JSON text → jsonb.
 */
export type ColumnKind = 'text' | 'integer' | 'bigint' | 'real' | 'boolean' | 'time' | 'json';

export interface CentralColumn {
  /** The edge column (the key in the outbox payload). */
  edge: string;
  central: string;
  kind: ColumnKind;
}

export interface CentralTable {
  entity: SyncedEntity;
  /** Table name inside the `oee` schema. */
  table: string;
  /** Edge names of the key columns (the properties of the outbox entityKey). */
  key: readonly string[];
  columns: readonly CentralColumn[];
}

export const CENTRAL_SCHEMA = 'oee';

type ColumnSpec = [edge: string, central: string, kind: ColumnKind];

function table(entity: SyncedEntity, key: readonly string[], specs: readonly ColumnSpec[]): CentralTable {
  return { entity, table: entity, key, columns: specs.map(([edge, central, kind]) => ({ edge, central, kind })) };
}

const stamped: readonly ColumnSpec[] = [
  ['updatedBy', 'updated_by', 'text'],
  ['updateDate', 'update_date', 'time'],
];

/** The times and counts an order index and a shift index share (edge/src/modules/engine). */
const indexTimes: readonly ColumnSpec[] = [
  ['productionQuantity', 'production_quantity', 'real'],
  ['discardQuantity', 'discard_quantity', 'real'],
  ['staffedTime', 'staffed_time_ms', 'real'],
  ['discountTime', 'discount_time_ms', 'real'],
  ['adjustedDiscountTime', 'adjusted_discount_time_ms', 'real'],
  ['staffedTimeCorrect', 'staffed_time_correct_ms', 'real'],
  ['runtime', 'runtime_ms', 'real'],
  ['stopTime', 'stop_time_ms', 'real'],
  ['failureTime', 'failure_time_ms', 'real'],
  ['failureCount', 'failure_count', 'integer'],
  ['utilization', 'utilization', 'real'],
  ['throughput', 'throughput', 'real'],
  ['acceptance', 'acceptance', 'real'],
  ['oee', 'oee', 'real'],
  ['mtbf', 'mtbf_minutes', 'real'],
  ['mttr', 'mttr_minutes', 'real'],
  ['calculatedAt', 'calculated_at', 'time'],
];

/** Made outside the work calendar's schedule (edge 0027, central 0013), and the start-up rejects (edge 0028, central 0015). */
const unscheduled: readonly ColumnSpec[] = [
  ['unscheduledQuantity', 'unscheduled_quantity', 'real'],
  ['unscheduledDiscards', 'unscheduled_discards', 'real'],
  ['unscheduledRuntime', 'unscheduled_runtime_ms', 'real'],
  // The start-up rejects among the discards (edge 0028, central 0015).
  ['startupDiscards', 'startup_discards', 'real'],
];

export const CENTRAL_TABLES: readonly CentralTable[] = [
  table(
    'buildings',
    ['buildingId'],
    [
      ['buildingId', 'building_id', 'bigint'],
      ['buildingName', 'building_name', 'text'],
    ],
  ),
  table(
    'sectors',
    ['sectorID'],
    [
      ['sectorID', 'sector_id', 'bigint'],
      ['sectorName', 'sector_name', 'text'],
      ['buildingId', 'building_id', 'bigint'],
    ],
  ),
  table(
    'lines',
    ['lineID'],
    [
      ['lineID', 'line_id', 'integer'],
      ['sectorID', 'sector_id', 'bigint'],
      ['description', 'description', 'text'],
      ['calculationBaliza', 'calculation_baliza', 'text'],
      ['calculationUnits', 'calculation_units', 'text'],
      ['calculationDiscards', 'calculation_discards', 'text'],
      ['fixedThroughput', 'fixed_throughput', 'boolean'],
      ['enableStopsManager', 'enable_stops_manager', 'boolean'],
      ['enableOrderManager', 'enable_order_manager', 'boolean'],
      ['enableProductionManager', 'enable_production_manager', 'boolean'],
      ['enableCalculationRelative', 'enable_calculation_relative', 'boolean'],
      ['enableIndicadorPorTurno', 'enable_indicador_por_turno', 'boolean'],
      ['startupRejectMinutes', 'startup_reject_minutes', 'integer'],
      ...stamped,
    ],
  ),
  table(
    'products',
    ['code'],
    [
      ['code', 'code', 'text'],
      ['name', 'name', 'text'],
      ['wrappersPerPackage', 'wrappers_per_package', 'bigint'],
      ['unitsPerWrapper', 'units_per_wrapper', 'bigint'],
      ['unit', 'unit', 'text'],
      ['performance', 'performance', 'real'],
    ],
  ),
  table(
    'stop_reasons',
    ['reasonID'],
    [
      ['reasonID', 'reason_id', 'bigint'],
      ['parentID', 'parent_id', 'bigint'],
      ['reason', 'reason', 'text'],
      ['detail', 'detail', 'text'],
      ['pareto', 'pareto', 'boolean'],
      ['discountOEE', 'discount_oee', 'boolean'],
      ['isCategory', 'is_category', 'boolean'],
      ['color', 'color', 'text'],
      ['systemStop', 'system_stop', 'boolean'],
      ['enabledForLine', 'enabled_for_line', 'json'],
      ['lossKind', 'loss_kind', 'text'],
      ...stamped,
    ],
  ),
  table(
    'orders',
    ['order'],
    [
      ['order', 'order_number', 'text'],
      ['op', 'op', 'text'],
      ['version', 'version', 'integer'],
      ['lineID', 'line_id', 'integer'],
      ['lot', 'lot', 'text'],
      ['validation', 'validation', 'boolean'],
      ['productCode', 'product_code', 'text'],
      ['productName', 'product_name', 'text'],
      ['startDate', 'start_date', 'time'],
      ['endDate', 'end_date', 'time'],
      ['desiredProductionQuantity', 'desired_production_quantity', 'real'],
      ['desiredProductionSpeed', 'desired_production_speed', 'real'],
      ['productionQuantity', 'production_quantity', 'real'],
      ['discardQuantity', 'discard_quantity', 'real'],
      ['adjustedDiscountTime', 'adjusted_discount_time_ms', 'real'],
      ['status', 'status', 'integer'],
      ['shiftStart', 'shift_start', 'time'],
      ['createdBy', 'created_by', 'text'],
      ['createDate', 'create_date', 'time'],
      ...stamped,
    ],
  ),
  table(
    'order_indexes',
    ['order'],
    [
      ['order', 'order_number', 'text'],
      ['lineID', 'line_id', 'integer'],
      ...indexTimes,
      ['productionSpeed', 'production_speed', 'real'],
      ['nominalSpeed', 'nominal_speed', 'real'],
      ['performance', 'performance', 'real'],
      ...unscheduled,
    ],
  ),
  table(
    'shift_indexes',
    ['lineID', 'shiftStart'],
    [
      ['lineID', 'line_id', 'integer'],
      ['shiftStart', 'shift_start', 'time'],
      ['shiftEnd', 'shift_end', 'time'],
      ...indexTimes,
      ['idealUnits', 'ideal_units', 'real'],
      ['discountShift', 'discount_shift_ms', 'real'],
      ['unstaffedQuantity', 'unstaffed_quantity', 'real'],
      ['unstaffedDiscards', 'unstaffed_discards', 'real'],
      ['breakdownTime', 'breakdown_time_ms', 'real'],
      ['setupTime', 'setup_time_ms', 'real'],
      ['smallStopTime', 'small_stop_time_ms', 'real'],
      ['notLineLossTime', 'not_line_loss_time_ms', 'real'],
      ...unscheduled,
      ['shiftCode', 'shift_code_edge', 'text'],
      ['productionDay', 'production_day_edge', 'text'],
      ['closed', 'closed', 'boolean'],
    ],
  ),
  table(
    'stops',
    ['stopID'],
    [
      ['stopID', 'stop_id', 'bigint'],
      ['order', 'order_number', 'text'],
      ['op', 'op', 'text'],
      ['reproceso', 'reproceso', 'integer'],
      ['lineID', 'line_id', 'integer'],
      ['split', 'split', 'boolean'],
      ['equipmentName', 'equipment_name', 'text'],
      ['reason', 'reason', 'text'],
      ['reasonID', 'reason_id', 'bigint'],
      ['root', 'root', 'text'],
      ['rootID', 'root_id', 'bigint'],
      ['path', 'path', 'text'],
      ['startDate', 'start_date', 'time'],
      ['endDate', 'end_date', 'time'],
      ['recognized', 'recognized', 'boolean'],
      ['observation', 'observation', 'text'],
      ['maintenanceReason', 'maintenance_reason', 'text'],
      ['declaringTime', 'declaring_time_minutes', 'real'],
      ['waitingTime', 'waiting_time_minutes', 'real'],
      ['maintenanceTime', 'maintenance_time_minutes', 'real'],
      ['pareto', 'pareto', 'boolean'],
      ['discountOEE', 'discount_oee', 'boolean'],
      ['color', 'color', 'text'],
      ...stamped,
      ['manual', 'manual', 'boolean'],
      ['eventID', 'event_id', 'bigint'],
    ],
  ),
  // Work calendars (edge migration 0025): lineID 0 is the plant's calendar; dates 'YYYY-MM-DD' and times 'HH:mm' are
  // the plant's wall clock, kept as the edge's text.
  table(
    'calendar_versions',
    ['lineID', 'effectiveFrom'],
    [
      ['lineID', 'line_id', 'integer'],
      ['effectiveFrom', 'effective_from', 'text'],
      ['weekdays', 'weekdays', 'text'],
    ],
  ),
  table(
    'calendar_shifts',
    ['lineID', 'effectiveFrom', 'code'],
    [
      ['lineID', 'line_id', 'integer'],
      ['effectiveFrom', 'effective_from', 'text'],
      ['code', 'code', 'text'],
      ['position', 'position', 'integer'],
      ['nameEs', 'name_es', 'text'],
      ['nameEn', 'name_en', 'text'],
      ['startTime', 'start_time', 'text'],
      ['endTime', 'end_time', 'text'],
    ],
  ),
  table(
    'calendar_breaks',
    ['lineID', 'effectiveFrom', 'shiftCode', 'startTime'],
    [
      ['lineID', 'line_id', 'integer'],
      ['effectiveFrom', 'effective_from', 'text'],
      ['shiftCode', 'shift_code', 'text'],
      ['startTime', 'start_time', 'text'],
      ['minutes', 'minutes', 'integer'],
    ],
  ),
  table(
    'calendar_exceptions',
    ['lineID', 'exceptionDate', 'kind', 'shiftCode'],
    [
      ['lineID', 'line_id', 'integer'],
      ['exceptionDate', 'exception_date', 'text'],
      ['kind', 'kind', 'text'],
      ['shiftCode', 'shift_code', 'text'],
      ['untilTime', 'until_time', 'text'],
    ],
  ),
];

const byEntity = new Map(CENTRAL_TABLES.map((t) => [t.entity as string, t]));

/** The central table of an outbox entity; throws for an entity the central schema does not hold. */
export function centralTableOf(entity: string): CentralTable {
  const found = byEntity.get(entity);
  if (!found) throw new Error(`The central schema has no table for the outbox entity '${entity}'`);
  return found;
}

/** The central column of an edge column of `table`. */
export function centralColumnOf(table: CentralTable, edge: string): CentralColumn {
  const found = table.columns.find((column) => column.edge === edge);
  if (!found) throw new Error(`${table.entity}.${edge} has no central column`);
  return found;
}
