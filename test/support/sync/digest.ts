import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../edge/src/db/database';
import { SYNCED_ENTITIES, type SyncedEntity } from '../../../edge/src/db/outbox';
import type { CentralDatabase } from '../../../sync/central/central-database';
import { centralColumnOf, centralTableOf, type ColumnKind } from '../../../sync/central/tables';

/**
 * Count and content hash of each synced table, on the edge and in the central copy, for the tests (imported by tests
 * and the benchmark only). Both sides are reduced to the same canonical text per row — the edge's values in the
 * edge's column order (epoch ms for times, 0/1 for booleans, JSON re-serialised) — so equal digests mean equal
 * rows. The edge side lists its columns from SQLite itself (PRAGMA table_info), not from the mapping under test: an
 * edge column without a central column fails here.
 */

export interface TableDigest {
  rows: number;
  md5: string;
}

export type Digest = Record<SyncedEntity, TableDigest>;

type Value = string | number | null;

function canonical(value: unknown, kind: ColumnKind): Value {
  if (value === null || value === undefined) return null;
  if (kind === 'json') return JSON.stringify(typeof value === 'string' ? JSON.parse(value) : value);
  if (typeof value === 'bigint') return Number(value);
  return value as Value;
}

function digestOf(lines: string[]): TableDigest {
  const hash = createHash('md5');
  for (const line of [...lines].sort()) hash.update(`${line}\n`);
  return { rows: lines.length, md5: hash.digest('hex') };
}

async function edgeColumns(db: Database, entity: SyncedEntity): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${entity}) ORDER BY cid`.execute(db);
  return rows.map((row) => row.name);
}

/** The canonical rows of an edge table. */
export async function edgeRows(db: Database, entity: SyncedEntity): Promise<string[]> {
  const table = centralTableOf(entity);
  const columns = (await edgeColumns(db, entity)).map((name) => centralColumnOf(table, name));
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(entity)}`.execute(db);
  return rows.map((row) => JSON.stringify(columns.map((column) => canonical(row[column.edge], column.kind))));
}

/** How each kind of central column is read back as the edge stores it. */
function edgeValueOf(column: string, kind: ColumnKind): string {
  const ref = `"${column}"`;
  switch (kind) {
    case 'boolean':
      return `CASE WHEN ${ref} THEN 1 WHEN NOT ${ref} THEN 0 END`;
    case 'time':
      return `(extract(epoch FROM ${ref}) * 1000)::float8`;
    case 'json':
      return `${ref}::text`;
    case 'text':
      return ref;
    default:
      return `${ref}::float8`;
  }
}

/** The canonical live rows (no tombstones) of a plant in a central table, in the edge's column order. */
export async function centralRows(central: CentralDatabase, edge: Database, plantId: string, entity: SyncedEntity): Promise<string[]> {
  const table = centralTableOf(entity);
  const columns = (await edgeColumns(edge, entity)).map((name) => centralColumnOf(table, name));
  const select = columns.map((column, i) => `${edgeValueOf(column.central, column.kind)} AS c${i}`).join(', ');
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.raw(select)} FROM ${sql.raw(`oee."${table.table}"`)}
    WHERE plant_id = ${plantId} AND deleted_at IS NULL`.execute(central);
  return rows.map((row) => JSON.stringify(columns.map((column, i) => canonical(row[`c${i}`], column.kind))));
}

export async function edgeDigest(db: Database): Promise<Digest> {
  const digest = {} as Digest;
  for (const entity of SYNCED_ENTITIES) digest[entity] = digestOf(await edgeRows(db, entity));
  return digest;
}

export async function centralDigest(central: CentralDatabase, edge: Database, plantId: string): Promise<Digest> {
  const digest = {} as Digest;
  for (const entity of SYNCED_ENTITIES) digest[entity] = digestOf(await centralRows(central, edge, plantId, entity));
  return digest;
}

/** Rows of a plant per central table, tombstones included, and how many distinct keys they hold (equal: no duplicates). */
export async function centralKeyCounts(
  central: CentralDatabase,
  plantId: string,
): Promise<Record<string, { rows: number; keys: number; tombstones: number }>> {
  const counts: Record<string, { rows: number; keys: number; tombstones: number }> = {};
  for (const entity of SYNCED_ENTITIES) {
    const table = centralTableOf(entity);
    const key = table.key.map((edge) => `"${centralColumnOf(table, edge).central}"`).join(', ');
    const { rows } = await sql<{ rows: string; keys: string; tombstones: string }>`SELECT count(*) AS rows,
        count(DISTINCT (${sql.raw(key)})) AS keys, count(*) FILTER (WHERE deleted_at IS NOT NULL) AS tombstones
      FROM ${sql.raw(`oee."${table.table}"`)} WHERE plant_id = ${plantId}`.execute(central);
    counts[entity] = { rows: Number(rows[0]!.rows), keys: Number(rows[0]!.keys), tombstones: Number(rows[0]!.tombstones) };
  }
  return counts;
}
