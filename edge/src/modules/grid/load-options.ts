import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { parsePlantDate } from '../../domain/time-zone';
import { AppError } from '../../http/errors';

/**
 * The grid load options every list call takes (ARCHITECTURE.md "API conventions"): a DevExtreme-style filter
 * expression, a sort list, skip/take and requireTotalCount. One parser serves every grid; each resource passes the
 * columns that may be filtered and sorted (anything else is a 400), so a filter can never name an arbitrary column.
 */

export type ColumnKind = 'string' | 'number' | 'boolean' | 'date' | 'json';
export type ColumnMap = Readonly<Record<string, ColumnKind>>;

const COMPARISONS = ['=', '<>', '<', '>', '<=', '>=', 'contains', 'notcontains', 'startswith', 'endswith'] as const;
const TEXT_OPERATORS: ReadonlySet<string> = new Set(['contains', 'notcontains', 'startswith', 'endswith']);
type Comparison = (typeof COMPARISONS)[number];

export type FilterNode =
  | { kind: 'compare'; column: string; op: Comparison; value: string | number | boolean | null }
  | { kind: 'and' | 'or'; nodes: FilterNode[] }
  | { kind: 'not'; node: FilterNode };

export interface SortItem {
  column: string;
  desc: boolean;
}

export interface LoadOptions {
  filter: FilterNode | null;
  sort: SortItem[];
  skip: number;
  take: number | null;
  requireTotalCount: boolean;
}

/**
 * The most rows a list call answers, and the rows it answers when `take` is not given: a call without it once answered
 * every row of the table (300 consultant GETs of /api/stops held 268 MB, issue 26). Every grid of the app pages.
 */
export const MAX_TAKE = 10_000;
/** The most rows a list call may skip (SQLite's OFFSET is a 64-bit integer; no grid has this many rows). */
export const MAX_SKIP = 2_147_483_647;
/**
 * The most comparisons one filter may hold: SQLite refuses an expression deeper than 1,000, and a flat chain of ORs
 * is that deep, so a bigger filter would fail in the database instead of being refused here.
 */
export const MAX_FILTER_TERMS = 500;
/** The most columns one sort list may name. */
export const MAX_SORT_ITEMS = 20;

function invalid(kind: 'filter' | 'sort', detail: string): AppError {
  return new AppError('validation', kind === 'filter' ? 'validation.filter' : 'validation.sort', { detail });
}

function parseJson(text: unknown, kind: 'filter' | 'sort'): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(kind, 'JSON');
  }
}

function convertValue(kind: ColumnKind, value: unknown, column: string, timeZone: string): string | number | boolean | null {
  if (value === null) return null;
  switch (kind) {
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 0) return value === 1;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'date': {
      if (typeof value === 'string' || typeof value === 'number') {
        const ms = parsePlantDate(value, timeZone);
        if (ms !== null) return ms;
      }
      break;
    }
    case 'string':
    case 'json':
      // PostgreSQL cannot compare a text holding NUL (22021): refused on every grid, the portal's included.
      if (typeof value === 'string' && value.includes('\u0000'))
        throw new AppError('validation', 'validation.nulCharacter', { field: column });
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      break;
  }
  throw invalid('filter', `${column}: ${JSON.stringify(value)}`);
}

function isComparison(value: unknown): value is Comparison {
  return typeof value === 'string' && (COMPARISONS as readonly string[]).includes(value.toLowerCase());
}

/** How many comparisons a filter has used so far (shared by every node of one parse). */
interface TermCount {
  terms: number;
}

function parseNode(raw: unknown, columns: ColumnMap, timeZone: string, depth: number, count: TermCount): FilterNode {
  if (depth > 32 || !Array.isArray(raw) || raw.length === 0) throw invalid('filter', 'expression');
  if (raw[0] === '!') return { kind: 'not', node: parseNode(raw[1], columns, timeZone, depth + 1, count) };
  // ["column", value] is shorthand for equality; ["column", "op", value] a comparison.
  if (typeof raw[0] === 'string') {
    count.terms += 1;
    if (count.terms > MAX_FILTER_TERMS) throw new AppError('validation', 'validation.filterTooLarge', { max: MAX_FILTER_TERMS });
    const column = Object.keys(columns).find((c) => c.toLowerCase() === String(raw[0]).toLowerCase());
    if (!column) throw invalid('filter', `column ${String(raw[0])}`);
    const kind = columns[column]!;
    if (raw.length === 2) return { kind: 'compare', column, op: '=', value: convertValue(kind, raw[1], column, timeZone) };
    if (raw.length !== 3 || !isComparison(raw[1])) throw invalid('filter', `operator ${String(raw[1])}`);
    const op = raw[1].toLowerCase() as Comparison;
    // contains & co. compare texts: on a number or a date column PostgreSQL has no such operator (42883, a 500 on
    // the portal once, issue 26), and no grid offers them there.
    if (TEXT_OPERATORS.has(op) && kind !== 'string' && kind !== 'json')
      throw new AppError('validation', 'validation.textOperator', { operator: op, column });
    const value = convertValue(op === '=' || op === '<>' || op.length <= 2 ? kind : 'string', raw[2], column, timeZone);
    return { kind: 'compare', column, op, value };
  }
  // [expr, "and", expr, "or", expr, …] or [expr, expr] (implicit and). Mixed and/or is grouped as DevExtreme does:
  // and binds tighter than or.
  const orGroups: FilterNode[][] = [[]];
  let expectOperand = true;
  for (const item of raw) {
    if (typeof item === 'string') {
      const word = item.toLowerCase();
      if (expectOperand || (word !== 'and' && word !== 'or')) throw invalid('filter', `operator ${item}`);
      if (word === 'or') orGroups.push([]);
      expectOperand = true;
      continue;
    }
    orGroups[orGroups.length - 1]!.push(parseNode(item, columns, timeZone, depth + 1, count));
    expectOperand = false;
  }
  if (expectOperand) throw invalid('filter', 'expression');
  const ands = orGroups.map((nodes): FilterNode => (nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes }));
  return ands.length === 1 ? ands[0]! : { kind: 'or', nodes: ands };
}

export function parseFilter(raw: unknown, columns: ColumnMap, timeZone: string, count: TermCount = { terms: 0 }): FilterNode | null {
  const value = parseJson(raw, 'filter');
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return parseNode(value, columns, timeZone, 0, count);
}

export function parseSort(raw: unknown, columns: ColumnMap): SortItem[] {
  const value = parseJson(raw, 'sort');
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  // 2,000 items once answered 500 ('too many terms in ORDER BY'); no grid sorts on more than a few columns.
  if (items.length > MAX_SORT_ITEMS) throw new AppError('validation', 'validation.sortTooLarge', { max: MAX_SORT_ITEMS });
  return items.map((item: unknown) => {
    const selector = typeof item === 'string' ? item : (item as { selector?: unknown } | null)?.selector;
    const desc = typeof item === 'object' && item !== null && (item as { desc?: unknown }).desc === true;
    const column = Object.keys(columns).find((c) => c.toLowerCase() === String(selector).toLowerCase());
    if (!column) throw invalid('sort', `column ${String(selector)}`);
    return { column, desc };
  });
}

/** skip or take: digits only (no '1e3', '0x10', ' 3 ', '3.0'), at most MAX_SKIP. */
function parseCount(raw: unknown, name: string): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const digits = typeof raw === 'number' ? (Number.isSafeInteger(raw) ? String(raw) : '') : typeof raw === 'string' ? raw : '';
  if (!/^\d+$/.test(digits)) throw new AppError('validation', 'validation.invalid', { field: name });
  const n = Number(digits);
  if (n > MAX_SKIP) throw new AppError('validation', 'validation.max', { field: name, max: MAX_SKIP });
  return n;
}

/**
 * Reads the load options from a query string (or body) object. `plainFilters` names columns that may also be given
 * as plain parameters (`?groupID=3`), an equality ANDed with the filter expression.
 */
export function parseLoadOptions(
  query: Record<string, unknown>,
  columns: ColumnMap,
  timeZone: string,
  plainFilters: readonly string[] = [],
): LoadOptions {
  const take = parseCount(query.take, 'take');
  const count: TermCount = { terms: 0 };
  const filters = plainFilters
    .map((column) => [column, Object.entries(query).find(([name]) => name.toLowerCase() === column.toLowerCase())?.[1]] as const)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([column, value]) => parseNode([column, '=', value], columns, timeZone, 0, count));
  const expression = parseFilter(query.filter, columns, timeZone, count);
  if (expression) filters.push(expression);
  return {
    filter: filters.length === 0 ? null : filters.length === 1 ? filters[0]! : { kind: 'and', nodes: filters },
    sort: parseSort(query.sort, columns),
    skip: parseCount(query.skip, 'skip') ?? 0,
    take: Math.min(take ?? MAX_TAKE, MAX_TAKE),
    requireTotalCount: query.requireTotalCount === true || query.requireTotalCount === 'true',
  };
}

/**
 * The load options as the OpenAPI document shows them on every list call. Documentation only: the values stay text
 * (parseLoadOptions reads them) and other parameters pass through (a resource's plain filters, `?lineID=3`).
 */
export const loadOptionsQuerySchema = z.looseObject({
  filter: z.string().optional().describe('A filter expression as JSON, e.g. [["lineID","=",3],"and",["endDate","=",null]].'),
  sort: z.string().optional().describe('A sort list as JSON, e.g. [{"selector":"startDate","desc":true}].'),
  skip: z.string().optional().describe(`Rows to skip: plain digits, at most ${MAX_SKIP}.`),
  take: z
    .string()
    .optional()
    .describe(`Rows to answer: plain digits (at most ${MAX_TAKE} are answered, and ${MAX_TAKE} when it is not given).`),
  requireTotalCount: z.string().optional().describe('true: the answer carries totalCount.'),
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filter as a Kysely WHERE expression over columns named as the API names them. */
export function filterToSql<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  node: FilterNode,
  columnSql: (column: string) => string = (column) => column,
): Expression<SqlBool> {
  switch (node.kind) {
    case 'and':
      return eb.and(node.nodes.map((n) => filterToSql(eb, n, columnSql)));
    case 'or':
      return eb.or(node.nodes.map((n) => filterToSql(eb, n, columnSql)));
    case 'not':
      return eb.not(filterToSql(eb, node.node, columnSql));
    case 'compare': {
      const ref = sql.ref(columnSql(node.column));
      const value = typeof node.value === 'boolean' ? (node.value ? 1 : 0) : node.value;
      if (value === null) {
        return node.op === '<>' ? sql<SqlBool>`${ref} IS NOT NULL` : sql<SqlBool>`${ref} IS NULL`;
      }
      const text = escapeLike(String(value));
      switch (node.op) {
        case 'contains':
          return sql<SqlBool>`${ref} LIKE ${`%${text}%`} ESCAPE '\\'`;
        case 'notcontains':
          return sql<SqlBool>`(${ref} IS NULL OR ${ref} NOT LIKE ${`%${text}%`} ESCAPE '\\')`;
        case 'startswith':
          return sql<SqlBool>`${ref} LIKE ${`${text}%`} ESCAPE '\\'`;
        case 'endswith':
          return sql<SqlBool>`${ref} LIKE ${`%${text}`} ESCAPE '\\'`;
        case '<>':
          return sql<SqlBool>`(${ref} IS NULL OR ${ref} <> ${value})`;
        default:
          return sql<SqlBool>`${ref} ${sql.raw(node.op)} ${value}`;
      }
    }
  }
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** The same filter as a predicate over in-memory rows (the log viewer, diagnostics). */
export function filterToPredicate(node: FilterNode): (row: Record<string, unknown>) => boolean {
  switch (node.kind) {
    case 'and': {
      const parts = node.nodes.map(filterToPredicate);
      return (row) => parts.every((p) => p(row));
    }
    case 'or': {
      const parts = node.nodes.map(filterToPredicate);
      return (row) => parts.some((p) => p(row));
    }
    case 'not': {
      const inner = filterToPredicate(node.node);
      return (row) => !inner(row);
    }
    case 'compare': {
      const { column, op, value } = node;
      const needle = String(value ?? '').toLowerCase();
      return (row) => {
        const cell = row[column];
        const text = String(cell ?? '').toLowerCase();
        switch (op) {
          case '=':
            return value === null ? cell == null : compareValues(cell, value) === 0;
          case '<>':
            return value === null ? cell != null : compareValues(cell, value) !== 0;
          case '<':
            return cell != null && compareValues(cell, value) < 0;
          case '>':
            return cell != null && compareValues(cell, value) > 0;
          case '<=':
            return cell != null && compareValues(cell, value) <= 0;
          case '>=':
            return cell != null && compareValues(cell, value) >= 0;
          case 'contains':
            return text.includes(needle);
          case 'notcontains':
            return !text.includes(needle);
          case 'startswith':
            return text.startsWith(needle);
          case 'endswith':
            return text.endsWith(needle);
        }
      };
    }
  }
}

/** Applies filter, sort and paging to rows held in memory. */
export function loadInMemory<T extends Record<string, unknown>>(
  rows: readonly T[],
  options: LoadOptions,
): { data: T[]; totalCount?: number } {
  let result = options.filter ? rows.filter(filterToPredicate(options.filter)) : [...rows];
  if (options.sort.length > 0) {
    result.sort((a, b) => {
      for (const { column, desc } of options.sort) {
        const order = compareValues(a[column], b[column]);
        if (order !== 0) return desc ? -order : order;
      }
      return 0;
    });
  }
  const totalCount = result.length;
  result = result.slice(options.skip, options.take === null ? undefined : options.skip + options.take);
  return options.requireTotalCount ? { data: result, totalCount } : { data: result };
}
