import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../edge/src/db/database';
import { SYNCED_ENTITIES } from '../../edge/src/db/outbox';
import { centralDigest, centralKeyCounts, edgeDigest } from '../../test/support/sync/digest';
import { editHistory, FIXTURE_TZ, openEdgeDatabase, runProduction, writeConfiguration } from '../../test/support/sync/edge-fixture';
import { startTestPostgres, type TestPostgres } from '../../test/support/sync/postgres';
import { applyBatch, readCursor, type OutboxRow } from './apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from './central-database';

/**
 * The central side of a batch on a real PostgreSQL: whatever the order and the repetition of batches, the central
 * rows end equal to the edge's, and the cursor only moves forward.
 */

let postgres: TestPostgres;
let central: CentralDatabase;
let dir: string;
let edge: Database;
/** The whole outbox of a plant with history, as the agent would read it. */
let outbox: OutboxRow[];

const plant = (plantId: string) => ({ plantId, timeZone: FIXTURE_TZ });

function batches(rows: readonly OutboxRow[], size: number): OutboxRow[][] {
  const result: OutboxRow[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/** Every central row of a plant, bookkeeping included (row_version, deleted_at, synced_at): "changes nothing" means this. */
async function snapshot(plantId: string): Promise<string[]> {
  const tables = [...SYNCED_ENTITIES, 'plant_cursors', 'plants'];
  const rows: string[] = [];
  for (const table of tables) {
    const result = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.raw(`oee.${table}`)} t WHERE plant_id = ${plantId}`.execute(
      central,
    );
    rows.push(...result.rows.map((r) => `${table} ${r.row}`).sort());
  }
  return rows;
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  central = openCentral(postgres.url);
  await migrateCentral(central);
  dir = mkdtempSync(join(tmpdir(), 'oee-sync-apply-'));
  edge = await openEdgeDatabase(join(dir, 'oee.db'));
  await writeConfiguration(edge);
  const end = await runProduction(edge, { hours: 10 });
  await editHistory(edge, end);
  outbox = await edge.selectFrom('outbox').selectAll().orderBy('seq').execute();
});

afterAll(async () => {
  await central?.destroy();
  await edge?.destroy();
  await postgres?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('applyBatch', () => {
  it('the fixture writes every synced entity, with updates and deletes', () => {
    const entities = new Set(outbox.map((row) => row.entity));
    expect([...entities].sort()).toEqual([...SYNCED_ENTITIES].sort());
    expect(
      outbox
        .filter((row) => row.operation === 'delete')
        .map((row) => row.entity)
        .sort(),
    ).toEqual([
      'buildings',
      'calendar_breaks',
      'calendar_breaks',
      'calendar_breaks',
      'calendar_exceptions',
      'calendar_exceptions',
      'calendar_exceptions',
      'calendar_exceptions',
      'calendar_shifts',
      'calendar_shifts',
      'calendar_shifts',
      'calendar_shifts',
      'calendar_shifts',
      'calendar_versions',
      'calendar_versions',
      'products',
      'shift_indexes',
      'stop_reasons',
      'stops',
    ]);
  });

  it('batches applied in order leave the central rows equal to the edge (count and content per table), no key twice', async () => {
    for (const batch of batches(outbox, 50)) await applyBatch(central, plant('in-order'), batch);
    const expected = await edgeDigest(edge);
    for (const [table, digest] of Object.entries(expected)) expect(digest.rows, table).toBeGreaterThan(0);
    expect(await centralDigest(central, edge, 'in-order')).toEqual(expected);
    const counts = await centralKeyCounts(central, 'in-order');
    for (const [table, count] of Object.entries(counts)) expect(count.keys, table).toBe(count.rows);
    expect(counts.products!.tombstones).toBe(0); // deleted, then created again under the same code
    expect(counts.buildings!.tombstones).toBe(1);
    expect(await readCursor(central, 'in-order')).toBe(outbox.at(-1)!.seq);
  });

  it('replaying any batch, or all of them, changes nothing — not even row versions, sync times or the cursor', async () => {
    const before = await snapshot('in-order');
    const all = batches(outbox, 50);
    await applyBatch(central, plant('in-order'), all[1]!);
    await applyBatch(central, plant('in-order'), all.at(-1)!);
    for (const batch of all) await applyBatch(central, plant('in-order'), batch);
    expect(await snapshot('in-order')).toEqual(before);
  });

  it('batches sent out of order (last first, then the rest backwards) give the same rows as in order', async () => {
    for (const batch of batches(outbox, 30).reverse()) await applyBatch(central, plant('reversed'), batch);
    expect(await centralDigest(central, edge, 'reversed')).toEqual(await edgeDigest(edge));
    expect(await readCursor(central, 'reversed')).toBe(outbox.at(-1)!.seq);
  });

  it('a late upsert never resurrects a row deleted by a newer change, and a newer insert revives a tombstone', async () => {
    const building = (op: 'upsert' | 'delete', seq: number, name: string): OutboxRow => ({
      seq,
      entity: 'buildings',
      entityKey: '{"buildingId":99}',
      operation: op,
      payload: op === 'upsert' ? JSON.stringify({ buildingId: 99, buildingName: name }) : null,
      createdAt: 1_700_000_000_000 + seq,
    });
    const read = async () =>
      sql<{
        building_name: string | null;
        deleted_at: Date | null;
        row_version: string;
      }>`SELECT building_name, deleted_at, row_version FROM oee.buildings
        WHERE plant_id = 'late' AND building_id = 99`
        .execute(central)
        .then((r) => r.rows[0]);
    await applyBatch(central, plant('late'), [building('delete', 5, '')]);
    await applyBatch(central, plant('late'), [building('upsert', 3, 'old')]);
    expect(await read()).toMatchObject({ building_name: null, row_version: '5', deleted_at: new Date(1_700_000_000_005) });
    await applyBatch(central, plant('late'), [building('upsert', 8, 'new')]);
    expect(await read()).toMatchObject({ building_name: 'new', row_version: '8', deleted_at: null });
    expect(await readCursor(central, 'late')).toBe(8);
  });

  it('several changes of one row in a batch keep the newest, whatever their order in the batch', async () => {
    const change = (seq: number, name: string): OutboxRow => ({
      seq,
      entity: 'products',
      entityKey: '{"code":"X"}',
      operation: 'upsert',
      payload: JSON.stringify({ code: 'X', name, wrappersPerPackage: 1, unitsPerWrapper: 1, unit: null, performance: null }),
      createdAt: seq,
    });
    await applyBatch(central, plant('dupes'), [change(4, 'd'), change(2, 'b'), change(9, 'z'), change(1, 'a')]);
    const { rows } = await sql<{
      name: string;
      row_version: string;
    }>`SELECT name, row_version FROM oee.products WHERE plant_id = 'dupes'`.execute(central);
    expect(rows).toEqual([{ name: 'z', row_version: '9' }]);
  });

  it('a batch that fails applies nothing of itself and leaves the cursor where it was', async () => {
    await applyBatch(central, plant('atomic'), outbox.slice(0, 10));
    const before = await snapshot('atomic');
    const broken: OutboxRow = {
      seq: outbox.at(-1)!.seq + 1,
      entity: 'lines',
      entityKey: '{"lineID":"not a number"}',
      operation: 'upsert',
      payload: '{"lineID":"not a number"}',
      createdAt: 0,
    };
    await expect(applyBatch(central, plant('atomic'), [...outbox.slice(10, 200), broken])).rejects.toThrow();
    expect(await snapshot('atomic')).toEqual(before);
    expect(await readCursor(central, 'atomic')).toBe(outbox[9]!.seq);
  });

  it('an outbox entity the central schema does not hold is refused before anything is written', async () => {
    const row: OutboxRow = {
      seq: 1,
      entity: 'users',
      entityKey: '{"userID":"x"}',
      operation: 'upsert',
      payload: '{"userID":"x"}',
      createdAt: 0,
    };
    await expect(applyBatch(central, plant('unknown'), [row])).rejects.toThrow(/no table for the outbox entity 'users'/);
    expect(await readCursor(central, 'unknown')).toBe(0);
  });
});
