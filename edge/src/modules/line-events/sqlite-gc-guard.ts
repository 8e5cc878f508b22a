import BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

/**
 * Work-around for tests and benchmarks only (imported for its effect), until the product moves off the crash:
 * better-sqlite3 12.x compiled against Node ≥ 24.19 headers aborts the whole process (SIGABRT, "Assertion failed:
 * (env) != nullptr" in RemoveEnvironmentCleanupHook) whenever the garbage collector finalizes one of its Statement
 * or Database objects — and Kysely prepares a new statement for every query, so any busy process hits it
 * (WiseLibs/better-sqlite3#1515; better-sqlite3 13, the Node-API build, does not have the problem).
 *
 * Here every statement (pragmas included) is prepared once per database and SQL text and kept, and every database
 * object is kept, so the GC never finalizes one. Reusing a statement is safe with Kysely: it runs each one
 * synchronously (all/run) before preparing the next.
 */
type Statement = BetterSqlite3.Statement<unknown[]>;
type NativeDatabase = { prepare(source: string, owner: unknown, pragmaMode: boolean): Statement };
const GUARDED = Symbol.for('oee.sqliteGcGuard');
const proto = BetterSqlite3.prototype as BetterSqlite3.Database & { [GUARDED]?: true };
const { cppdb } = createRequire(import.meta.url)('better-sqlite3/lib/util') as { cppdb: symbol };

if (!proto[GUARDED]) {
  const caches = new Map<BetterSqlite3.Database, Map<string, Statement>>();
  const cached = (db: BetterSqlite3.Database, key: string, create: () => Statement): Statement => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    let statement = cache.get(key);
    if (!statement) {
      statement = create();
      cache.set(key, statement);
    }
    return statement;
  };
  const native = (db: BetterSqlite3.Database) => (db as unknown as Record<symbol, NativeDatabase>)[cppdb]!;
  proto.prepare = function guardedPrepare(this: BetterSqlite3.Database, source: string) {
    return cached(this, source, () => native(this).prepare(source, this, false));
  } as typeof proto.prepare;
  proto.pragma = function guardedPragma(this: BetterSqlite3.Database, source: string, options?: { simple?: boolean }) {
    const simple = options?.simple === true;
    const statement = cached(this, `\0pragma ${simple} ${source}`, () => {
      const created = native(this).prepare(`PRAGMA ${source}`, this, true);
      return simple ? created.pluck() : created;
    });
    return simple ? statement.get() : statement.all();
  } as typeof proto.pragma;
  proto[GUARDED] = true;
}
