import { sql, type Kysely } from 'kysely';

/**
 * acquisition_config_version: one counter that every change to what the acquisition reads moves (OPC servers, OPC
 * tags, line scripts, the calculation period), kept by triggers, so a write by any module, connection or tool counts.
 * The acquisition polls this one row and loads the configuration only when it moved, instead of loading thousands of
 * tags to compare them.
 */
const WATCHED: Array<{ table: string; update: string }> = [
  { table: 'opc_servers', update: 'UPDATE' },
  { table: 'opc_tags', update: 'UPDATE' },
  { table: 'lines', update: 'UPDATE OF calculationBaliza, calculationUnits, calculationDiscards' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TABLE acquisition_config_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`).execute(db);
  await sql.raw(`INSERT INTO acquisition_config_version (id, version) VALUES (1, 0)`).execute(db);
  const bump = 'BEGIN UPDATE acquisition_config_version SET version = version + 1 WHERE id = 1; END';
  for (const { table, update } of WATCHED) {
    for (const [event, name] of [
      ['INSERT', 'insert'],
      ['DELETE', 'delete'],
      [update, 'update'],
    ] as const) {
      await sql.raw(`CREATE TRIGGER ${table}_${name}_acquisition_config AFTER ${event} ON ${table} ${bump}`).execute(db);
    }
  }
  await sql
    .raw(`CREATE TRIGGER parameters_update_acquisition_config AFTER UPDATE OF oeeCalculationRefresh ON parameters ${bump}`)
    .execute(db);
}
