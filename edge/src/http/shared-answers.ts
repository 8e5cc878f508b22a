import { writesOf, type Database } from '../db/database';

/**
 * Answers shared by identical requests (routes declared with `share`: the answer depends only on the path, the query
 * and the language, never on who asks). Many dashboards poll the same line with the same calls; while one answer is
 * being computed, or within SHARE_MS after it started, an identical request gets that same answer — but only while
 * nothing was written to the database since it started (db/database.ts counts every statement that writes). So a
 * shared answer shows exactly the data there is, computed at most SHARE_MS before (what depends on the time alone,
 * such as the minutes of a stop in progress, is at most that old); under load, requests that queue up behind each
 * other are answered by one computation instead of one each.
 */

/** How long after it started an answer may still be given to an identical request (no write in between). */
export const SHARE_MS = 1_000;
/** Beyond this many remembered answers the oldest are dropped (they are useless after SHARE_MS anyway). */
const MAX_ENTRIES = 1_000;

interface Entry {
  answer: Promise<unknown>;
  startedAt: number;
  writes: number;
}

export class SharedAnswers {
  private readonly entries = new Map<string, Entry>();

  /** The answer of `key` computed by `compute`, or the one an identical request started within SHARE_MS. */
  answer<T>(key: string, db: Database, now: number, compute: () => Promise<T> | T): Promise<T> {
    const writes = writesOf(db);
    const entry = this.entries.get(key);
    if (entry && entry.writes === writes && now >= entry.startedAt && now - entry.startedAt < SHARE_MS) return entry.answer as Promise<T>;
    if (entry) this.entries.delete(key);
    else if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const answer = Promise.resolve().then(compute);
    this.entries.set(key, { answer, startedAt: now, writes });
    // A failure is answered to the requests that shared it, never remembered for later ones.
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }
}
