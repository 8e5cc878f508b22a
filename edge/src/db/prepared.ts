import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type RawBuilder,
} from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * Queries built and compiled once. Kysely builds the operation tree of a query and compiles it to SQL at every
 * execution, which for the small queries of the hot paths costs several times what SQLite takes to run them (the
 * acquisition's ingestion stores samples every second; the periodic refresh reads and writes every line's indexes
 * every few seconds). A prepared query is written with the same query builder, its variable values taken from a
 * typed `params` object; it is compiled on first use with named placeholders in place of those values, and each
 * execution only binds the values to the SQL already compiled (the statement cache then reuses SQLite's own
 * preparation too).
 *
 * Rules of use: the query's shape must not depend on the values (no `in` lists of varying length: pass a JSON array
 * and read it with `json_each`), every value that varies comes from `params`, and each is named (`params.x`; the
 * parameters cannot be spread).
 */

/** Compiles queries with the SQLite dialect, without a database. */
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const PLACEHOLDER = Symbol('prepared query placeholder');
type Placeholder = { readonly [PLACEHOLDER]: string };
type Slot = { readonly name: string } | { readonly constant: unknown };

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && PLACEHOLDER in value;
}

export interface PreparedQuery<P, O> {
  /** The SQL as compiled, with `?` where the values go (for tests and query plans). */
  readonly sql: string;
  execute(db: Database, params: P): Promise<O[]>;
  executeTakeFirst(db: Database, params: P): Promise<O | undefined>;
}

/** What a prepared query is built as: a query builder, or raw `sql`. */
export type Query<O> = Compilable<O> | RawBuilder<O>;

function compile<O>(query: Query<O>): CompiledQuery<O> {
  // A raw `sql` query compiles against an executor; a builder knows its own.
  return 'isRawBuilder' in query ? query.compile(compiler) : query.compile();
}

/**
 * A query compiled once. `build` gets a database to build with (it cannot run queries) and the parameters, whose
 * properties stand for the values given at each execution.
 */
export function prepared<P extends Record<string, unknown>, O>(build: (db: Database, params: P) => Query<O>): PreparedQuery<P, O> {
  let compiled: { sql: string; slots: Slot[] } | null = null;
  const compiledQuery = () => {
    if (compiled) return compiled;
    // Only property reads stand for values: spreading or listing the parameters gives nothing (ownKeys is empty).
    const params = new Proxy({}, { get: (_, name) => ({ [PLACEHOLDER]: String(name) }) }) as P;
    const query = compile(build(compiler, params));
    compiled = {
      sql: query.sql,
      slots: query.parameters.map((value) => (isPlaceholder(value) ? { name: value[PLACEHOLDER] } : { constant: value })),
    };
    return compiled;
  };
  const execute = async (db: Database, params: P): Promise<O[]> => {
    const { sql, slots } = compiledQuery();
    const values = slots.map((slot) => {
      if (!('name' in slot)) return slot.constant;
      const value = params[slot.name];
      if (value === undefined) throw new Error(`Prepared query: no value for '${slot.name}'`);
      return value;
    });
    const result = await db.executeQuery(CompiledQuery.raw(sql, values) as CompiledQuery<O>);
    return result.rows;
  };
  return {
    get sql() {
      return compiledQuery().sql;
    },
    execute,
    async executeTakeFirst(db, params) {
      return (await execute(db, params))[0];
    },
  };
}

/**
 * The right side of `in` for a list of any length, given as a JSON array (one value to bind, so the query keeps one
 * shape): `.where('lineID', 'in', inJsonArray(p.lineIDs))` with `lineIDs: JSON.stringify([1, 2])`.
 */
export function inJsonArray<T = number>(jsonArray: string) {
  return sql<T>`(SELECT value FROM json_each(${jsonArray}))`;
}
