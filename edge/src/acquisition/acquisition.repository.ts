import { sql } from 'kysely';
import type { Database } from '../db/database';
import { prepared } from '../db/prepared';
import { openSecret } from '../db/secrets';

/** What the acquisition reads of the configuration: servers, tags, line scripts and the calculation period. */
export interface AcquisitionConfig {
  servers: ServerDefinition[];
  tags: { tagID: number; tagName: string; tagType: string; opcServerID: number; tagValue: string }[];
  lines: { lineID: number; calculationBaliza: string | null; calculationUnits: string | null; calculationDiscards: string | null }[];
  /** Seconds between calculation passes over every line (parameters.oeeCalculationRefresh). */
  refreshSeconds: number;
}

/** A configured server as the acquisition reads it (the Modbus and MQTT settings: migration 0021). */
export type ServerDefinition = UaSecurity & {
  opcServerID: number;
  name: string;
  hostName: string;
  serverType: 'UA' | 'DA' | 'API' | 'MQTT' | 'Modbus';
  enabled: boolean;
  unitId: number | null;
  pollingMs: number | null;
  clientId: string | null;
  caCertificate: string | null;
};

/** How the edge connects to an OPC UA server: message security and the identity it signs in with (none: anonymous). */
export interface UaSecurity {
  securityMode: 'None' | 'Sign' | 'SignAndEncrypt';
  securityPolicy: 'None' | 'Basic256Sha256' | 'Aes128_Sha256_RsaOaep' | 'Aes256_Sha256_RsaPss';
  userName: string | null;
  password: string | null;
}

/** The counter every change to the acquisition's configuration moves (triggers of migration 0005). */
const configVersion = prepared((db) => db.selectFrom('acquisition_config_version').select('version').where('id', '=', 1));

export async function acquisitionConfigVersion(db: Database): Promise<number> {
  return (await configVersion.executeTakeFirst(db, {}))?.version ?? 0;
}

export async function loadAcquisitionConfig(db: Database): Promise<AcquisitionConfig> {
  const [servers, tags, lines, parameters] = await Promise.all([
    db
      .selectFrom('opc_servers')
      .select([
        'opcServerID',
        'name',
        'hostName',
        'serverType',
        'enabled',
        'securityMode',
        'securityPolicy',
        'userName',
        'password',
        'unitId',
        'pollingMs',
        'clientId',
        'caCertificate',
      ])
      .orderBy('opcServerID')
      .execute(),
    db.selectFrom('opc_tags').select(['tagID', 'tagName', 'tagType', 'opcServerID', 'tagValue']).orderBy('tagID').execute(),
    db.selectFrom('lines').select(['lineID', 'calculationBaliza', 'calculationUnits', 'calculationDiscards']).orderBy('lineID').execute(),
    db.selectFrom('parameters').select('oeeCalculationRefresh').where('id', '=', 1).executeTakeFirst(),
  ]);
  return {
    servers: servers.map((server) => ({ ...server, enabled: server.enabled === 1, password: openSecret(db, server.password) })),
    tags,
    lines,
    refreshSeconds: parameters?.oeeCalculationRefresh ?? 10,
  };
}

export function findOpcServer(db: Database, opcServerID: number) {
  return db
    .selectFrom('opc_servers')
    .select(['opcServerID', 'name', 'serverType', 'apiKeyHash'])
    .where('opcServerID', '=', opcServerID)
    .executeTakeFirst();
}

export async function setApiKeyHash(db: Database, opcServerID: number, apiKeyHash: string | null): Promise<number> {
  const result = await db.updateTable('opc_servers').set({ apiKeyHash }).where('opcServerID', '=', opcServerID).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The stored state of these Modbus counters (migration 0024), by source. */
export async function loadCounterStates(
  db: Database,
  sources: readonly string[],
): Promise<Map<string, { lastRaw: number; wrapOffset: number }>> {
  const states = new Map<string, { lastRaw: number; wrapOffset: number }>();
  // SQLite takes up to 32,766 parameters in a statement; a server's counters are read in slices well below that.
  for (let start = 0; start < sources.length; start += 500) {
    const rows = await db
      .selectFrom('modbus_counters')
      .select(['source', 'lastRaw', 'wrapOffset'])
      .where('source', 'in', sources.slice(start, start + 500))
      .execute();
    for (const row of rows) states.set(row.source, { lastRaw: row.lastRaw, wrapOffset: row.wrapOffset });
  }
  return states;
}

/** Stores the state of these Modbus counters, all in one statement (a server saves its counters together, each minute). */
export async function saveCounterStates(
  db: Database,
  states: readonly { source: string; lastRaw: number; wrapOffset: number }[],
  updatedAt: number,
): Promise<void> {
  if (states.length > 0) await saveCounterStatesQuery.execute(db, { rows: JSON.stringify(states), updatedAt });
}

/** `WHERE true`: SQLite needs it to read ON CONFLICT after INSERT … SELECT. */
const saveCounterStatesQuery = prepared(
  (_db, p: { rows: string; updatedAt: number }) => sql`
    INSERT INTO modbus_counters (source, lastRaw, wrapOffset, updatedAt)
    SELECT value ->> 'source', value ->> 'lastRaw', value ->> 'wrapOffset', ${p.updatedAt}
    FROM jsonb_each(jsonb(${p.rows})) WHERE true
    ON CONFLICT (source) DO UPDATE SET lastRaw = excluded.lastRaw, wrapOffset = excluded.wrapOffset, updatedAt = excluded.updatedAt`,
);
