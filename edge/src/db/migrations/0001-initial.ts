import { sql, type Kysely } from 'kysely';

/**
 * The whole data model of SPEC.md section 3. Conventions: column names are the API's keys (userID, lineID, …);
 * times are INTEGER epoch milliseconds (UTC); booleans are 0/1. Foreign keys are declared so that deleting a row
 * still referenced fails inside SQLite (the API turns that into 409) instead of leaving a broken reference.
 */
const statements = [
  // Key/value facts about this installation (setup done, plant id, schema notes).
  `CREATE TABLE app_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  )`,

  `CREATE TABLE notification_groups (
    groupID INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT,
    email TEXT,
    enabled INTEGER NOT NULL DEFAULT 1
  )`,

  `CREATE TABLE users (
    userID TEXT PRIMARY KEY COLLATE NOCASE,
    groupID INTEGER REFERENCES notification_groups(groupID),
    firstName TEXT NOT NULL,
    lastName TEXT NOT NULL,
    email TEXT,
    passwordHash TEXT NOT NULL,
    roleID INTEGER NOT NULL CHECK (roleID IN (1, 2, 3, 4)),
    active INTEGER NOT NULL DEFAULT 1,
    failedLogins INTEGER NOT NULL DEFAULT 0,
    lockedUntil INTEGER,
    updatedBy TEXT,
    updateDate INTEGER
  )`,

  `CREATE TABLE sessions (
    tokenHash TEXT PRIMARY KEY,
    userID TEXT NOT NULL REFERENCES users(userID) ON DELETE CASCADE,
    createdAt INTEGER NOT NULL,
    expiresAt INTEGER NOT NULL,
    ipAddress TEXT
  )`,
  `CREATE INDEX sessions_user ON sessions(userID)`,
  `CREATE INDEX sessions_expiry ON sessions(expiresAt)`,

  `CREATE TABLE telegram_users (
    userID TEXT PRIMARY KEY REFERENCES users(userID) ON DELETE CASCADE,
    registeredAt INTEGER NOT NULL,
    chatID TEXT
  )`,

  `CREATE TABLE notification_schedules (
    scheduleID INTEGER PRIMARY KEY AUTOINCREMENT,
    groupID INTEGER NOT NULL REFERENCES notification_groups(groupID),
    startTime TEXT NOT NULL,
    endTime TEXT NOT NULL,
    monday INTEGER NOT NULL DEFAULT 0,
    tuesday INTEGER NOT NULL DEFAULT 0,
    wednesday INTEGER NOT NULL DEFAULT 0,
    thursday INTEGER NOT NULL DEFAULT 0,
    friday INTEGER NOT NULL DEFAULT 0,
    saturday INTEGER NOT NULL DEFAULT 0,
    sunday INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX notification_schedules_group ON notification_schedules(groupID)`,

  `CREATE TABLE notification_targets (
    targetID INTEGER PRIMARY KEY AUTOINCREMENT,
    groupID INTEGER NOT NULL REFERENCES notification_groups(groupID),
    type INTEGER NOT NULL CHECK (type IN (0, 1)),
    channel INTEGER NOT NULL,
    notifyAfterMinutes INTEGER NOT NULL
  )`,
  `CREATE INDEX notification_targets_group ON notification_targets(groupID)`,

  `CREATE TABLE buildings (
    buildingId INTEGER PRIMARY KEY AUTOINCREMENT,
    buildingName TEXT NOT NULL
  )`,

  `CREATE TABLE sectors (
    sectorID INTEGER PRIMARY KEY AUTOINCREMENT,
    sectorName TEXT NOT NULL,
    buildingId INTEGER REFERENCES buildings(buildingId)
  )`,
  `CREATE INDEX sectors_building ON sectors(buildingId)`,

  `CREATE TABLE lines (
    lineID INTEGER PRIMARY KEY CHECK (lineID BETWEEN 1 AND 99),
    sectorID INTEGER NOT NULL REFERENCES sectors(sectorID),
    description TEXT NOT NULL,
    calculationBaliza TEXT,
    calculationUnits TEXT,
    calculationDiscards TEXT,
    fixedThroughput INTEGER,
    enableStopsManager INTEGER NOT NULL DEFAULT 0,
    enableOrderManager INTEGER NOT NULL DEFAULT 0,
    enableProductionManager INTEGER NOT NULL DEFAULT 0,
    enableCalculationRelative INTEGER NOT NULL DEFAULT 0,
    enableIndicadorPorTurno INTEGER NOT NULL DEFAULT 0,
    updatedBy TEXT,
    updateDate INTEGER
  )`,
  `CREATE INDEX lines_sector ON lines(sectorID)`,

  // What the line was last seen doing, so a restart (or a power cut) resumes without double counting.
  `CREATE TABLE line_states (
    lineID INTEGER PRIMARY KEY REFERENCES lines(lineID) ON DELETE CASCADE,
    running INTEGER,
    changedAt INTEGER,
    unitsCounter REAL,
    discardsCounter REAL,
    lastSampleAt INTEGER
  )`,

  `CREATE TABLE notification_watchers (
    watcherID INTEGER PRIMARY KEY AUTOINCREMENT,
    groupID INTEGER NOT NULL REFERENCES notification_groups(groupID),
    buildingId INTEGER REFERENCES buildings(buildingId),
    sectorID INTEGER REFERENCES sectors(sectorID),
    lineID INTEGER REFERENCES lines(lineID)
  )`,
  `CREATE INDEX notification_watchers_group ON notification_watchers(groupID)`,

  `CREATE TABLE opc_servers (
    opcServerID INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT,
    hostName TEXT NOT NULL,
    serverType TEXT NOT NULL CHECK (serverType IN ('UA', 'DA', 'API')),
    enabled INTEGER NOT NULL DEFAULT 1,
    apiKeyHash TEXT
  )`,

  `CREATE TABLE opc_tags (
    tagID INTEGER PRIMARY KEY AUTOINCREMENT,
    tagName TEXT NOT NULL UNIQUE,
    tagType TEXT NOT NULL,
    opcServerID INTEGER NOT NULL REFERENCES opc_servers(opcServerID),
    tagValue TEXT NOT NULL
  )`,
  `CREATE INDEX opc_tags_server ON opc_tags(opcServerID)`,

  // One row (id = 1): the general parameters of SPEC.md section 3.
  `CREATE TABLE parameters (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    microStopTime INTEGER NOT NULL,
    problemResolutionTime INTEGER NOT NULL,
    gridRefreshTime INTEGER NOT NULL,
    oeeCalculationRefresh INTEGER NOT NULL,
    enableDomainValidation INTEGER NOT NULL DEFAULT 0,
    domain TEXT,
    enableGroupValidation INTEGER NOT NULL DEFAULT 0,
    "group" TEXT,
    emailEnabled INTEGER NOT NULL DEFAULT 0,
    emailFrom TEXT,
    emailHost TEXT,
    emailPort INTEGER,
    telegramEnabled INTEGER NOT NULL DEFAULT 0,
    telegramBotName TEXT,
    telegramNotificationInterval INTEGER,
    telegramBotToken TEXT,
    telegramBotUseProxy INTEGER NOT NULL DEFAULT 0,
    telegramBotProxyHost TEXT,
    telegramBotProxyPort INTEGER,
    terminalSyncByIP INTEGER NOT NULL DEFAULT 0,
    updatedBy TEXT,
    updateDate INTEGER
  )`,

  `CREATE TABLE terminals (
    terminalID INTEGER PRIMARY KEY AUTOINCREMENT,
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    ipAddress TEXT NOT NULL UNIQUE,
    updatedBy TEXT,
    updateDate INTEGER
  )`,

  `CREATE TABLE stop_reasons (
    reasonID INTEGER PRIMARY KEY AUTOINCREMENT,
    parentID INTEGER REFERENCES stop_reasons(reasonID),
    reason TEXT NOT NULL,
    detail TEXT,
    pareto INTEGER NOT NULL DEFAULT 0,
    discountOEE INTEGER NOT NULL DEFAULT 0,
    isCategory INTEGER NOT NULL DEFAULT 0,
    color TEXT,
    systemStop INTEGER NOT NULL DEFAULT 0,
    enabledForLine TEXT NOT NULL DEFAULT '[]',
    updatedBy TEXT,
    updateDate INTEGER
  )`,
  `CREATE INDEX stop_reasons_parent ON stop_reasons(parentID)`,

  `CREATE TABLE equipments (
    equipmentID INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    tag TEXT,
    lineID INTEGER REFERENCES lines(lineID)
  )`,
  `CREATE INDEX equipments_line ON equipments(lineID)`,

  `CREATE TABLE equipment_stop_reasons (
    equipmentID INTEGER NOT NULL REFERENCES equipments(equipmentID) ON DELETE CASCADE,
    reasonID INTEGER NOT NULL REFERENCES stop_reasons(reasonID),
    PRIMARY KEY (equipmentID, reasonID)
  )`,

  `CREATE TABLE targets (
    targetID INTEGER PRIMARY KEY AUTOINCREMENT,
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    tag TEXT NOT NULL,
    targetSummary REAL,
    targetOEE REAL,
    UNIQUE (lineID, tag)
  )`,

  `CREATE TABLE products (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    wrappersPerPackage INTEGER NOT NULL,
    unitsPerWrapper INTEGER NOT NULL,
    unit TEXT,
    performance REAL
  )`,

  `CREATE TABLE product_speeds (
    code TEXT NOT NULL REFERENCES products(code),
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    speed REAL NOT NULL,
    PRIMARY KEY (code, lineID)
  )`,
  `CREATE INDEX product_speeds_line ON product_speeds(lineID)`,

  // Orders ("OP"): status 0 Created, 1 Ready, 2 Finalized; at most one Ready order per line.
  `CREATE TABLE orders (
    "order" TEXT PRIMARY KEY,
    op TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    lot TEXT,
    validation INTEGER NOT NULL DEFAULT 0,
    productCode TEXT REFERENCES products(code),
    productName TEXT,
    startDate INTEGER,
    endDate INTEGER,
    desiredProductionQuantity REAL,
    desiredProductionSpeed REAL,
    productionQuantity REAL NOT NULL DEFAULT 0,
    discardQuantity REAL NOT NULL DEFAULT 0,
    adjustedDiscountTime INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
    shiftStart INTEGER,
    createdBy TEXT,
    createDate INTEGER,
    updatedBy TEXT,
    updateDate INTEGER
  )`,
  `CREATE INDEX orders_line_start ON orders(lineID, startDate)`,
  `CREATE INDEX orders_status ON orders(status, lineID)`,
  `CREATE UNIQUE INDEX orders_one_ready_per_line ON orders(lineID) WHERE status = 1`,

  // The computed indexes of an order (kept current while it runs, final when it ends). Times in milliseconds.
  `CREATE TABLE order_indexes (
    "order" TEXT PRIMARY KEY REFERENCES orders("order") ON DELETE CASCADE,
    lineID INTEGER NOT NULL,
    productionQuantity REAL NOT NULL DEFAULT 0,
    discardQuantity REAL NOT NULL DEFAULT 0,
    productionSpeed REAL,
    staffedTime INTEGER NOT NULL DEFAULT 0,
    discountTime INTEGER NOT NULL DEFAULT 0,
    adjustedDiscountTime INTEGER NOT NULL DEFAULT 0,
    staffedTimeCorrect INTEGER NOT NULL DEFAULT 0,
    runtime INTEGER NOT NULL DEFAULT 0,
    stopTime INTEGER NOT NULL DEFAULT 0,
    failureTime INTEGER NOT NULL DEFAULT 0,
    failureCount INTEGER NOT NULL DEFAULT 0,
    nominalSpeed REAL,
    utilization REAL,
    throughput REAL,
    acceptance REAL,
    oee REAL,
    performance REAL,
    mtbf REAL,
    mttr REAL,
    calculatedAt INTEGER NOT NULL
  )`,
  `CREATE INDEX order_indexes_line ON order_indexes(lineID)`,

  `CREATE TABLE shift_indexes (
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    shiftStart INTEGER NOT NULL,
    shiftEnd INTEGER NOT NULL,
    productionQuantity REAL NOT NULL DEFAULT 0,
    discardQuantity REAL NOT NULL DEFAULT 0,
    staffedTime INTEGER NOT NULL DEFAULT 0,
    discountTime INTEGER NOT NULL DEFAULT 0,
    adjustedDiscountTime INTEGER NOT NULL DEFAULT 0,
    staffedTimeCorrect INTEGER NOT NULL DEFAULT 0,
    runtime INTEGER NOT NULL DEFAULT 0,
    stopTime INTEGER NOT NULL DEFAULT 0,
    failureTime INTEGER NOT NULL DEFAULT 0,
    failureCount INTEGER NOT NULL DEFAULT 0,
    idealUnits REAL,
    utilization REAL,
    throughput REAL,
    acceptance REAL,
    oee REAL,
    mtbf REAL,
    mttr REAL,
    discountShift INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0,
    calculatedAt INTEGER NOT NULL,
    PRIMARY KEY (lineID, shiftStart)
  )`,

  // Production counted per line and minute (deltas of the absolute counters), tagged with the running order.
  `CREATE TABLE production_minutes (
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    minuteStart INTEGER NOT NULL,
    "order" TEXT,
    units REAL NOT NULL DEFAULT 0,
    discards REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (lineID, minuteStart)
  )`,
  `CREATE INDEX production_minutes_order ON production_minutes("order")`,

  `CREATE TABLE production_lots (
    lotID INTEGER PRIMARY KEY AUTOINCREMENT,
    lot TEXT NOT NULL,
    lineID INTEGER REFERENCES lines(lineID),
    "order" TEXT REFERENCES orders("order"),
    productCode TEXT,
    productName TEXT,
    packs REAL NOT NULL DEFAULT 0,
    wrappers REAL NOT NULL DEFAULT 0,
    units REAL NOT NULL DEFAULT 0,
    wrapperType TEXT,
    createDate INTEGER
  )`,
  `CREATE INDEX production_lots_order ON production_lots("order")`,

  `CREATE TABLE stops (
    stopID INTEGER PRIMARY KEY AUTOINCREMENT,
    "order" TEXT REFERENCES orders("order"),
    op TEXT,
    reproceso INTEGER NOT NULL DEFAULT 0,
    lineID INTEGER NOT NULL REFERENCES lines(lineID),
    split INTEGER NOT NULL DEFAULT 0,
    equipmentName TEXT,
    reason TEXT,
    reasonID INTEGER REFERENCES stop_reasons(reasonID),
    root TEXT,
    path TEXT,
    startDate INTEGER NOT NULL,
    endDate INTEGER,
    recognized INTEGER NOT NULL DEFAULT 0,
    observation TEXT,
    maintenanceReason TEXT,
    declaringTime REAL,
    waitingTime REAL,
    maintenanceTime REAL,
    pareto INTEGER NOT NULL DEFAULT 0,
    discountOEE INTEGER NOT NULL DEFAULT 0,
    color TEXT,
    updatedBy TEXT,
    updateDate INTEGER,
    CHECK (endDate IS NULL OR endDate >= startDate)
  )`,
  `CREATE INDEX stops_line_start ON stops(lineID, startDate)`,
  `CREATE INDEX stops_order ON stops("order")`,
  `CREATE INDEX stops_unrecognized ON stops(lineID, recognized) WHERE recognized = 0`,
  `CREATE UNIQUE INDEX stops_one_open_per_line ON stops(lineID) WHERE endDate IS NULL`,

  `CREATE TABLE maintenance_calls (
    callID INTEGER PRIMARY KEY AUTOINCREMENT,
    resourceLineID INTEGER NOT NULL REFERENCES lines(lineID),
    stopID INTEGER REFERENCES stops(stopID),
    status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 4)),
    callReason TEXT,
    message TEXT,
    callDate INTEGER NOT NULL,
    declarationDate INTEGER,
    startDate INTEGER,
    endDate INTEGER,
    updatedBy TEXT,
    updateDate INTEGER
  )`,
  `CREATE INDEX maintenance_calls_line_status ON maintenance_calls(resourceLineID, status)`,

  `CREATE TABLE validation_orders (
    orderID TEXT PRIMARY KEY,
    lot TEXT NOT NULL,
    productCode TEXT NOT NULL,
    createdBy TEXT,
    createDate INTEGER,
    updatedBy TEXT,
    updateDate INTEGER
  )`,

  `CREATE TABLE preload_orders (
    id INTEGER PRIMARY KEY,
    op TEXT NOT NULL,
    cliente TEXT,
    producto TEXT NOT NULL,
    cosecha INTEGER,
    cantidad REAL NOT NULL,
    bolsa TEXT,
    pesoBolsa REAL NOT NULL,
    utilizado INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    updatedBy TEXT,
    updateDate INTEGER
  )`,

  // Diagnostics, kept bounded by the retention job.
  `CREATE TABLE tag_update_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    dateTime INTEGER NOT NULL,
    duration REAL NOT NULL
  )`,
  `CREATE INDEX tag_update_log_time ON tag_update_log(dateTime)`,
  `CREATE TABLE calculation_time_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    dateTime INTEGER NOT NULL,
    duration REAL NOT NULL,
    lines TEXT NOT NULL DEFAULT '[]'
  )`,
  `CREATE INDEX calculation_time_log_time ON calculation_time_log(dateTime)`,

  // Every change to a synced table, written in the same transaction as the change (see db/outbox.ts).
  `CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    entity TEXT NOT NULL,
    entityKey TEXT NOT NULL,
    operation TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
    payload TEXT,
    createdAt INTEGER NOT NULL
  )`,
  `CREATE INDEX outbox_entity_key ON outbox(entity, entityKey)`,

  // Who changed a stop, order or index, when, and the row before and after.
  `CREATE TABLE audit_log (
    auditID INTEGER PRIMARY KEY AUTOINCREMENT,
    entity TEXT NOT NULL,
    entityKey TEXT NOT NULL,
    action TEXT NOT NULL,
    userID TEXT,
    at INTEGER NOT NULL,
    before TEXT,
    after TEXT
  )`,
  `CREATE INDEX audit_log_entity ON audit_log(entity, entityKey)`,
  `CREATE INDEX audit_log_time ON audit_log(at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
