import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKysely, migrateToLatest, openSqlite, syncCommitted, withoutCommitSync, withStatementCache, type Database } from './database';
import { openPlantDatabase } from './installation';
import { startSyncQueue } from './outbox';
import { REASON } from '../domain/stops';
import { DEFAULT_PARAMETERS, seedDatabase, SYSTEM_STOP_REASONS } from './seed';
import { deleteRow, insertRow, updateRow, updateRows } from './writes';

let dir: string;
let db: Database;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oee-db-'));
  db = (await openPlantDatabase(join(dir, 'oee.db'))).db;
  // As on a plant where sync is enabled: the seeded rows reach the outbox as its snapshot, later writes as their own rows.
  await startSyncQueue(db, 0);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('runs with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('commits routine work with synchronous=NORMAL on a connection of its own, every other transaction with FULL, and FULL again after', async () => {
    const synchronous = async (executor: Database) =>
      Object.values((await sql.raw('PRAGMA synchronous').execute(executor)).rows[0] as object)[0];
    let meanwhile: Promise<unknown> = Promise.resolve();
    const inside = await withoutCommitSync(db, async (connection) => {
      // Started while the routine work holds the connection: it waits, and commits with FULL.
      meanwhile = db.transaction().execute(async (trx) => {
        await trx.updateTable('parameters').set({ microStopTime: 41 }).where('id', '=', 1).execute();
        return synchronous(trx);
      });
      return connection.transaction().execute(async (trx) => {
        await trx.updateTable('parameters').set({ gridRefreshTime: 17 }).where('id', '=', 1).execute();
        return synchronous(trx);
      });
    });
    expect(inside).toBe(1);
    expect(await meanwhile).toBe(2);
    expect(await synchronous(db)).toBe(2);
    expect(await db.selectFrom('parameters').select(['gridRefreshTime', 'microStopTime']).executeTakeFirst()).toEqual({
      gridRefreshTime: 17,
      microStopTime: 41,
    });
    await expect(withoutCommitSync(db, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await synchronous(db)).toBe(2);
    // An fsync of the log: the routine commits are durable from here as FULL ones.
    expect(() => syncCommitted(db)).not.toThrow();
  });

  it('a transaction that fills the database fails with SQLITE_FULL (not "cannot rollback"), keeps nothing, and works once there is room', async () => {
    const pages = Number(Object.values((await sql.raw('PRAGMA page_count').execute(db)).rows[0] as object)[0]);
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);
    const fill = () =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i += 1)
          await trx
            .insertInto('buildings')
            .values({ buildingName: `Planta ${i} ${'x'.repeat(2000)}` })
            .execute();
      });
    await expect(fill()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(await db.selectFrom('buildings').selectAll().execute()).toEqual([]);
    // An error of the code itself still rolls back what the transaction wrote.
    await sql.raw(`PRAGMA max_page_count = ${pages * 100}`).execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('buildings').values({ buildingName: 'Planta' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.selectFrom('buildings').selectAll().execute()).toEqual([]);
    await fill();
    expect(await db.selectFrom('buildings').selectAll().execute()).toHaveLength(200);
  });

  it('migrates idempotently: a second run applies nothing and keeps the data', async () => {
    await db.insertInto('buildings').values({ buildingName: 'Planta 1' }).execute();
    expect(await migrateToLatest(db)).toEqual([]);
    const again = openSqlite({ file: join(dir, 'oee.db') });
    const second = createKysely(again);
    expect(await migrateToLatest(second)).toEqual([]);
    expect(await second.selectFrom('buildings').selectAll().execute()).toHaveLength(1);
    await second.destroy();
  });

  it('seeds the system stop reasons 1..9 and the default parameters once', async () => {
    const reasons = await db.selectFrom('stop_reasons').selectAll().orderBy('reasonID').execute();
    expect(reasons.map((r) => r.reasonID)).toEqual(SYSTEM_STOP_REASONS.map((r) => r.reasonID));
    expect(reasons.every((r) => r.systemStop === 1)).toBe(true);
    expect(reasons.find((r) => r.reasonID === 4)?.reason).toBe('OPC desconectado');
    const parameters = await db.selectFrom('parameters').selectAll().execute();
    expect(parameters).toHaveLength(1);
    expect(parameters[0]).toMatchObject({
      microStopTime: DEFAULT_PARAMETERS.microStopTime,
      gridRefreshTime: DEFAULT_PARAMETERS.gridRefreshTime,
    });
    const outbox = await db.selectFrom('outbox').selectAll().where('entity', '=', 'stop_reasons').execute();
    expect(outbox).toHaveLength(SYSTEM_STOP_REASONS.length);
  });

  it("moves a plant's own reason out of the way of a system reason added later, with its children, stops and equipment", async () => {
    // A database seeded before reason 9 existed, where the plant's next reason took id 9.
    await db.deleteFrom('stop_reasons').where('reasonID', '=', REASON.EDGE_DOWN).execute();
    await db.insertInto('stop_reasons').values({ reasonID: 9, parentID: 8, reason: 'Mecánica', isCategory: 1, systemStop: 0 }).execute();
    await db.insertInto('stop_reasons').values({ reasonID: 10, parentID: 9, reason: 'Rotura', isCategory: 0, systemStop: 0 }).execute();
    await db.insertInto('sectors').values({ sectorName: 'S', buildingId: null }).execute();
    await db.insertInto('lines').values({ lineID: 1, sectorID: 1, description: 'L1' }).execute();
    await db
      .insertInto('stops')
      .values({ lineID: 1, startDate: 1000, endDate: 2000, reasonID: 9, rootID: 9, path: 'No planificadas / Mecánica', recognized: 1 })
      .execute();
    await db.insertInto('equipments').values({ name: 'Llenadora', description: 'Llenadora 1', lineID: 1 }).execute();
    await db.insertInto('equipment_stop_reasons').values({ equipmentID: 1, reasonID: 9 }).execute();

    await seedDatabase(db);

    const moved = await db.selectFrom('stop_reasons').selectAll().where('reason', '=', 'Mecánica').executeTakeFirstOrThrow();
    expect(moved.reasonID).toBeGreaterThan(10);
    expect(moved).toMatchObject({ parentID: 8, isCategory: 1, systemStop: 0 });
    expect(await db.selectFrom('stop_reasons').select('parentID').where('reasonID', '=', 10).executeTakeFirst()).toEqual({
      parentID: moved.reasonID,
    });
    expect(await db.selectFrom('stops').select(['reasonID', 'rootID', 'path']).executeTakeFirst()).toEqual({
      reasonID: moved.reasonID,
      rootID: moved.reasonID,
      path: 'No planificadas / Mecánica',
    });
    expect(await db.selectFrom('equipment_stop_reasons').select('reasonID').executeTakeFirst()).toEqual({ reasonID: moved.reasonID });
    expect(
      await db.selectFrom('stop_reasons').select(['reason', 'systemStop', 'parentID']).where('reasonID', '=', 9).executeTakeFirst(),
    ).toEqual({
      reason: 'Edge fuera de servicio',
      systemStop: 1,
      parentID: REASON.SYSTEM,
    });
    // The central copy hears of each move: the old key deleted, the new one and the stop upserted.
    const outbox = await db.selectFrom('outbox').select(['entity', 'entityKey', 'operation']).where('seq', '>', 9).orderBy('seq').execute();
    expect(outbox).toEqual(
      expect.arrayContaining([
        { entity: 'stop_reasons', entityKey: JSON.stringify({ reasonID: moved.reasonID }), operation: 'upsert' },
        { entity: 'stops', entityKey: JSON.stringify({ stopID: 1 }), operation: 'upsert' },
        { entity: 'stop_reasons', entityKey: JSON.stringify({ reasonID: 9 }), operation: 'delete' },
        { entity: 'stop_reasons', entityKey: JSON.stringify({ reasonID: 9 }), operation: 'upsert' },
      ]),
    );
  });

  it('keeps one open stop per line and one Ready order per line', async () => {
    await db.insertInto('sectors').values({ sectorName: 'S', buildingId: null }).execute();
    await db
      .insertInto('lines')
      .values({
        lineID: 1,
        sectorID: 1,
        description: 'L1',
        calculationBaliza: null,
        calculationUnits: null,
        calculationDiscards: null,
        fixedThroughput: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    const stop = {
      lineID: 1,
      startDate: 1000,
      endDate: null,
      order: null,
      op: null,
      equipmentName: null,
      reason: null,
      reasonID: null,
      root: null,
      path: null,
      observation: null,
      maintenanceReason: null,
      declaringTime: null,
      waitingTime: null,
      maintenanceTime: null,
      color: null,
      updatedBy: null,
      updateDate: null,
    };
    await db.insertInto('stops').values(stop).execute();
    await expect(
      db
        .insertInto('stops')
        .values({ ...stop, startDate: 2000 })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    const order = {
      lineID: 1,
      op: null,
      lot: null,
      productCode: null,
      productName: null,
      startDate: 0,
      endDate: null,
      desiredProductionQuantity: null,
      desiredProductionSpeed: null,
      shiftStart: null,
      createdBy: null,
      createDate: null,
      updatedBy: null,
      updateDate: null,
      status: 1 as const,
    };
    await db
      .insertInto('orders')
      .values({ ...order, order: '1-0-RP' })
      .execute();
    await expect(
      db
        .insertInto('orders')
        .values({ ...order, order: '2-0-RP' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("moves the acquisition's configuration version at every write to what the acquisition reads, and only then", async () => {
    const version = async () => (await db.selectFrom('acquisition_config_version').select('version').executeTakeFirstOrThrow()).version;
    const moves = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) - before;
    };
    await db.insertInto('sectors').values({ sectorName: 'S', buildingId: null }).execute();
    const line = {
      lineID: 1,
      sectorID: 1,
      description: 'L1',
      calculationBaliza: null,
      calculationUnits: null,
      calculationDiscards: null,
      fixedThroughput: null,
      updatedBy: null,
      updateDate: null,
    };
    expect(await moves(() => db.insertInto('lines').values(line).execute())).toBe(1);
    expect(await moves(() => db.updateTable('lines').set({ calculationUnits: 'A' }).execute())).toBe(1);
    expect(await moves(() => db.updateTable('lines').set({ description: 'Línea 1' }).execute())).toBe(0);
    const server = {
      name: 'S',
      description: null,
      hostName: 'opc.tcp://plc:4840',
      serverType: 'UA' as const,
      enabled: 1 as const,
      apiKeyHash: null,
    };
    expect(await moves(() => db.insertInto('opc_servers').values(server).execute())).toBe(1);
    expect(
      await moves(() =>
        db.insertInto('opc_tags').values({ tagName: 'A', tagType: 'Double', opcServerID: 1, tagValue: 'ns=1;s=A' }).execute(),
      ),
    ).toBe(1);
    expect(await moves(() => db.updateTable('opc_tags').set({ tagValue: 'ns=1;s=B' }).execute())).toBe(1);
    expect(await moves(() => db.deleteFrom('opc_tags').execute())).toBe(1);
    expect(await moves(() => db.updateTable('opc_servers').set({ enabled: 0 }).execute())).toBe(1);
    expect(await moves(() => db.updateTable('parameters').set({ oeeCalculationRefresh: 5 }).execute())).toBe(1);
    expect(await moves(() => db.updateTable('parameters').set({ microStopTime: 30 }).execute())).toBe(0);
    expect(await moves(() => db.deleteFrom('lines').execute())).toBe(1);
  });
});

describe('the write chokepoint', () => {
  const ctx = { userID: 'ana', now: 1_700_000_000_000 };

  it('writes an outbox row for a synced table and an audit row for an audited one, in the same transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await insertRow(trx, 'sectors', { sectorName: 'Envasado', buildingId: null }, ['sectorID'], ctx);
    });
    const outbox = await db.selectFrom('outbox').selectAll().where('entity', '=', 'sectors').execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ entityKey: '{"sectorID":1}', operation: 'upsert', createdAt: ctx.now });
    expect(JSON.parse(outbox[0]!.payload!)).toEqual({ sectorID: 1, sectorName: 'Envasado', buildingId: null });

    await db.transaction().execute(async (trx) => {
      await insertRow(trx, 'lines', { lineID: 7, sectorID: 1, description: 'L7' }, ['lineID'], ctx);
      await insertRow(trx, 'orders', { order: '100-0-RP', lineID: 7 }, ['order'], ctx);
      await updateRow(trx, 'orders', { order: '100-0-RP' }, { lot: 'L-1' }, { ...ctx, action: 'assignLot' });
      await deleteRow(trx, 'orders', { order: '100-0-RP' }, ctx);
    });
    const audit = await db.selectFrom('audit_log').selectAll().orderBy('auditID').execute();
    expect(audit.map((a) => a.action)).toEqual(['insert', 'assignLot', 'delete']);
    expect(JSON.parse(audit[1]!.before!).lot).toBeNull();
    expect(JSON.parse(audit[1]!.after!).lot).toBe('L-1');
    expect(audit[2]!.after).toBeNull();
    const orderChanges = await db.selectFrom('outbox').select(['operation', 'seq']).where('entity', '=', 'orders').orderBy('seq').execute();
    expect(orderChanges.map((o) => o.operation)).toEqual(['upsert', 'upsert', 'delete']);
  });

  it('updates several rows in one go with the outbox and audit rows of each, as updateRow one by one would', async () => {
    await db.transaction().execute(async (trx) => {
      await insertRow(trx, 'sectors', { sectorName: 'S', buildingId: null }, ['sectorID'], ctx);
      for (const lineID of [1, 2, 3]) {
        await insertRow(trx, 'lines', { lineID, sectorID: 1, description: `L${lineID}` }, ['lineID'], ctx);
        await insertRow(trx, 'orders', { order: `${lineID}00-0-RP`, lineID }, ['order'], ctx);
      }
    });
    const seq = (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('seq').as('last'))
        .executeTakeFirstOrThrow()
    ).last;
    const auditID = (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('auditID').as('last'))
        .executeTakeFirstOrThrow()
    ).last;
    const rows = await db.selectFrom('orders').selectAll().where('lineID', 'in', [1, 3]).orderBy('lineID').execute();
    const written = await db.transaction().execute((trx) =>
      updateRows(
        trx,
        'orders',
        [
          { key: { order: '300-0-RP' }, values: { lot: 'L-3', desiredProductionQuantity: 30 }, current: rows[1]! },
          { key: { order: '100-0-RP' }, values: { lot: 'L-1', desiredProductionQuantity: 10.5 }, current: rows[0]! },
          { key: { order: 'gone' }, values: { lot: 'L-9', desiredProductionQuantity: null }, current: rows[0]! },
        ],
        { ...ctx, action: 'assignLot' },
      ),
    );
    expect(written.map((row) => row && [row.order, row.lot, row.desiredProductionQuantity])).toEqual([
      ['300-0-RP', 'L-3', 30],
      ['100-0-RP', 'L-1', 10.5],
      undefined,
    ]);
    expect(await db.selectFrom('orders').select(['order', 'lot']).orderBy('order').execute()).toEqual([
      { order: '100-0-RP', lot: 'L-1' },
      { order: '200-0-RP', lot: null },
      { order: '300-0-RP', lot: 'L-3' },
    ]);
    const outbox = await db.selectFrom('outbox').selectAll().where('seq', '>', seq!).orderBy('seq').execute();
    expect(outbox.map((o) => [o.entityKey, o.operation, JSON.parse(o.payload!).lot])).toEqual([
      ['{"order":"300-0-RP"}', 'upsert', 'L-3'],
      ['{"order":"100-0-RP"}', 'upsert', 'L-1'],
    ]);
    const audit = await db.selectFrom('audit_log').selectAll().where('auditID', '>', auditID!).orderBy('auditID').execute();
    expect(audit.map((a) => [a.entityKey, a.action, a.userID, JSON.parse(a.before!).lot, JSON.parse(a.after!).lot])).toEqual([
      ['{"order":"300-0-RP"}', 'assignLot', 'ana', null, 'L-3'],
      ['{"order":"100-0-RP"}', 'assignLot', 'ana', null, 'L-1'],
    ]);
  });

  it('leaves neither the change nor its outbox and audit rows when the transaction rolls back', async () => {
    await db.insertInto('sectors').values({ sectorName: 'S', buildingId: null }).execute();
    const before = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await insertRow(trx, 'lines', { lineID: 9, sectorID: 1, description: 'L9' }, ['lineID'], ctx);
        throw new Error('power cut');
      }),
    ).rejects.toThrow('power cut');
    expect(await db.selectFrom('lines').selectAll().execute()).toEqual([]);
    const after = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('the statement cache', () => {
  it('reuses a prepared statement for the same SQL and drops the least recently used beyond its capacity', () => {
    const sqlite = openSqlite({ file: ':memory:' });
    const cached = withStatementCache(sqlite, 2);
    const first = cached.prepare('SELECT 1');
    expect(cached.prepare('SELECT 1')).toBe(first);
    cached.prepare('SELECT 2');
    cached.prepare('SELECT 1'); // used again: now the most recent
    cached.prepare('SELECT 3'); // evicts SELECT 2
    expect(cached.prepare('SELECT 1')).toBe(first);
    expect(cached.prepare('SELECT 3').all([])).toEqual([{ 3: 3 }]);
    cached.close();
  });
});
