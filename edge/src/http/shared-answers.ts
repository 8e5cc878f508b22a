import { writesOf, type Database } from '../db/database';

/**
 * Answers shared by identical requests (routes declared with `share`: the answer depends only on the path, the query
 * and the language, never on who asks). Many dashboards poll the same line with the same calls; while one answer is
 * being computed, or within SHARE_MS after it started, an identical request gets that same answer — but only while
 * nothing was written to the database since it started (db/database.ts counts every statement that writes). So a
 * shared answer shows exactly the data there is, computed at most SHARE_MS before (what depends on the time alone,
 * such as the minutes of a stop in progress, is at most that old); under load, requests that queue up behind each
 * other are answered by one computation instead of one each.
 *
 * An answer is kept as the JSON text it is sent as, so what the shared answers hold is known in bytes: no more than
 * MAX_ENTRIES answers, MAX_BYTES of text and nothing older than SHARE_MS (300 GETs that differed only in an unused
 * parameter once held 268 MB here, issue 26).
 */

/** How long after it started an answer may still be given to an identical request (no write in between). */
export const SHARE_MS = 1_000;
/** Beyond this many remembered answers the oldest are dropped. */
const MAX_ENTRIES = 1_000;
/** Characters of JSON text remembered, all answers together, at most (the oldest dropped first). */
export const MAX_SHARED_CHARACTERS = 16 * 1024 * 1024;

/** An answer as JSON text (undefined: the call answers nothing, 204). */
export type JsonText = string | undefined;

interface Entry {
  answer: Promise<JsonText>;
  startedAt: number;
  writes: number;
  /** The length of the answer's text once computed (0 before). */
  characters: number;
}

export class SharedAnswers {
  private readonly entries = new Map<string, Entry>();
  private characters = 0;

  /** The answer of `key` computed by `compute` as JSON text, or the one an identical request started within SHARE_MS. */
  answer(key: string, db: Database, now: number, compute: () => Promise<unknown> | unknown): Promise<JsonText> {
    const writes = writesOf(db);
    this.dropExpired(now);
    const entry = this.entries.get(key);
    if (entry && entry.writes === writes && now >= entry.startedAt && now - entry.startedAt < SHARE_MS) return entry.answer;
    if (entry) this.drop(key);
    const answer = Promise.resolve()
      .then(compute)
      .then((result) => (result === undefined ? undefined : JSON.stringify(result)));
    const started: Entry = { answer, startedAt: now, writes, characters: 0 };
    this.entries.set(key, started);
    while (this.entries.size > MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    answer.then(
      (text) => {
        if (this.entries.get(key) !== started) return;
        started.characters = text?.length ?? 0;
        this.characters += started.characters;
        // The oldest go first; an answer bigger than the whole budget is given to those who shared it and not kept.
        while (this.characters > MAX_SHARED_CHARACTERS && this.entries.size > 0) this.drop(this.entries.keys().next().value!);
      },
      () => {
        // A failure is answered to the requests that shared it, never remembered for later ones.
        if (this.entries.get(key) === started) this.drop(key);
      },
    );
    return answer;
  }

  /** The answers remembered and their characters, all together (tests). */
  size(): { answers: number; characters: number } {
    return { answers: this.entries.size, characters: this.characters };
  }

  /** Drops, oldest first, the answers started SHARE_MS or more before `now` (or after it: a clock that went back). */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now >= entry.startedAt && now - entry.startedAt < SHARE_MS) break;
      this.drop(key);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.characters -= entry.characters;
  }
}
