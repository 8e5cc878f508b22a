import { useQueryClient } from '@tanstack/react-query';
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import type { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { gridPageQuery, pageRequest } from './grid-api';
import type { FilterExpression, LoadRequest } from './grid-query';
import type { GridRow } from './grid-types';

/**
 * How long a page just answered is used again instead of asked for again: a page may ask for its grid's first page as
 * its route is entered (PageEntry.prefetch), while its code downloads and starts; the grid's own first request then
 * finds it in flight or just answered. A write marks every page stale at once (invalidateData), whatever its age.
 */
const FRESH_PAGE_MS = 2_000;

export interface GridDatasourceOptions<T extends GridRow> {
  path: string;
  /** A fixed filter (a detail grid's master key), and-ed with the user's column filters. */
  filter: FilterExpression | null;
  /** Rows the page holds, paged here instead of the server's pages (the log viewer's live tail). */
  rows: readonly T[] | undefined;
  /** Each request of rows as sent (filter and sort). */
  onLoad: ((request: LoadRequest) => void) | undefined;
  /** Read the rows again every refreshMs while the tab is visible (and `paused` is false). */
  refreshMs: number | undefined;
  /** A form is open: the periodic refresh waits. */
  paused: boolean;
  gridRef: RefObject<AgGridReact<T> | null>;
}

/**
 * The rows of a DataGrid: AG Grid's infinite datasource over the resource's pages (or over the rows the page holds),
 * the request last sent (the export asks for the same rows), the error of the last load, and `refresh`, which reads
 * the rows again once however many causes ask in the same tick: a write of this grid, a write anywhere that marks the
 * resource's pages stale, the held rows changing, and the periodic refresh.
 */
export function useGridDatasource<T extends GridRow>({ path, filter, rows, onLoad, refreshMs, paused, gridRef }: GridDatasourceOptions<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lastRequest = useRef<LoadRequest | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const filterKey = JSON.stringify(filter);
  const local = rows !== undefined;
  const rowsRef = useRef(rows);

  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  }, [onLoad]);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params: IGetRowsParams) {
        if (local) {
          const held = rowsRef.current ?? [];
          params.successCallback(held.slice(params.startRow, params.endRow), held.length);
          return;
        }
        const request = pageRequest(
          filterKey === 'null' ? null : (JSON.parse(filterKey) as FilterExpression),
          params.filterModel,
          params.sortModel,
          params.startRow,
          params.endRow,
        );
        lastRequest.current = request;
        onLoadRef.current?.(request);
        queryClient.fetchQuery({ ...gridPageQuery<T>(path, request), staleTime: FRESH_PAGE_MS }).then(
          (page) => {
            setLoadError(null);
            params.successCallback(page.data, page.totalCount);
          },
          (error: unknown) => {
            setLoadError(errorMessage(error, t('common.unknownError')));
            params.failCallback();
          },
        );
      },
    }),
    [path, filterKey, queryClient, t, local],
  );

  useEffect(() => {
    if (!refreshMs || local || paused) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      // Marked stale first, so the pages in view are read from the server, not from those read in the last FRESH_PAGE_MS.
      void queryClient
        .invalidateQueries({ queryKey: ['grid', path], refetchType: 'none' })
        .then(() => gridRef.current?.api?.refreshInfiniteCache());
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, local, paused, queryClient, path, gridRef]);

  // Reloads the rows once, however many causes ask in the same tick.
  const refreshPending = useRef(false);
  const refresh = useCallback(() => {
    if (refreshPending.current) return;
    refreshPending.current = true;
    setTimeout(() => {
      refreshPending.current = false;
      gridRef.current?.api?.refreshInfiniteCache();
    }, 0);
  }, [gridRef]);

  // Rows held by the page changed: the grid reads them again (no call to the server).
  useEffect(() => {
    rowsRef.current = rows;
    if (rows) refresh();
  }, [rows, refresh]);

  // A write anywhere that marks this resource's data stale (a stop recognized in a dialog) shows in the rows.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'invalidate' &&
          event.query.queryKey[0] === 'grid' &&
          event.query.queryKey[1] === path
        )
          refresh();
      }),
    [queryClient, path, refresh],
  );

  return { datasource, lastRequest, loadError, local, refresh };
}
