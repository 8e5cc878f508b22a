import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Row } from '../../edge/src/db/schema';
import type { CentralDatabase, CentralDB } from './central-database';
import { CENTRAL_SCHEMA, centralTableOf, type CentralColumn, type CentralTable, type ColumnKind } from './tables';

/**
 * The central side of a batch: one PostgreSQL transaction holds every change of the batch and the plant's cursor.
 *
 * Why replays and reordering change nothing: a row is only written when the incoming outbox seq (its row_version) is
 * newer than the one stored (`ON CONFLICT … DO UPDATE … WHERE excluded.row_version > t.row_version`), a delete is a
 * tombstone under the same rule (so an old upsert arriving late cannot resurrect the row), and the cursor only moves
 * forward. Why one transaction: if the agent dies or the connection drops mid-batch, nothing of it is visible and
 * the cursor still says where to resume; if it dies after COMMIT but before the edge pruned its outbox, the resend is
 * a replay.
 *
 * Each entity of a batch is written by one statement whose rows arrive as one JSON parameter, expanded by
 * json_to_recordset: the outbox payloads are already JSON, so the agent only concatenates text and PostgreSQL does
 * the typing, in a few statements per batch instead of a statement per row. (json, not jsonb: the text is read once,
 * without building the binary form first — about 40 % faster on a batch of stops.)
 */

export type OutboxRow = Row<'outbox'>;

export interface PlantIdentity {
  plantId: string;
  /** The plant's IANA time zone: the BI views compute local shifts and production days with it. */
  timeZone: string;
  /** The plant's name (the edge's plantName parameter; null: none). Left as stored when not given. */
  name?: string | null;
}

const RECORDSET_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  real: 'double precision',
  boolean: 'integer',
  time: 'double precision',
  json: 'text',
};

const quote = (name: string) => `"${name}"`;
const epochMs = (expression: string) => `(timestamptz 'epoch' + ${expression} * interval '1 millisecond')`;

/** The central value of an edge value `r."column"`. */
function centralValue(column: CentralColumn): string {
  const value = `r.${quote(column.edge)}`;
  switch (column.kind) {
    case 'boolean':
      return `(${value} <> 0)`;
    case 'time':
      return epochMs(value);
    case 'json':
      return `${value}::jsonb`;
    default:
      return value;
  }
}

function recordset(columns: readonly CentralColumn[], extra: string): string {
  return `json_to_recordset($2::json) AS r(${[extra, ...columns.map((c) => `${quote(c.edge)} ${RECORDSET_TYPE[c.kind]}`)].join(', ')})`;
}

const VERSIONED = `row_version = excluded.row_version, deleted_at = excluded.deleted_at, synced_at = excluded.synced_at
  WHERE excluded.row_version > t.row_version`;

interface TableStatements {
  upsert: string;
  tombstone: string;
}

function statementsOf(table: CentralTable): TableStatements {
  const target = `${CENTRAL_SCHEMA}.${quote(table.table)}`;
  const keyColumns = table.key.map((edge) => {
    const column = table.columns.find((c) => c.edge === edge);
    if (!column) throw new Error(`${table.entity}: key ${edge} is not a column`);
    return column;
  });
  const conflict = `ON CONFLICT (plant_id, ${keyColumns.map((c) => quote(c.central)).join(', ')}) DO UPDATE SET`;
  const upsert = `INSERT INTO ${target} AS t (plant_id, ${table.columns.map((c) => quote(c.central)).join(', ')}, row_version, deleted_at, synced_at)
  SELECT $1, ${table.columns.map(centralValue).join(', ')}, r._seq, NULL::timestamptz, now()
  FROM ${recordset(table.columns, '_seq bigint')}
  ${conflict} ${table.columns
    .filter((c) => !table.key.includes(c.edge))
    .map((c) => `${quote(c.central)} = excluded.${quote(c.central)}`)
    .join(', ')}, ${VERSIONED}`;
  const tombstone = `INSERT INTO ${target} AS t (plant_id, ${keyColumns.map((c) => quote(c.central)).join(', ')}, row_version, deleted_at, synced_at)
  SELECT $1, ${keyColumns.map(centralValue).join(', ')}, r._seq, ${epochMs('r._at')}, now()
  FROM ${recordset(keyColumns, '_seq bigint, _at double precision')}
  ${conflict} ${VERSIONED}`;
  return { upsert, tombstone };
}

/** The statements of each table, by the central columns it has (see statementsFor). */
const STATEMENTS = new Map<string, TableStatements>();

/**
 * The statements of an entity's table as the central database has it: only the columns it holds. A central copy not
 * yet migrated to a column an edge already sends (`oee-edge central migrate` runs separately from the edges' upgrades)
 * keeps taking the rest of every row instead of refusing every batch; the column fills from the rows synced after it
 * is added.
 */
function statementsFor(entity: string, existing: ReadonlySet<string>): TableStatements {
  const table = centralTableOf(entity);
  const columns = table.columns.filter((column) => existing.has(column.central));
  const cacheKey = `${entity}\u0000${columns.map((column) => column.central).join(',')}`;
  let statements = STATEMENTS.get(cacheKey);
  if (!statements) {
    statements = statementsOf({ ...table, columns });
    STATEMENTS.set(cacheKey, statements);
  }
  return statements;
}

/** The columns of the central tables of `entities` (one read of the catalog per batch). */
async function centralColumns(trx: Transaction<CentralDB>, entities: readonly string[]): Promise<Map<string, Set<string>>> {
  const tables = entities.map((entity) => centralTableOf(entity).table);
  const result = await trx.executeQuery<{ table_name: string; column_name: string }>(
    CompiledQuery.raw(`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = ANY($2)`, [
      CENTRAL_SCHEMA,
      tables,
    ]),
  );
  const byTable = new Map<string, Set<string>>();
  for (const row of result.rows) {
    let columns = byTable.get(row.table_name);
    if (!columns) byTable.set(row.table_name, (columns = new Set()));
    columns.add(row.column_name);
  }
  return new Map(entities.map((entity) => [entity, byTable.get(centralTableOf(entity).table) ?? new Set()]));
}

/** The JSON record of one outbox row: its payload (or, for a delete, its key) with the seq and time spliced in. */
function recordOf(row: OutboxRow): string {
  const body = row.operation === 'delete' ? row.entityKey : (row.payload ?? '{}');
  const head = row.operation === 'delete' ? `{"_seq":${row.seq},"_at":${row.createdAt}` : `{"_seq":${row.seq}`;
  return body.length > 2 ? `${head},${body.slice(1)}` : `${head}}`;
}

interface EntityRecords {
  upserts: string[];
  deletes: string[];
}

/**
 * The batch as JSON arrays per entity and operation. Only the newest change of each row is kept: it is the row's
 * state after the batch, and PostgreSQL refuses to update the same row twice in one INSERT … ON CONFLICT.
 */
function recordsByEntity(rows: readonly OutboxRow[]): Map<string, EntityRecords> {
  const newest = new Map<string, OutboxRow>();
  for (const row of rows) {
    const id = `${row.entity}\u0000${row.entityKey}`;
    const seen = newest.get(id);
    if (!seen || seen.seq < row.seq) newest.set(id, row);
  }
  const byEntity = new Map<string, EntityRecords>();
  for (const row of newest.values()) {
    centralTableOf(row.entity);
    let records = byEntity.get(row.entity);
    if (!records) byEntity.set(row.entity, (records = { upserts: [], deletes: [] }));
    (row.operation === 'delete' ? records.deletes : records.upserts).push(recordOf(row));
  }
  return byEntity;
}

/** The plant's row: its zone (a change recomputes its local days, migration 0005) and, when given, its name. */
async function registerPlant(trx: Transaction<CentralDB>, plant: PlantIdentity): Promise<void> {
  const name = plant.name === undefined ? {} : { name: plant.name };
  await trx
    .insertInto('oee.plants')
    .values({ plant_id: plant.plantId, time_zone: plant.timeZone, ...name, updated_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('plant_id')
        .doUpdateSet({
          time_zone: (eb) => eb.ref('excluded.time_zone'),
          ...(plant.name === undefined ? {} : { name: (eb) => eb.ref('excluded.name') }),
          updated_at: sql<Date>`now()`,
        })
        .where((eb) =>
          eb.or([
            eb('oee.plants.time_zone', 'is distinct from', eb.ref('excluded.time_zone')),
            ...(plant.name === undefined ? [] : [eb('oee.plants.name', 'is distinct from', eb.ref('excluded.name'))]),
          ]),
        ),
    )
    .execute();
}

async function advanceCursor(trx: Transaction<CentralDB>, plantId: string, lastSeq: number): Promise<void> {
  await trx
    .insertInto('oee.plant_cursors')
    .values({ plant_id: plantId, last_seq: String(lastSeq), updated_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('plant_id')
        .doUpdateSet({ last_seq: (eb) => eb.ref('excluded.last_seq'), updated_at: sql<Date>`now()` })
        .where('oee.plant_cursors.last_seq', '<', (eb) => eb.ref('excluded.last_seq')),
    )
    .execute();
}

/**
 * Applies a batch of outbox rows for a plant in one transaction and answers the highest seq it holds (the new
 * cursor). Any order and any repetition of batches gives the same central rows.
 */
export async function applyBatch(db: CentralDatabase, plant: PlantIdentity, rows: readonly OutboxRow[]): Promise<{ lastSeq: number }> {
  if (rows.length === 0) return { lastSeq: await readCursor(db, plant.plantId) };
  const lastSeq = rows.reduce((max, row) => Math.max(max, row.seq), 0);
  const records = recordsByEntity(rows);
  await db.transaction().execute(async (trx) => {
    await registerPlant(trx, plant);
    const columns = await centralColumns(trx, [...records.keys()]);
    for (const [entity, { upserts, deletes }] of records) {
      const statements = statementsFor(entity, columns.get(entity)!);
      if (upserts.length) await trx.executeQuery(CompiledQuery.raw(statements.upsert, [plant.plantId, `[${upserts.join(',')}]`]));
      if (deletes.length) await trx.executeQuery(CompiledQuery.raw(statements.tombstone, [plant.plantId, `[${deletes.join(',')}]`]));
    }
    await advanceCursor(trx, plant.plantId, lastSeq);
  });
  return { lastSeq };
}

/** The highest outbox seq the central copy holds for a plant (0 before its first batch). */
export async function readCursor(db: Kysely<CentralDB>, plantId: string): Promise<number> {
  const row = await db.selectFrom('oee.plant_cursors').select('last_seq').where('plant_id', '=', plantId).executeTakeFirst();
  return row ? Number(row.last_seq) : 0;
}
