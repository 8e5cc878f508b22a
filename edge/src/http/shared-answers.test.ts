import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKysely, openSqlite, writesOf, type Database } from '../db/database';
import { MAX_SHARED_CHARACTERS, SHARE_MS, SharedAnswers } from './shared-answers';

let db: Database;
beforeEach(async () => {
  db = createKysely(openSqlite({ file: ':memory:' }));
  await sql`CREATE TABLE counters (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO counters (id, value) VALUES (1, 10)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
});

const readValue = async () => (await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1`.execute(db)).rows[0]!.value;

describe('the database write count', () => {
  it('counts the statements that write, not the reads', async () => {
    const before = writesOf(db);
    await readValue();
    await db
      .selectFrom('counters' as never)
      .selectAll()
      .execute();
    expect(writesOf(db)).toBe(before);
    await sql`UPDATE counters SET value = 11 WHERE id = 1`.execute(db);
    expect(writesOf(db)).toBe(before + 1);
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO counters (id, value) VALUES (2, 1)`.execute(trx);
      await sql`DELETE FROM counters WHERE id = 2`.execute(trx);
    });
    expect(writesOf(db)).toBeGreaterThanOrEqual(before + 3);
  });
});

describe('shared answers', () => {
  it('gives identical requests within SHARE_MS one computation, and a fresh one after', async () => {
    const shared = new SharedAnswers();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { value: await readValue(), computed };
    };
    const [first, second] = await Promise.all([shared.answer('es /a', db, 1_000, compute), shared.answer('es /a', db, 1_000, compute)]);
    expect(second).toBe(first);
    expect(await shared.answer('es /a', db, 1_000 + SHARE_MS - 1, compute)).toBe(first);
    expect(computed).toBe(1);
    // Another key (another query or language) is its own answer.
    expect(await shared.answer('en /a', db, 1_000, compute)).toBe(JSON.stringify({ value: 10, computed: 2 }));
    // SHARE_MS after it started, the answer is computed again; a clock that went back is not trusted either.
    expect(await shared.answer('es /a', db, 1_000 + SHARE_MS, compute)).toBe(JSON.stringify({ value: 10, computed: 3 }));
    expect(await shared.answer('es /a', db, 500, compute)).toBe(JSON.stringify({ value: 10, computed: 4 }));
  });

  it('never shares an answer across a write: the next request sees the data written', async () => {
    const shared = new SharedAnswers();
    const compute = () => readValue();
    expect(await shared.answer('es /a', db, 1_000, compute)).toBe('10');
    await sql`UPDATE counters SET value = 12 WHERE id = 1`.execute(db);
    expect(await shared.answer('es /a', db, 1_001, compute)).toBe('12');
    expect(await shared.answer('es /a', db, 1_002, compute)).toBe('12');
  });

  it('does not keep a failure: the request after it computes again', async () => {
    const shared = new SharedAnswers();
    await expect(shared.answer('es /a', db, 1_000, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await shared.answer('es /a', db, 1_001, () => readValue())).toBe('10');
  });

  it(`holds at most ${MAX_SHARED_CHARACTERS} characters of answers, and none older than SHARE_MS`, async () => {
    const shared = new SharedAnswers();
    const big = 'x'.repeat(MAX_SHARED_CHARACTERS / 8);
    for (let i = 0; i < 40; i += 1) await shared.answer(`es /stops?nocache=${i}`, db, 1_000, () => ({ data: big }));
    expect(shared.size().characters).toBeLessThanOrEqual(MAX_SHARED_CHARACTERS);
    expect(shared.size().answers).toBeLessThan(8);
    // An answer bigger than the whole budget is answered, not kept.
    expect(await shared.answer('es /huge', db, 1_000, () => 'y'.repeat(MAX_SHARED_CHARACTERS))).toHaveLength(MAX_SHARED_CHARACTERS + 2);
    expect(shared.size().characters).toBeLessThanOrEqual(MAX_SHARED_CHARACTERS);
    // A request SHARE_MS later finds every earlier answer gone.
    await shared.answer('es /later', db, 1_000 + SHARE_MS, () => 1);
    expect(shared.size()).toEqual({ answers: 1, characters: 1 });
  });
});
