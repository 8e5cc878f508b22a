/**
 * AG Grid's sort and filter models as the server's load options (ARCHITECTURE.md "API conventions"): `sort` is
 * `[{ selector, desc }]`, `filter` a DevExtreme-style expression such as `[["name","contains","x"],"and",["lineID","=",1]]`.
 * Pure, so the mapping is unit-tested without a browser.
 */
import { addPlantDays } from '../../lib/plant-time';

export type FilterExpression = readonly unknown[];
export interface SortItem {
  selector: string;
  desc: boolean;
}

interface SimpleModel {
  filterType?: string;
  type?: string | null;
  filter?: string | number | null;
  filterTo?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}
interface CombinedModel {
  filterType?: string;
  operator: 'AND' | 'OR';
  conditions: SimpleModel[];
}
export type ColumnFilterModel = SimpleModel | CombinedModel;

const COMPARISON: Record<string, string> = {
  equals: '=',
  notEqual: '<>',
  lessThan: '<',
  lessThanOrEqual: '<=',
  greaterThan: '>',
  greaterThanOrEqual: '>=',
  contains: 'contains',
  notContains: 'notcontains',
  startsWith: 'startswith',
  endsWith: 'endswith',
};

/** Joins expressions with one operator; null parts are left out. */
export function joinFilters(operator: 'and' | 'or', parts: readonly (FilterExpression | null)[]): FilterExpression | null {
  const present = parts.filter((part): part is FilterExpression => part !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0]!;
  return present.flatMap((part, i) => (i === 0 ? [part] : [operator, part]));
}

function simpleFilter(column: string, model: SimpleModel): FilterExpression | null {
  const type = model.type ?? 'equals';
  if (type === 'blank') return model.filterType === 'text' ? [[column, '=', null], 'or', [column, '=', '']] : [column, '=', null];
  if (type === 'notBlank') return model.filterType === 'text' ? [[column, '<>', null], 'and', [column, '<>', '']] : [column, '<>', null];
  if (model.filterType === 'date') {
    const from = model.dateFrom?.slice(0, 10);
    if (!from) return null;
    // A day is the range from its start to the next day's start, in the plant's time (the server reads local dates so).
    if (type === 'equals') return [[column, '>=', from], 'and', [column, '<', addPlantDays(from, 1)]];
    if (type === 'notEqual') return [[column, '<', from], 'or', [column, '>=', addPlantDays(from, 1)]];
    if (type === 'lessThan') return [column, '<', from];
    if (type === 'greaterThan') return [column, '>=', addPlantDays(from, 1)];
    if (type === 'inRange') {
      const to = model.dateTo?.slice(0, 10) ?? from;
      return [[column, '>=', from], 'and', [column, '<', addPlantDays(to, 1)]];
    }
    return null;
  }
  if (model.filter === null || model.filter === undefined || model.filter === '') return null;
  if (type === 'inRange') {
    if (model.filterTo === null || model.filterTo === undefined) return [column, '>=', model.filter];
    return [[column, '>=', model.filter], 'and', [column, '<=', model.filterTo]];
  }
  const op = COMPARISON[type];
  return op ? [column, op, model.filter] : null;
}

function columnFilter(column: string, model: ColumnFilterModel): FilterExpression | null {
  if ('conditions' in model) {
    const parts = model.conditions.map((condition) => simpleFilter(column, { filterType: model.filterType, ...condition }));
    return joinFilters(model.operator === 'OR' ? 'or' : 'and', parts);
  }
  return simpleFilter(column, model);
}

/** The grid's filter model (one entry per filtered column) as one expression; the columns are and-ed. */
export function filterFromModel(filterModel: Record<string, ColumnFilterModel> | null | undefined): FilterExpression | null {
  if (!filterModel) return null;
  return joinFilters(
    'and',
    Object.entries(filterModel).map(([column, model]) => columnFilter(column, model)),
  );
}

/** The sort a grid starts with: its fields' initial sort, in column order (what AG Grid's first request asks). */
export function initialSortOf(fields: readonly { name: string; initialSort?: 'asc' | 'desc' }[]): SortItem[] {
  return fields.filter((field) => field.initialSort).map((field) => ({ selector: field.name, desc: field.initialSort === 'desc' }));
}

export function sortFromModel(sortModel: readonly { colId: string; sort: 'asc' | 'desc' | null | undefined }[]): SortItem[] {
  return sortModel.filter((item) => item.sort).map((item) => ({ selector: item.colId, desc: item.sort === 'desc' }));
}

export interface LoadRequest {
  filter: FilterExpression | null;
  sort: SortItem[];
  skip: number;
  take: number;
}

/** The query string of a grid call: JSON filter and sort, skip, take and requireTotalCount. */
export function loadQuery(request: LoadRequest): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { skip: request.skip, take: request.take, requireTotalCount: true };
  if (request.filter) query.filter = JSON.stringify(request.filter);
  if (request.sort.length) query.sort = JSON.stringify(request.sort);
  return query;
}
