import { sql, type Kysely } from 'kysely';

/**
 * MQTT and Modbus TCP servers (issue 30) and the edge's own MQTT publishing.
 *
 * opc_servers: the server types 'MQTT' and 'Modbus' join 'UA', 'DA' and 'API'. The type's CHECK constraint is part
 * of the table, and SQLite changes a constraint only by building the table anew; opc_tags references opc_servers, so
 * both are rebuilt, the new tags table referencing the new servers table (renaming it renames the reference), with
 * their index and the acquisition's configuration-version triggers (migration 0005) made again. New server columns:
 *   unitId      the Modbus unit (slave) id, 0..255 (null: 1)
 *   pollingMs   how often a Modbus server is read (null: 1,000 ms)
 *   clientId    the MQTT client id (null: one made from the server's id)
 *   caCertificate  the PEM certificate(s) an mqtts:// broker's certificate must chain to (null: the system's)
 * The broker's user name and password are userName and password, write-only as for OPC UA.
 *
 * parameters: where and how the edge publishes its lines' state and figures (publishing off until enabled).
 */
const serverColumns = `opcServerID INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    description TEXT,
    hostName TEXT NOT NULL,
    serverType TEXT NOT NULL CHECK (serverType IN ('UA', 'DA', 'API', 'MQTT', 'Modbus')),
    enabled INTEGER NOT NULL DEFAULT 1,
    apiKeyHash TEXT,
    securityMode TEXT NOT NULL DEFAULT 'None',
    securityPolicy TEXT NOT NULL DEFAULT 'None',
    userName TEXT,
    password TEXT,
    unitId INTEGER CHECK (unitId BETWEEN 0 AND 255),
    pollingMs INTEGER CHECK (pollingMs BETWEEN 100 AND 3600000),
    clientId TEXT,
    caCertificate TEXT`;
const copiedServerColumns =
  'opcServerID, name, description, hostName, serverType, enabled, apiKeyHash, securityMode, securityPolicy, userName, password';

const statements = [
  `CREATE TABLE opc_servers_new (${serverColumns})`,
  `INSERT INTO opc_servers_new (${copiedServerColumns}) SELECT ${copiedServerColumns} FROM opc_servers`,
  `CREATE TABLE opc_tags_new (
    tagID INTEGER PRIMARY KEY AUTOINCREMENT,
    tagName TEXT NOT NULL UNIQUE,
    tagType TEXT NOT NULL,
    opcServerID INTEGER NOT NULL REFERENCES opc_servers_new(opcServerID),
    tagValue TEXT NOT NULL
  )`,
  `INSERT INTO opc_tags_new (tagID, tagName, tagType, opcServerID, tagValue) SELECT tagID, tagName, tagType, opcServerID, tagValue FROM opc_tags`,
  `DROP TABLE opc_tags`,
  `DROP TABLE opc_servers`,
  `ALTER TABLE opc_servers_new RENAME TO opc_servers`,
  `ALTER TABLE opc_tags_new RENAME TO opc_tags`,
  `CREATE INDEX opc_tags_server ON opc_tags(opcServerID)`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishEnabled INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishUrl TEXT`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishPrefix TEXT`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishClientId TEXT`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishUserName TEXT`,
  `ALTER TABLE parameters ADD COLUMN mqttPublishPassword TEXT`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  // The triggers of migration 0005 went with the old tables.
  const bump = 'BEGIN UPDATE acquisition_config_version SET version = version + 1 WHERE id = 1; END';
  for (const table of ['opc_servers', 'opc_tags']) {
    for (const [event, name] of [
      ['INSERT', 'insert'],
      ['DELETE', 'delete'],
      ['UPDATE', 'update'],
    ] as const) {
      await sql.raw(`CREATE TRIGGER ${table}_${name}_acquisition_config AFTER ${event} ON ${table} ${bump}`).execute(db);
    }
  }
}
