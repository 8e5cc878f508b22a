import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';

/** app_settings key marking a demo plant; its value is the DemoSettings JSON. */
export const DEMO_SETTING = 'demoPlant';

export interface DemoSettings {
  lines: number;
  opcServerID: number;
}

export async function readDemoSettings(db: Database): Promise<DemoSettings | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', DEMO_SETTING).executeTakeFirst();
  return row ? (JSON.parse(row.value) as DemoSettings) : null;
}

export async function writeDemoSettings(trx: Transaction<DB>, settings: DemoSettings): Promise<void> {
  await trx
    .insertInto('app_settings')
    .values({ key: DEMO_SETTING, value: JSON.stringify(settings) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(settings) }))
    .execute();
}

/** True when the database holds no plant yet: no users, no lines, no OPC servers. */
export async function isEmptyPlant(db: Database): Promise<boolean> {
  const count = async (table: 'users' | 'lines' | 'opc_servers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('users')) === 0 && (await count('lines')) === 0 && (await count('opc_servers')) === 0;
}

export async function insertDemoUser(
  trx: Transaction<DB>,
  user: { userID: string; firstName: string; lastName: string; roleID: number; passwordHash: string; now: number },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      userID: user.userID,
      firstName: user.firstName,
      lastName: user.lastName,
      email: `${user.userID}@demo.local`,
      groupID: null,
      passwordHash: user.passwordHash,
      roleID: user.roleID,
      active: 1,
      lockedUntil: null,
      updatedBy: 'demo',
      updateDate: user.now,
    })
    .execute();
}

export async function insertOpcServer(
  trx: Transaction<DB>,
  server: { name: string; description: string; hostName: string },
): Promise<number> {
  const row = await trx
    .insertInto('opc_servers')
    .values({ ...server, serverType: 'UA', enabled: 1, apiKeyHash: null })
    .returning('opcServerID')
    .executeTakeFirstOrThrow();
  return row.opcServerID;
}

export async function insertOpcTag(
  trx: Transaction<DB>,
  tag: { tagName: string; tagType: string; opcServerID: number; tagValue: string },
): Promise<void> {
  await trx.insertInto('opc_tags').values(tag).execute();
}

export async function insertTarget(
  trx: Transaction<DB>,
  target: { lineID: number; tag: string; targetSummary: number; targetOEE: number },
): Promise<void> {
  await trx.insertInto('targets').values(target).execute();
}

export async function insertEquipment(
  trx: Transaction<DB>,
  equipment: { name: string; description: string; lineID: number | null },
): Promise<void> {
  await trx
    .insertInto('equipments')
    .values({ ...equipment, tag: null })
    .execute();
}

export async function insertProductSpeed(trx: Transaction<DB>, speed: { code: string; lineID: number; speed: number }): Promise<void> {
  await trx.insertInto('product_speeds').values(speed).execute();
}

export function demoServerEndpoint(db: Database, opcServerID: number) {
  return db.selectFrom('opc_servers').select(['hostName', 'serverType']).where('opcServerID', '=', opcServerID).executeTakeFirst();
}

/** The demo server's type and endpoint, and its tags' values (by name) for that type, in one transaction. */
export async function setDemoSource(
  db: Database,
  opcServerID: number,
  server: { serverType: 'UA' | 'Modbus' | 'MQTT'; hostName: string },
  tagValues: ReadonlyMap<string, string>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('opc_servers')
      .set({ ...server, securityMode: 'None', securityPolicy: 'None' })
      .where('opcServerID', '=', opcServerID)
      .execute();
    for (const [tagName, tagValue] of tagValues)
      await trx.updateTable('opc_tags').set({ tagValue }).where('tagName', '=', tagName).where('opcServerID', '=', opcServerID).execute();
  });
}

/** The last counter readings the engine stored per line (a restarted demo PLC continues from them). */
export async function lastCounters(db: Database): Promise<Map<number, { units: number; discards: number }>> {
  const rows = await db.selectFrom('line_states').select(['lineID', 'unitsCounter', 'discardsCounter']).execute();
  return new Map(rows.map((row) => [row.lineID, { units: row.unitsCounter ?? 0, discards: row.discardsCounter ?? 0 }]));
}

/** Stops of the demo's history nobody recognized yet (microstops are recognized by the engine itself). */
export function unrecognizedStopsBetween(db: Database, fromMs: number, toMs: number): Promise<{ stopID: number }[]> {
  return db
    .selectFrom('stops')
    .select('stopID')
    .where('recognized', '=', 0)
    .where('startDate', '>=', fromMs)
    .where('startDate', '<', toMs)
    .orderBy('stopID')
    .execute();
}

/** The recognized stops of at least `minMs` that started and ended in [fromMs, toMs), oldest first. */
export function longRecognizedStopsBetween(db: Database, fromMs: number, toMs: number, minMs: number) {
  return db
    .selectFrom('stops')
    .select(['stopID', 'lineID', 'startDate', 'endDate'])
    .where('recognized', '=', 1)
    .where('startDate', '>=', fromMs)
    .where('endDate', '<', toMs)
    .where((eb) => eb('endDate', '-', eb.ref('startDate')), '>=', minMs)
    .orderBy('startDate')
    .execute();
}

/**
 * Forgets what the engine knew of the lines (state, counters, last reading): the live plant then starts as a first
 * reading, with its own counters and no gap charged to the edge for the time before it.
 */
export async function forgetLineStates(db: Database, lineIDs: readonly number[]): Promise<void> {
  await db
    .deleteFrom('line_states')
    .where('lineID', 'in', [...lineIDs])
    .execute();
}
