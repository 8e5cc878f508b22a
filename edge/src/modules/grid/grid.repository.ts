import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import type { DynamicDB } from '../../db/writes';
import { fieldError, notFound } from '../../http/errors';
import type { Language } from '../../http/messages';
import { parseInput } from '../../http/request-input';
import { apiToRow, normalizeApiValues, parseKey, rowToApi, type GridContext, type GridResource, type HookContext } from './grid-resource';
import { edgeStore, type GridStore } from './grid-store';
import { filterToSql, parseLoadOptions } from './load-options';

/**
 * The grid engine's SQL half: a resource's list with load options, and its writes, each in one transaction. It builds
 * Kysely queries only, over any database (`D`); how a row is read by its key and written is the resource's store
 * (grid-store.ts: the edge's chokepoint by default).
 */

type AnyRow = Record<string, unknown>;
type Resource<D> = GridResource<z.ZodObject, D>;

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a != null && b != null && String(a) === String(b));
}

type LooseDb = Kysely<DynamicDB>;
const loose = <D>(db: Kysely<D> | Transaction<D>): LooseDb => db as unknown as LooseDb;

const storeOf = <D>(resource: Resource<D>): GridStore<D> => resource.store ?? (edgeStore as unknown as GridStore<D>);

/** The API form of a stored row, in the request's language when the resource localizes its rows. */
function answerOf<D>(resource: Resource<D>, row: AnyRow, timeZone: string, language: Language): AnyRow {
  const answer = rowToApi(row, resource.columns, timeZone);
  return resource.localize ? resource.localize(answer, language) : answer;
}

/** Lists a resource with the load options of the request (rows in `language` when the resource localizes them). */
export async function listResource<D = DB>(
  resource: Resource<D>,
  db: Kysely<D>,
  query: AnyRow,
  timeZone: string,
  language: Language = 'es',
) {
  const options = parseLoadOptions(query, resource.listColumns ?? resource.columns, timeZone, resource.plainFilters);
  const base = (
    resource.source ? loose(db).selectFrom(resource.source(db).as('t')) : loose(db).selectFrom(resource.table)
  ) as SelectQueryBuilder<DynamicDB, string, object>;
  const filter = options.filter;
  const filtered = filter ? base.where((eb) => filterToSql(eb, filter)) : base;
  let page = filtered.selectAll();
  const requested = options.sort.length > 0 ? options.sort : (resource.defaultSort ?? []);
  // The key breaks ties: rows with equal sort values (orders not started have no start date) come in one order on
  // every call, so a page never repeats a row of another page nor skips one.
  const tieBreak = resource.key
    .filter((column) => !requested.some((item) => item.column === column))
    .map((column) => ({ column, desc: false }));
  for (const { column, desc } of [...(resource.leadingSort ?? []), ...requested, ...tieBreak])
    page = page.orderBy(sql.ref(column), desc ? 'desc' : 'asc');
  // SQLite takes an OFFSET only after a LIMIT: without `take`, a limit no list reaches (PostgreSQL takes it too).
  if (options.take !== null) page = page.limit(options.take);
  else if (options.skip > 0) page = page.limit(Number.MAX_SAFE_INTEGER);
  if (options.skip > 0) page = page.offset(options.skip);
  const rows = (await page.execute()) as AnyRow[];
  const data = rows.map((row) => answerOf(resource, row, timeZone, language));
  if (!options.requireTotalCount) return { data };
  const count = (await filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as { n: number | string };
  return { data, totalCount: Number(count.n) };
}

/** The written row as the API answers it: through the resource's source when it has one (derived columns). */
async function answerRow<D>(resource: Resource<D>, ctx: GridContext<D>, stored: AnyRow): Promise<AnyRow> {
  let row: AnyRow | undefined = stored;
  if (resource.source) {
    let query = loose(ctx.db).selectFrom(resource.source(ctx.db).as('t')).selectAll();
    for (const column of resource.key) query = query.where(column, '=', stored[column] as string | number);
    row = ((await query.executeTakeFirst()) as AnyRow | undefined) ?? stored;
  }
  return answerOf(resource, row, ctx.timeZone, ctx.language);
}

function hookContext<D>(trx: Transaction<D>, ctx: GridContext<D>): HookContext<D> {
  return { trx, user: ctx.user, now: ctx.now, timeZone: ctx.timeZone };
}

function stamped<D>(resource: Resource<D>, row: AnyRow, ctx: GridContext<D>): AnyRow {
  return resource.stamp ? { ...row, updatedBy: ctx.user.userID, updateDate: ctx.now } : row;
}

export async function insertResource<D = DB>(resource: Resource<D>, ctx: GridContext<D>, rawValues: AnyRow): Promise<AnyRow> {
  const store = storeOf(resource);
  const normalized = normalizeApiValues(rawValues, resource.columns, ctx.timeZone);
  if (resource.generatedKey) for (const column of resource.key) delete normalized[column];
  const values = parseInput(resource.schema, normalized);
  try {
    const stored = await ctx.db.transaction().execute(async (trx) => {
      const hooks = hookContext(trx, ctx);
      const prepared = resource.prepare ? await resource.prepare(values, { ...hooks, before: null }) : apiToRow(values, resource.columns);
      const row = await store.insert(trx, resource.table, stamped(resource, prepared, ctx), resource.key, {
        userID: ctx.user.userID,
        now: ctx.now,
      });
      await resource.afterWrite?.(row, null, hooks);
      return row;
    });
    return await answerRow(resource, ctx, stored);
  } catch (error) {
    throw store.translateError(error, 'insert');
  }
}

export async function updateResource<D = DB>(
  resource: Resource<D>,
  ctx: GridContext<D>,
  rawKey: unknown,
  rawValues: AnyRow,
): Promise<AnyRow> {
  const store = storeOf(resource);
  const key = parseKey(resource, rawKey);
  const changesIn = normalizeApiValues(rawValues, resource.columns, ctx.timeZone);
  try {
    const stored = await ctx.db.transaction().execute(async (trx) => {
      const before = await store.find(trx, resource.table, key);
      if (!before) throw notFound();
      for (const column of resource.key) {
        if (column in changesIn && !sameValue(changesIn[column], before[column])) {
          throw fieldError('validation', 'validation.keyNotEditable', column);
        }
      }
      const writeOnly = resource.writeOnly ?? [];
      const updateSchema = writeOnly.length
        ? resource.schema.partial(Object.fromEntries(writeOnly.map((f) => [f, true])) as Record<string, true>)
        : resource.schema;
      const merged = { ...rowToApi(before, resource.columns, ctx.timeZone), ...changesIn };
      const values = parseInput(updateSchema, merged) as z.output<typeof resource.schema>;
      const hooks = hookContext(trx, ctx);
      const prepared = resource.prepare ? await resource.prepare(values, { ...hooks, before }) : apiToRow(values, resource.columns);
      const changes: AnyRow = {};
      for (const [column, value] of Object.entries(prepared)) {
        if (resource.key.includes(column)) continue;
        if (!(column in before) || !Object.is(before[column], value)) changes[column] = value;
      }
      await resource.beforeUpdate?.(before, changes, hooks);
      const after = await store.update(trx, resource.table, key, stamped(resource, changes, ctx), {
        userID: ctx.user.userID,
        now: ctx.now,
      });
      await resource.afterWrite?.(after ?? null, before, hooks);
      return after ?? before;
    });
    return await answerRow(resource, ctx, stored);
  } catch (error) {
    throw store.translateError(error, 'update');
  }
}

export async function deleteResource<D = DB>(resource: Resource<D>, ctx: GridContext<D>, rawKey: unknown): Promise<void> {
  const store = storeOf(resource);
  const key = parseKey(resource, rawKey);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await store.find(trx, resource.table, key);
      if (!before) throw notFound();
      const hooks = hookContext(trx, ctx);
      await resource.beforeDelete?.(before, hooks);
      const writeContext = { userID: ctx.user.userID, now: ctx.now };
      if (resource.softDelete) {
        const after = await store.update(trx, resource.table, key, stamped(resource, { [resource.softDelete]: 1 }, ctx), writeContext);
        await resource.afterWrite?.(after ?? null, before, hooks);
      } else {
        await store.remove(trx, resource.table, key, writeContext);
        await resource.afterWrite?.(null, before, hooks);
      }
    });
  } catch (error) {
    throw store.translateError(error, 'delete');
  }
}
