import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely's view of the tables created by the migrations. Times are epoch milliseconds, booleans 0/1.
 * Keep in step with migrations/: every repository query is type-checked against these types and runs in the tests
 * against a migrated database, so a mismatch fails there.
 */

type Flag = 0 | 1;

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  userID: string;
  groupID: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  passwordHash: string;
  roleID: number;
  active: Generated<Flag>;
  failedLogins: Generated<number>;
  lockedUntil: number | null;
  updatedBy: string | null;
  updateDate: number | null;
  /** Set with a password chosen for the user (setup, reset-admin): every call but changing it answers 403. */
  mustChangePassword: Generated<Flag>;
  /** The language of the alerts the user receives (migration 0017). */
  language: Generated<'es' | 'en'>;
}

export interface SessionsTable {
  tokenHash: string;
  userID: string;
  createdAt: number;
  expiresAt: number;
  ipAddress: string | null;
}

export interface TelegramUsersTable {
  userID: string;
  /** When the chat was bound, or the link last sent while it is not. */
  registeredAt: number;
  chatID: string | null;
  /** SHA-256 of the one-time /start token emailed to the user, until it is used or expires (migration 0017). */
  linkTokenHash: Generated<string | null>;
  linkExpiresAt: Generated<number | null>;
}

/** One message due to one recipient, written before it goes out (migration 0017). */
export interface NotificationSendsTable {
  sendID: Generated<number>;
  eventKind: 'stop' | 'maintenance';
  eventID: number;
  lineID: number;
  groupID: number;
  channel: number;
  /** A Telegram chat id or an email address. */
  recipient: string;
  userID: string | null;
  /** 0 the first alert of the situation to this recipient, then 1, 2… for each repeat. */
  round: number;
  dueAt: number;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'uncertain' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: number;
  sentAt: number | null;
  lastError: string | null;
}

export interface NotificationGroupsTable {
  groupID: Generated<number>;
  name: string;
  description: string | null;
  email: string | null;
  enabled: Generated<Flag>;
}

export interface NotificationSchedulesTable {
  scheduleID: Generated<number>;
  groupID: number;
  startTime: string;
  endTime: string;
  monday: Generated<Flag>;
  tuesday: Generated<Flag>;
  wednesday: Generated<Flag>;
  thursday: Generated<Flag>;
  friday: Generated<Flag>;
  saturday: Generated<Flag>;
  sunday: Generated<Flag>;
}

export interface NotificationTargetsTable {
  targetID: Generated<number>;
  groupID: number;
  type: number;
  channel: number;
  notifyAfterMinutes: number;
}

export interface NotificationWatchersTable {
  watcherID: Generated<number>;
  groupID: number;
  buildingId: number | null;
  sectorID: number | null;
  lineID: number | null;
}

export interface BuildingsTable {
  buildingId: Generated<number>;
  buildingName: string;
}

export interface SectorsTable {
  sectorID: Generated<number>;
  sectorName: string;
  buildingId: number | null;
}

export interface LinesTable {
  lineID: number;
  sectorID: number;
  description: string;
  calculationBaliza: string | null;
  calculationUnits: string | null;
  calculationDiscards: string | null;
  fixedThroughput: Flag | null;
  enableStopsManager: Generated<Flag>;
  enableOrderManager: Generated<Flag>;
  enableProductionManager: Generated<Flag>;
  enableCalculationRelative: Generated<Flag>;
  enableIndicadorPorTurno: Generated<Flag>;
  /** Migration 0028: minutes after an order starts whose discards are start-up rejects; null: the line declares none. */
  startupRejectMinutes: Generated<number | null>;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface LineStatesTable {
  lineID: number;
  running: Flag | null;
  changedAt: number | null;
  unitsCounter: number | null;
  discardsCounter: number | null;
  lastSampleAt: number | null;
  /** When the line was first reported (migration 0004). */
  firstSeenAt: number | null;
  /** The stop a gap in the line's data closed at its start, reopened when the gap proves empty (migration 0006). */
  interruptedStopID: number | null;
  /** Where the units and discards counters were read from; another source starts a new baseline (migration 0006). */
  unitsSource: string | null;
  discardsSource: string | null;
  /** When the counters' baseline was read (migration 0006). */
  countersReadAt: number | null;
}

export interface OpcServersTable {
  opcServerID: Generated<number>;
  name: string;
  description: string | null;
  hostName: string;
  serverType: 'UA' | 'DA' | 'API' | 'MQTT' | 'Modbus';
  enabled: Generated<Flag>;
  apiKeyHash: string | null;
  securityMode: Generated<'None' | 'Sign' | 'SignAndEncrypt'>;
  securityPolicy: Generated<'None' | 'Basic256Sha256' | 'Aes128_Sha256_RsaOaep' | 'Aes256_Sha256_RsaPss'>;
  userName: string | null;
  /** Write-only in the API: sent to the server, never returned. */
  password: string | null;
  /** Modbus TCP (migration 0021): the unit id (null: 1) and the polling period (null: 1,000 ms). */
  unitId: number | null;
  pollingMs: number | null;
  /** MQTT (migration 0021): the client id (null: made from the server's id) and the broker's CA in PEM (null: the system's). */
  clientId: string | null;
  caCertificate: string | null;
}

export interface OpcTagsTable {
  tagID: Generated<number>;
  tagName: string;
  tagType: string;
  opcServerID: number;
  tagValue: string;
}

export interface ParametersTable {
  id: number;
  microStopTime: number;
  problemResolutionTime: number;
  gridRefreshTime: number;
  oeeCalculationRefresh: number;
  enableDomainValidation: Generated<Flag>;
  domain: string | null;
  enableGroupValidation: Generated<Flag>;
  group: string | null;
  emailEnabled: Generated<Flag>;
  emailFrom: string | null;
  emailHost: string | null;
  emailPort: number | null;
  telegramEnabled: Generated<Flag>;
  telegramBotName: string | null;
  telegramNotificationInterval: number | null;
  telegramBotToken: string | null;
  telegramBotUseProxy: Generated<Flag>;
  telegramBotProxyHost: string | null;
  telegramBotProxyPort: number | null;
  terminalSyncByIP: Generated<Flag>;
  /** A counter step above this many times the nominal speed is not production (migration 0006). */
  counterPlausibilityFactor: Generated<number>;
  /** The maintenance manager module on every line, unless turned off (migration 0007). */
  enableMaintenanceManager: Generated<Flag>;
  /** Days the audit log, the diagnostics tables and superseded outbox rows are kept (migration 0013). */
  auditRetentionDays: Generated<number>;
  diagnosticsRetentionDays: Generated<number>;
  outboxRetentionDays: Generated<number>;
  /** Directory sign-in (migration 0018): the directory's URL, base DN, bind name template and trusted CA file. */
  directoryUrl: string | null;
  directoryBaseDN: string | null;
  directoryBindName: string | null;
  directoryCaFile: string | null;
  /** Notifications (migration 0017): the Bot API's base address (null: https://api.telegram.org), the edge's address
   * as recipients reach it (the dashboard link), the plant's name in the messages. */
  telegramApiBaseUrl: Generated<string | null>;
  edgePublicUrl: Generated<string | null>;
  plantName: Generated<string | null>;
  /** The edge's MQTT publishing (migration 0021): on or off, the broker, the topic prefix, the client id and credentials. */
  mqttPublishEnabled: Generated<Flag>;
  mqttPublishUrl: string | null;
  mqttPublishPrefix: string | null;
  mqttPublishClientId: string | null;
  mqttPublishUserName: string | null;
  /** Write-only in the API, as the bot token. */
  mqttPublishPassword: string | null;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface TerminalsTable {
  terminalID: Generated<number>;
  lineID: number;
  ipAddress: string;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface StopReasonsTable {
  reasonID: Generated<number>;
  parentID: number | null;
  reason: string;
  detail: string | null;
  pareto: Generated<Flag>;
  discountOEE: Generated<Flag>;
  isCategory: Generated<Flag>;
  color: string | null;
  systemStop: Generated<Flag>;
  /** JSON array of lineIDs the reason is shown on; empty means every line. */
  enabledForLine: Generated<string>;
  /** The loss its stops are (migration 0023): 'breakdown', 'setup', 'smallStop'; null inherits (domain/losses.ts). */
  lossKind: Generated<string | null>;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface EquipmentsTable {
  equipmentID: Generated<number>;
  name: string;
  description: string;
  tag: string | null;
  lineID: number | null;
}

export interface EquipmentStopReasonsTable {
  equipmentID: number;
  reasonID: number;
}

export interface TargetsTable {
  targetID: Generated<number>;
  lineID: number;
  tag: string;
  targetSummary: number | null;
  targetOEE: number | null;
}

export interface ProductsTable {
  code: string;
  name: string;
  wrappersPerPackage: number;
  unitsPerWrapper: number;
  unit: string | null;
  performance: number | null;
}

export interface ProductSpeedsTable {
  code: string;
  lineID: number;
  speed: number;
}

export interface OrdersTable {
  order: string;
  op: string | null;
  version: Generated<number>;
  lineID: number;
  lot: string | null;
  validation: Generated<Flag>;
  productCode: string | null;
  productName: string | null;
  startDate: number | null;
  endDate: number | null;
  desiredProductionQuantity: number | null;
  desiredProductionSpeed: number | null;
  productionQuantity: Generated<number>;
  discardQuantity: Generated<number>;
  adjustedDiscountTime: Generated<number>;
  status: Generated<0 | 1 | 2>;
  shiftStart: number | null;
  createdBy: string | null;
  createDate: number | null;
  updatedBy: string | null;
  updateDate: number | null;
}

interface IndexTimes {
  productionQuantity: number;
  discardQuantity: number;
  staffedTime: number;
  discountTime: number;
  adjustedDiscountTime: number;
  staffedTimeCorrect: number;
  runtime: number;
  stopTime: number;
  failureTime: number;
  failureCount: number;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  mtbf: number | null;
  mttr: number | null;
  calculatedAt: number;
}

/** Migration 0027: made outside the work calendar's schedule (units, discards, run time in ms). */
export interface UnscheduledProduction {
  unscheduledQuantity: Generated<number>;
  unscheduledDiscards: Generated<number>;
  unscheduledRuntime: Generated<number>;
  /** Migration 0028: the part of discardQuantity made in the line's start-up window (start-up rejects). */
  startupDiscards: Generated<number>;
}

export interface OrderIndexesTable extends IndexTimes, UnscheduledProduction {
  order: string;
  lineID: number;
  productionSpeed: number | null;
  nominalSpeed: number | null;
  performance: number | null;
}

export interface ShiftIndexesTable extends IndexTimes, UnscheduledProduction {
  lineID: number;
  shiftStart: number;
  shiftEnd: number;
  /** Migration 0027: the code of the calendar shift the row is; null on rows computed before (the default calendar's). */
  shiftCode: Generated<string | null>;
  /**
   * Migration 0029: the production day ('YYYY-MM-DD') of the calendar the row was computed with; null only on rows of
   * before it until the start-up fill (engine/production-day-fill.ts) gives them the day of the calendar then in force.
   */
  productionDay: Generated<string | null>;
  idealUnits: number | null;
  discountShift: number;
  closed: Flag;
  /** Migration 0019: made while the line was not staffed (no order on a line with the order manager). */
  unstaffedQuantity: Generated<number>;
  unstaffedDiscards: Generated<number>;
  /** Migration 0026: the counted stop time (stopTime − adjustedDiscountTime) by loss kind, ms; null: computed before it. */
  breakdownTime: Generated<number | null>;
  setupTime: Generated<number | null>;
  smallStopTime: Generated<number | null>;
  notLineLossTime: Generated<number | null>;
}

export interface ProductionMinutesTable {
  lineID: number;
  minuteStart: number;
  order: string | null;
  units: number;
  discards: number;
  /** Migration 0028: the part of discards declared by hand as start-up rejects. */
  startupDiscards: Generated<number>;
}

export interface ProductionLotsTable {
  lotID: Generated<number>;
  lot: string;
  lineID: number | null;
  order: string | null;
  productCode: string | null;
  productName: string | null;
  packs: number;
  wrappers: number;
  units: number;
  wrapperType: string | null;
  createDate: number | null;
  /** Migration 0009: the minute of its order's production the lot counts in. */
  minuteStart: number | null;
  /** Migration 0009: 1 when its units were booked there as production (a line with no units counter). */
  booked: Generated<Flag>;
  createdBy: string | null;
}

/** Migration 0009: discards declared by hand (booked into production_minutes by the engine). */
export interface DeclaredDiscardsTable {
  discardID: Generated<number>;
  lineID: number;
  order: string;
  minuteStart: number;
  quantity: number;
  observation: string | null;
  /** Migration 0028: declared as start-up rejects. */
  startup: Generated<Flag>;
  createdBy: string | null;
  createDate: number;
}

/** Migration 0009: the wrapper types of production lots. */
export interface WrapperTypesTable {
  wrapperTypeID: Generated<number>;
  name: string;
  description: string | null;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface StopsTable {
  stopID: Generated<number>;
  order: string | null;
  op: string | null;
  reproceso: Generated<number>;
  lineID: number;
  split: Generated<Flag>;
  equipmentName: string | null;
  reason: string | null;
  reasonID: number | null;
  root: string | null;
  /** The top category of the reason (migration 0002). */
  rootID: number | null;
  path: string | null;
  startDate: number;
  endDate: number | null;
  recognized: Generated<Flag>;
  observation: string | null;
  maintenanceReason: string | null;
  declaringTime: number | null;
  waitingTime: number | null;
  maintenanceTime: number | null;
  pareto: Generated<Flag>;
  discountOEE: Generated<Flag>;
  color: string | null;
  updatedBy: string | null;
  updateDate: number | null;
  /** 1: entered by hand (manual stops manager); 0: recorded by the line's acquisition (migration 0010). */
  manual: Generated<Flag>;
  /** Migration 0019: the first stop of the event a split piece belongs to; null for a stop never split. */
  eventID: number | null;
}

export interface MaintenanceCallsTable {
  callID: Generated<number>;
  resourceLineID: number;
  stopID: number | null;
  status: 0 | 1 | 2 | 4;
  callReason: string | null;
  message: string | null;
  callDate: number;
  declarationDate: number | null;
  startDate: number | null;
  endDate: number | null;
  updatedBy: string | null;
  updateDate: number | null;
  /** The equipment of the line the call is about (migration 0011). */
  equipmentID: Generated<number | null>;
  calledBy: Generated<string | null>;
  startedBy: Generated<string | null>;
  finishedBy: Generated<string | null>;
}

/** The maintenance manager's list of call reasons (migration 0011). */
export interface MaintenanceCallReasonsTable {
  callReasonID: Generated<number>;
  name: string;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface ValidationOrdersTable {
  orderID: string;
  lot: string;
  productCode: string;
  createdBy: string | null;
  createDate: number | null;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface PreloadOrdersTable {
  id: number;
  op: string;
  cliente: string | null;
  producto: string;
  cosecha: number | null;
  cantidad: number;
  bolsa: string | null;
  pesoBolsa: number;
  utilizado: Generated<Flag>;
  deleted: Generated<Flag>;
  updatedBy: string | null;
  updateDate: number | null;
}

export interface TagUpdateLogTable {
  id: Generated<number>;
  dateTime: number;
  duration: number;
}

export interface CalculationTimeLogTable {
  id: Generated<number>;
  dateTime: number;
  duration: number;
  lines: string;
}

export interface OutboxTable {
  seq: Generated<number>;
  entity: string;
  entityKey: string;
  operation: 'upsert' | 'delete';
  payload: string | null;
  createdAt: number;
}

export interface AuditLogTable {
  auditID: Generated<number>;
  entity: string;
  entityKey: string;
  action: string;
  userID: string | null;
  at: number;
  before: string | null;
  after: string | null;
}

/** One row: moved by triggers at every change to what the acquisition reads (migration 0005). */
export interface AcquisitionConfigVersionTable {
  id: number;
  version: number;
}

/** A Modbus counter's wraps, kept through restarts (migration 0024): see domain CounterUnwrapper. */
export interface ModbusCountersTable {
  /** `<host:port>#<unit id>|<tagValue>`: a counter is the register's, not the tag name's. */
  source: string;
  lastRaw: number;
  wrapOffset: number;
  updatedAt: number;
}

/** Work calendars (migration 0025): lineID 0 is the plant's calendar, 1–99 a line's own (domain/work-calendar.ts). */
export interface CalendarVersionsTable {
  lineID: number;
  /** Production date 'YYYY-MM-DD' from which the version applies. */
  effectiveFrom: string;
  /** ISO weekdays worked as digits: '12345' Monday to Friday. */
  weekdays: string;
}

export interface CalendarShiftsTable {
  lineID: number;
  effectiveFrom: string;
  code: string;
  /** 1, 2, …: the order of the shifts in the production day. */
  position: number;
  nameEs: string;
  nameEn: string;
  /** Wall time 'HH:mm'. */
  startTime: string;
  /** End of the scheduled time, 'HH:mm'; null: until the next shift starts. */
  endTime: string | null;
}

export interface CalendarBreaksTable {
  lineID: number;
  effectiveFrom: string;
  shiftCode: string;
  startTime: string;
  minutes: number;
}

export interface CalendarExceptionsTable {
  lineID: number;
  exceptionDate: string;
  kind: 'holiday' | 'shortDay' | 'extraShift';
  /** The extra shift's code; '' for the other kinds. */
  shiftCode: string;
  /** A shorter day's end, 'HH:mm'. */
  untilTime: string | null;
}

export interface DB {
  app_settings: AppSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  telegram_users: TelegramUsersTable;
  notification_sends: NotificationSendsTable;
  notification_groups: NotificationGroupsTable;
  notification_schedules: NotificationSchedulesTable;
  notification_targets: NotificationTargetsTable;
  notification_watchers: NotificationWatchersTable;
  buildings: BuildingsTable;
  sectors: SectorsTable;
  lines: LinesTable;
  line_states: LineStatesTable;
  opc_servers: OpcServersTable;
  opc_tags: OpcTagsTable;
  acquisition_config_version: AcquisitionConfigVersionTable;
  modbus_counters: ModbusCountersTable;
  parameters: ParametersTable;
  terminals: TerminalsTable;
  stop_reasons: StopReasonsTable;
  equipments: EquipmentsTable;
  equipment_stop_reasons: EquipmentStopReasonsTable;
  targets: TargetsTable;
  products: ProductsTable;
  product_speeds: ProductSpeedsTable;
  orders: OrdersTable;
  order_indexes: OrderIndexesTable;
  shift_indexes: ShiftIndexesTable;
  production_minutes: ProductionMinutesTable;
  production_lots: ProductionLotsTable;
  declared_discards: DeclaredDiscardsTable;
  wrapper_types: WrapperTypesTable;
  stops: StopsTable;
  maintenance_calls: MaintenanceCallsTable;
  maintenance_call_reasons: MaintenanceCallReasonsTable;
  validation_orders: ValidationOrdersTable;
  preload_orders: PreloadOrdersTable;
  tag_update_log: TagUpdateLogTable;
  calculation_time_log: CalculationTimeLogTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  calendar_versions: CalendarVersionsTable;
  calendar_shifts: CalendarShiftsTable;
  calendar_breaks: CalendarBreaksTable;
  calendar_exceptions: CalendarExceptionsTable;
}

export type TableName = keyof DB;
export type Row<T extends TableName> = Selectable<DB[T]>;
export type NewRow<T extends TableName> = Insertable<DB[T]>;
export type RowUpdate<T extends TableName> = Updateable<DB[T]>;
