import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { openPlantDatabase } from './installation';
import { prepared } from './prepared';

let dir: string;
let db: Database;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oee-prepared-'));
  db = (await openPlantDatabase(join(dir, 'oee.db'))).db;
  await db.insertInto('sectors').values({ sectorName: 'S', buildingId: null }).execute();
  for (const lineID of [1, 2, 3]) {
    await db
      .insertInto('lines')
      .values({
        lineID,
        sectorID: 1,
        description: `Line ${lineID}`,
        calculationBaliza: null,
        calculationUnits: null,
        calculationDiscards: null,
        fixedThroughput: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
  }
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const linesBetween = prepared((db, p: { from: number; to: number }) =>
  db
    .selectFrom('lines')
    .select(['lineID', 'description'])
    .where('lineID', '>=', p.from)
    .where('lineID', '<=', p.to)
    .where('sectorID', '=', 1)
    .orderBy('lineID'),
);

describe('prepared queries', () => {
  it('compile once with placeholders and bind each execution by name, keeping constants', async () => {
    expect(linesBetween.sql).toBe(
      'select "lineID", "description" from "lines" where "lineID" >= ? and "lineID" <= ? and "sectorID" = ? order by "lineID"',
    );
    expect((await linesBetween.execute(db, { from: 2, to: 3 })).map((row) => row.lineID)).toEqual([2, 3]);
    expect(await linesBetween.executeTakeFirst(db, { from: 1, to: 1 })).toEqual({ lineID: 1, description: 'Line 1' });
    expect(await linesBetween.executeTakeFirst(db, { from: 4, to: 9 })).toBeUndefined();
  });

  it('run inside a transaction, see its writes and roll back with it', async () => {
    const rename = prepared((db, p: { lineID: number; description: string }) =>
      db.updateTable('lines').set({ description: p.description }).where('lineID', '=', p.lineID).returning(['lineID', 'description']),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await rename.execute(trx, { lineID: 2, description: 'Renamed' })).toEqual([{ lineID: 2, description: 'Renamed' }]);
        expect((await linesBetween.executeTakeFirst(trx, { from: 2, to: 2 }))?.description).toBe('Renamed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await linesBetween.executeTakeFirst(db, { from: 2, to: 2 }))?.description).toBe('Line 2');
  });

  it('take raw sql, with a JSON array standing for a list', async () => {
    const named = prepared(
      (_db, p: { lineIDs: string }) =>
        sql<{ lineID: number }>`SELECT lineID FROM lines WHERE lineID IN (SELECT value FROM json_each(${p.lineIDs})) ORDER BY lineID`,
    );
    expect(await named.execute(db, { lineIDs: JSON.stringify([3, 1, 7]) })).toEqual([{ lineID: 1 }, { lineID: 3 }]);
  });

  it('refuse an execution that misses a value, running nothing', async () => {
    await expect(linesBetween.execute(db, { from: 1 } as { from: number; to: number })).rejects.toThrow("no value for 'to'");
  });
});
