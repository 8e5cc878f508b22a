import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { FetchedOptions, GridOption, GridRow } from './grid-types';
import {
  filterFromModel,
  joinFilters,
  loadQuery,
  sortFromModel,
  type ColumnFilterModel,
  type FilterExpression,
  type LoadRequest,
  type SortItem,
} from './grid-query';

/**
 * The generic grid calls of ARCHITECTURE.md: list with load options → { data, totalCount }; insert `values`;
 * update `key` + `values`; delete `key` (form fields holding JSON).
 */

/** A page of a grid resource: its rows as the resource answers them (`T`, its edge schema's `z.infer`) and their total. */
export interface GridPage<T extends GridRow = GridRow> {
  data: T[];
  totalCount: number;
}

/** The most rows one call returns (the server's MAX_TAKE): the export asks for this many. */
export const MAX_TAKE = 10_000;

/** A page of the resource at `path`, whose rows are `T` (the type of its declared row schema, imported from the edge). */
export function listRecords<T extends GridRow = GridRow>(path: string, request: LoadRequest): Promise<GridPage<T>> {
  return apiRequest<GridPage<T>>(path, { query: loadQuery(request) });
}

/**
 * A page of a grid. The same page asked again within a second is read once: a page started at a click (see
 * prefetchFirstPage) serves the grid that mounts a moment later. A write invalidates every page, so nothing written
 * is ever served from before it.
 */
export const gridPageQuery = <T extends GridRow = GridRow>(path: string, request: LoadRequest) =>
  queryOptions({ queryKey: ['grid', path, request], queryFn: () => listRecords<T>(path, request), staleTime: 1_000 });

/** The request of a grid's rows as the grid's datasource makes it: its fixed filter and the user's, sort, rows. */
export function pageRequest(
  filter: FilterExpression | null,
  filterModel: Record<string, ColumnFilterModel> | null,
  sortModel: Parameters<typeof sortFromModel>[0],
  startRow: number,
  endRow: number,
): LoadRequest {
  return {
    filter: joinFilters('and', [filter, filterFromModel(filterModel)]),
    sort: sortFromModel(sortModel),
    skip: startRow,
    take: endRow - startRow,
  };
}

/** The first page a DataGrid asks for: its fixed filter, no column filter, its fields' initial sort (initialSortOf). */
export function firstPageRequest(filter: FilterExpression | null, pageSize: number, sort: readonly SortItem[] = []): LoadRequest {
  return { ...pageRequest(filter, null, [], 0, pageSize), sort: [...sort] };
}

/**
 * Starts reading the first page a DataGrid of `path` with this fixed filter, page size and initial sort will ask for,
 * before it mounts (at the click that shows it, as its route is entered), so its rows come as soon as the server answers.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  path: string,
  filter: FilterExpression | null,
  pageSize: number,
  sort: readonly SortItem[] = [],
): Promise<void> {
  return queryClient.prefetchQuery(gridPageQuery(path, firstPageRequest(filter, pageSize, sort)));
}

export function insertRecord(path: string, values: GridRow): Promise<GridRow> {
  return apiRequest<GridRow>(path, { method: 'POST', form: { values } });
}

export function updateRecord(path: string, key: unknown, values: GridRow): Promise<GridRow> {
  return apiRequest<GridRow>(path, { method: 'PUT', form: { key, values } });
}

export function deleteRecord(path: string, key: unknown): Promise<void> {
  return apiRequest<void>(path, { method: 'DELETE', form: { key } });
}

/** The key of a record as the calls take it: the value itself for one key column, else an object. */
export function recordKey(record: GridRow, keyFields: readonly string[]): unknown {
  if (keyFields.length === 1) return record[keyFields[0]!];
  return Object.fromEntries(keyFields.map((field) => [field, record[field]]));
}

/**
 * After a write, what other screens show may have changed too (a new sector in the lookups, a new line in the OEE
 * menu): every query of data is marked stale, except the session and version checks.
 */
export function invalidateData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !['session', 'meta'].includes(String(query.queryKey[0])),
  });
}

export type RecordWrite =
  { kind: 'insert'; values: GridRow } | { kind: 'update'; key: unknown; values: GridRow } | { kind: 'delete'; key: unknown };

export function useRecordWrite(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: RecordWrite): Promise<unknown> => {
      switch (write.kind) {
        case 'insert':
          return insertRecord(path, write.values);
        case 'update':
          return updateRecord(path, write.key, write.values);
        case 'delete':
          return deleteRecord(path, write.key);
      }
    },
    onSuccess: () => invalidateData(queryClient),
  });
}

export function getLookup(path: string): Promise<GridOption[]> {
  return apiRequest<GridOption[]>(path);
}

/** The choices of a select field, from a lookup call or from the rows of a grid resource. */
export function optionsQuery(source: FetchedOptions) {
  return queryOptions({
    queryKey: ['lookup', source],
    queryFn: async (): Promise<GridOption[]> => {
      if (source.kind === 'lookup') return getLookup(source.path);
      const page = await listRecords(source.path, {
        filter: source.filter ?? null,
        sort: [{ selector: source.text, desc: false }],
        skip: 0,
        take: MAX_TAKE,
      });
      return page.data.map((row) => ({ value: row[source.value] as string | number, text: String(row[source.text] ?? '') }));
    },
    staleTime: 60_000,
  });
}
