import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { shiftOf } from '../domain/calendar';
import { refreshOpenIndexes } from '../modules/engine';
import { addLine, HOUR, openTestPlant, seenSince, trailCounts, type TestPlant } from '../../../test/support/test-plant';
import type { Database } from './database';
import { keyText, startSyncQueue, SYNCED_ENTITIES, SYNCED_KEYS, syncQueueStarted } from './outbox';
import { DAY_MS } from '../domain/time';
import { pruneExpiredRows } from './retention';
import { insertRow, updateRow } from './writes';

const TZ = 'Europe/Madrid';
const NOW = Date.parse('2026-11-24T12:00:00Z');
let store: TestPlant | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

async function open(syncQueue: boolean): Promise<Database> {
  store = await openTestPlant({ syncQueue });
  return store.db;
}

const ids = async (db: Database, table: 'audit_log' | 'tag_update_log' | 'calculation_time_log') =>
  (await sql<{ id: number }>`SELECT rowid AS id FROM ${sql.table(table)} ORDER BY rowid`.execute(db)).rows.map((row) => row.id);

describe('retention', () => {
  it('prunes exactly the audit and diagnostics rows older than their parameter, in batches, and nothing else', async () => {
    const db = await open(true);
    const auditCut = NOW - 730 * DAY_MS;
    const diagnosticsCut = NOW - 30 * DAY_MS;
    // Seven audit rows before the cut, one exactly at it and one after: only the seven go.
    const auditTimes = [...Array.from({ length: 7 }, (_, i) => auditCut - (i + 1) * 1000), auditCut, NOW];
    for (const at of auditTimes)
      await db
        .insertInto('audit_log')
        .values({ entity: 'stops', entityKey: '{"stopID":1}', action: 'recognize', userID: 'ana', at, before: null, after: null })
        .execute();
    for (const dateTime of [diagnosticsCut - 1, diagnosticsCut, NOW]) {
      await db.insertInto('tag_update_log').values({ dateTime, duration: 5 }).execute();
      await db.insertInto('calculation_time_log').values({ dateTime, duration: 5, lines: '[]' }).execute();
    }
    // Notifications sent or given up go with the diagnostics; one still pending stays, however old.
    const send = (dueAt: number, status: 'sent' | 'failed' | 'pending', round: number) =>
      db
        .insertInto('notification_sends')
        .values({
          eventKind: 'stop',
          eventID: 1,
          lineID: 1,
          groupID: 1,
          channel: 1,
          recipient: '5',
          userID: null,
          round,
          dueAt,
          subject: 's',
          body: 'b',
          status,
          nextAttemptAt: dueAt,
          sentAt: null,
          lastError: null,
        })
        .execute();
    await send(diagnosticsCut - 3, 'sent', 0);
    await send(diagnosticsCut - 2, 'failed', 1);
    await send(diagnosticsCut - 1, 'pending', 2);
    await send(NOW, 'sent', 3);
    const pruned = await pruneExpiredRows(db, NOW, { audit: 730, diagnostics: 30, outbox: 30 }, 3);
    expect(pruned).toMatchObject({ audit: 7, tagUpdates: 1, calculationTimes: 1, outbox: 0, notificationSends: 2 });
    expect((await db.selectFrom('notification_sends').select('round').orderBy('round').execute()).map((row) => row.round)).toEqual([2, 3]);
    // The audit's 7 rows in batches of 3 take three DELETEs (3, 3, 1); each other table one.
    expect(pruned.batches).toBe(3 + 1 + 1 + 1 + 1);
    expect((await db.selectFrom('audit_log').select('at').orderBy('at').execute()).map((row) => row.at)).toEqual([auditCut, NOW]);
    expect((await db.selectFrom('tag_update_log').select('dateTime').orderBy('dateTime').execute()).map((row) => row.dateTime)).toEqual([
      diagnosticsCut,
      NOW,
    ]);
    expect(
      (await db.selectFrom('calculation_time_log').select('dateTime').orderBy('dateTime').execute()).map((row) => row.dateTime),
    ).toEqual([diagnosticsCut, NOW]);
    // A shorter parameter prunes more; run again with the same one prunes nothing.
    expect(await pruneExpiredRows(db, NOW, { audit: 730, diagnostics: 30, outbox: 30 }, 3)).toMatchObject({
      audit: 0,
      tagUpdates: 0,
      calculationTimes: 0,
      outbox: 0,
    });
    expect(await ids(db, 'audit_log')).toHaveLength(2);
    expect(await pruneExpiredRows(db, NOW + DAY_MS, { audit: 1, diagnostics: 1, outbox: 30 })).toMatchObject({
      audit: 1,
      tagUpdates: 1,
      calculationTimes: 1,
    });
  });

  it('drops outbox rows past retention only when a newer row of the same table row follows: nothing the central copy needs is lost', async () => {
    const db = await open(true);
    const old = NOW - 31 * DAY_MS;
    const write = (now: number, sectorName: string, sectorID?: number) =>
      db
        .transaction()
        .execute((trx) =>
          sectorID
            ? updateRow(trx, 'sectors', { sectorID }, { sectorName }, { userID: 'ana', now })
            : insertRow(trx, 'sectors', { sectorName, buildingId: null }, ['sectorID'], { userID: 'ana', now }),
        );
    await write(old, 'A'); // sector 1: superseded below
    await write(old, 'B'); // sector 2: old, but its latest version
    await write(old + 1, 'A2', 1); // old, latest of sector 1
    await write(NOW - DAY_MS, 'C'); // sector 3: recent
    await write(NOW - DAY_MS, 'C2', 3); // recent, supersedes a recent row: kept until it is old
    const before = await db
      .selectFrom('outbox')
      .select(['seq', 'entityKey', 'payload'])
      .where('entity', '=', 'sectors')
      .orderBy('seq')
      .execute();
    const pruned = await pruneExpiredRows(db, NOW, { audit: 730, diagnostics: 30, outbox: 30 }, 2);
    expect(pruned.outbox).toBe(1);
    const after = await db
      .selectFrom('outbox')
      .select(['seq', 'entityKey', 'payload'])
      .where('entity', '=', 'sectors')
      .orderBy('seq')
      .execute();
    expect(after).toEqual(before.slice(1));
    expect(after.map((row) => JSON.parse(row.payload!).sectorName)).toEqual(['B', 'A2', 'C', 'C2']);
  });

  it('empties the outbox in batches while sync was never enabled (rows of an older version), and keeps a snapshot taken later', async () => {
    const db = await open(false);
    for (let i = 0; i < 5; i += 1)
      await db
        .insertInto('outbox')
        .values({ entity: 'sectors', entityKey: `{"sectorID":${i}}`, operation: 'upsert', payload: '{}', createdAt: NOW })
        .execute();
    expect(await pruneExpiredRows(db, NOW, { audit: 730, diagnostics: 30, outbox: 30 }, 2)).toMatchObject({
      outbox: 5,
      batches: 1 + 1 + 1 + 3 + 1,
    });
    await addLine(db, { lineID: 1 });
    const snapshot = await startSyncQueue(db, NOW);
    expect(snapshot).toBeGreaterThan(0);
    expect(await pruneExpiredRows(db, NOW, { audit: 730, diagnostics: 30, outbox: 30 })).toMatchObject({ outbox: 0 });
  });
});

describe('the sync outbox while sync was never enabled', () => {
  it('the index refresh writes its indexes with no audit row and no outbox row', async () => {
    const db = await open(false);
    const tm = shiftOf('TM', '2026-05-04', TZ);
    for (const lineID of [1, 2, 3]) {
      await addLine(db, { lineID });
      await seenSince(db, lineID, tm.startMs);
    }
    await refreshOpenIndexes(db, { nowMs: tm.startMs + 2 * HOUR, timeZone: TZ });
    await refreshOpenIndexes(db, { nowMs: tm.startMs + 3 * HOUR, timeZone: TZ });
    expect(await db.selectFrom('shift_indexes').select(['lineID', 'staffedTime']).orderBy('lineID').execute()).toEqual(
      [1, 2, 3].map((lineID) => ({ lineID, staffedTime: 3 * HOUR })),
    );
    expect(await trailCounts(db)).toEqual({ outbox: 0, audit: 0 });
    expect(await syncQueueStarted(db)).toBe(false);
  });

  it('enabling sync queues every current row of every synced table as stored, once; later writes queue their own rows', async () => {
    const db = await open(false);
    const tm = shiftOf('TM', '2026-05-04', TZ);
    await addLine(db, { lineID: 1 });
    await seenSince(db, 1, tm.startMs);
    await db
      .insertInto('products')
      .values({ code: 'P1', name: 'Producto', wrappersPerPackage: 2, unitsPerWrapper: 6, unit: 'u', performance: 0.95 })
      .execute();
    await db
      .insertInto('orders')
      .values({ order: '100-0-RP', lineID: 1, productCode: 'P1', startDate: tm.startMs, desiredProductionSpeed: 12.5 })
      .execute();
    await refreshOpenIndexes(db, { nowMs: tm.startMs + HOUR, timeZone: TZ });
    expect(await trailCounts(db)).toEqual({ outbox: 0, audit: 0 });

    const written = await startSyncQueue(db, NOW);
    const outbox = await db.selectFrom('outbox').selectAll().orderBy('seq').execute();
    expect(written).toBe(outbox.length);
    for (const entity of SYNCED_ENTITIES) {
      const rows = await db.selectFrom(entity).selectAll().execute();
      const queued = outbox.filter((row) => row.entity === entity);
      const expected = rows.map((row) => ({
        entityKey: keyText(Object.fromEntries(SYNCED_KEYS[entity].map((key) => [key, (row as Record<string, unknown>)[key]]))),
        payload: row,
      }));
      expect(
        queued.map((row) => ({ entityKey: row.entityKey, payload: JSON.parse(row.payload!) })),
        entity,
      ).toEqual(expect.arrayContaining(expected));
      expect(queued, entity).toHaveLength(rows.length);
      expect(
        queued.every((row) => row.operation === 'upsert' && row.createdAt === NOW),
        entity,
      ).toBe(true);
    }
    expect(outbox.filter((row) => row.entity === 'shift_indexes')).toHaveLength(1);
    expect(outbox.filter((row) => row.entity === 'stop_reasons').length).toBeGreaterThan(0);
    // Once per database: a second start writes nothing; from now on each write queues its row.
    expect(await startSyncQueue(db, NOW + 1)).toBe(0);
    await refreshOpenIndexes(db, { nowMs: tm.startMs + 2 * HOUR, timeZone: TZ });
    expect((await trailCounts(db)).outbox).toBeGreaterThan(outbox.length);
  });
});
