import { Badge, Box, Button, Flex, HStack, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CellStyleModule,
  DateFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RenderApiModule,
  RowSelectionModule,
  RowStyleModule,
  TextFilterModule,
  type ColDef,
  type GetRowIdParams,
  type IDatasource,
  type IGetRowsParams,
  type RowClassParams,
  type RowSelectionOptions,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { notify } from '../feedback/toaster';
import { cellText, toCsv } from './field-values';
import { MAX_TAKE, gridPageQuery, pageRequest, recordKey, useRecordWrite } from './grid-api';
import type { FilterExpression, LoadRequest } from './grid-query';
import type { GridField, GridOperations, GridRow } from './grid-types';
import { DeleteRecordDialog } from './delete-record-dialog';
import { withHeaderMinWidth } from './header-width';
import { RecordFormDialog } from './record-form-dialog';
import { useFieldOptions } from './use-field-options';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  // api.refreshCells (cells redrawn when a lookup arrives): without it AG Grid logs error #200 on every grid page.
  RenderApiModule,
  RowSelectionModule,
  RowStyleModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  LocaleModule,
  CellStyleModule,
]);

export interface DataGridProps {
  /** The grid resource, e.g. '/api/users' (GET/POST/PUT/DELETE on it). */
  path: string;
  keyFields: readonly string[];
  fields: readonly GridField[];
  /** Whether the user may add, edit and delete (SPEC.md section 6); otherwise the grid is read-only. */
  canWrite: boolean;
  /** What the resource supports (default: all three). */
  operations?: Partial<GridOperations>;
  /** A fixed filter (a detail grid's master key), and-ed with the user's column filters. */
  filter?: FilterExpression | null;
  /** Values every insert carries (the master key of a detail grid). */
  fixedValues?: GridRow;
  /** File name of the CSV export, without extension (fixed per grid, SPEC.md section 9). */
  exportName: string;
  title?: string;
  pageSize?: number;
  height?: number | string;
  /** Each request of rows as sent (filter and sort): a page's own export asks for the same rows. */
  onLoad?: (request: LoadRequest) => void;
  /** The selected row changed (master-detail). */
  onSelect?: (row: GridRow | null) => void;
  /** More buttons for the toolbar. */
  toolbar?: ReactNode;
  /** Buttons in a last column of every row (the stops grid's 'Reconocer' / 'Modificar' and split). */
  rowActions?: { header: string; width: number; render: (row: GridRow) => ReactNode };
  /**
   * Rows the page holds (the log viewer's live tail), shown instead of the server's pages: paged here, in the order
   * given, not sortable; the filter and export still go to the server.
   */
  rows?: readonly GridRow[];
  formSize?: 'md' | 'lg' | 'xl';
  /** The toasts of this grid's writes where SPEC.md names them (validation orders, section 8); else the generic ones. */
  messages?: Partial<GridMessages>;
  /**
   * Several rows at once: a checkbox per row, delete removes every selected row after one confirmation through
   * `deleteSelected` (one call), 'clear selection' unticks them all; edit needs exactly one selected row.
   */
  multiSelect?: { deleteSelected: (keys: unknown[]) => Promise<unknown> };
  /**
   * Rows that can no longer be edited or deleted (a soft-deleted preload order, SPEC.md section 4): shown struck
   * through and greyed (class 'row-locked'), and edit and delete are hidden while one is selected.
   */
  isRowLocked?: (row: GridRow) => boolean;
  /**
   * Rows that change while they are shown (the indexes of the open shift and the running order): read again every
   * `refreshMs` (the plant's gridRefreshTime, SPEC.md section 9's timers) while the tab is visible and no form is
   * open, keeping the page, sort, filter and selection.
   */
  refreshMs?: number;
  testId?: string;
}

export interface GridMessages {
  inserted: string;
  updated: string;
  deleted: string;
  /** Title of the error toast of a refused delete (the server's message goes under it). */
  deleteFailed: string;
}

type FormState = { mode: 'insert' | 'update'; record: GridRow | null } | null;

/**
 * How long a page just answered is used again instead of asked for again: a page may ask for its grid's first page as
 * its route is entered (PageEntry.prefetch), while its code downloads and starts; the grid's own first request then
 * finds it in flight or just answered. A write marks every page stale at once (invalidateData), whatever its age.
 */
const FRESH_PAGE_MS = 2_000;

const FILTERS: Partial<Record<NonNullable<GridField['kind']>, string>> = {
  text: 'agTextColumnFilter',
  textarea: 'agTextColumnFilter',
  code: 'agTextColumnFilter',
  time: 'agTextColumnFilter',
  color: 'agTextColumnFilter',
  number: 'agNumberColumnFilter',
  minutes: 'agNumberColumnFilter',
  rate: 'agNumberColumnFilter',
  date: 'agDateColumnFilter',
};
/** Bare figures, aligned to the right of their cells (a field with its own text reads as text). */
const NUMERIC_KINDS: ReadonlySet<GridField['kind']> = new Set(['number', 'percent', 'minutes', 'rate']);

/**
 * The one grid of the app (STYLE.md principle 5): AG Grid over a grid resource, paged, sorted and filtered on the
 * server; add, edit and delete through a form dialog where the server's validation messages land on their fields;
 * CSV export of every row the filter matches.
 */
export function DataGrid({
  path,
  keyFields,
  fields,
  canWrite,
  operations,
  filter = null,
  fixedValues = {},
  exportName,
  title,
  pageSize = 20,
  height = 460,
  onLoad,
  onSelect,
  toolbar,
  rowActions,
  formSize,
  rows,
  messages,
  multiSelect,
  isRowLocked,
  refreshMs,
  testId = 'data-grid',
}: DataGridProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const gridRef = useRef<AgGridReact<GridRow>>(null);
  const lastRequest = useRef<LoadRequest | null>(null);
  const [selection, setSelection] = useState<GridRow[]>([]);
  const [form, setForm] = useState<FormState>(null);
  const [confirmDelete, setConfirmDelete] = useState<GridRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { optionsOf, resolver } = useFieldOptions(fields);
  const write = useRecordWrite(path);
  const can = { insert: true, update: true, delete: true, ...operations };
  // Edit works on one row; delete on the one selected row, or on all of them with multiSelect.
  const selected = selection.length === 1 ? selection[0]! : null;
  const locked = (row: GridRow) => isRowLocked?.(row) ?? false;
  const selectionLocked = selection.some(locked);
  const multiple = canWrite && !!multiSelect;
  const rowSelection = useMemo<RowSelectionOptions>(
    () =>
      multiple
        ? // The header's select-all needs every row in the browser; this grid pages on the server.
          { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: true }
        : { mode: 'singleRow', checkboxes: false, enableClickSelection: true },
    [multiple],
  );
  const yesNo = { yes: t('common.yes'), no: t('common.no') };
  const gridFields = fields.filter((field) => (field.inGrid ?? true) && !field.writeOnly);
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
        queryClient.fetchQuery({ ...gridPageQuery(path, request), staleTime: FRESH_PAGE_MS }).then(
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

  const formOpen = form !== null;
  useEffect(() => {
    if (!refreshMs || local || formOpen) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      // Marked stale first, so the pages in view are read from the server, not from those read in the last FRESH_PAGE_MS.
      void queryClient
        .invalidateQueries({ queryKey: ['grid', path], refetchType: 'none' })
        .then(() => gridRef.current?.api?.refreshInfiniteCache());
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, local, formOpen, queryClient, path]);

  // The cells read the options through a ref: when a lookup arrives or changes, the cells are redrawn, while the
  // columns (and so the rows, the sort and the selection) stay as they are.
  const resolverRef = useRef(resolver);
  useEffect(() => {
    resolverRef.current = resolver;
    gridRef.current?.api?.refreshCells({ force: true });
  }, [resolver]);

  const renderActions = rowActions?.render;
  const actionsHeader = rowActions?.header;
  const actionsWidth = rowActions?.width;
  const columnDefs = useMemo<ColDef<GridRow>[]>(
    () => [
      ...fields
        .filter((field) => (field.inGrid ?? true) && !field.writeOnly)
        .map((field): ColDef<GridRow> => ({
          colId: field.name,
          field: field.name,
          headerName: t(field.label),
          sortable: !local && !field.derived,
          initialSort: field.initialSort,
          pinned: field.pinned,
          type: NUMERIC_KINDS.has(field.kind) && !field.text ? 'rightAligned' : undefined,
          filter: local || field.derived || field.filterable === false ? false : (FILTERS[field.kind ?? 'text'] ?? false),
          filterParams: { maxNumConditions: 1, buttons: ['reset'] },
          valueFormatter: (params) =>
            params.data ? cellText(field, params.data, resolverRef.current, { yes: t('common.yes'), no: t('common.no') }) : '',
          cellRenderer: field.cell ? (params: { data?: GridRow }) => (params.data ? field.cell!(params.data) : null) : undefined,
          cellStyle:
            field.kind === 'color' ? (params) => ({ borderLeft: `12px solid ${String(params.value ?? 'transparent')}` }) : undefined,
          width: field.width,
          flex: field.width ? undefined : (field.flex ?? 1),
          // A long header ('Duración (min)', 'Motivo del llamado') wraps onto a second line instead of being cut: the
          // header's height is fixed (two lines) and the column's minimum width is its header's (header-width.ts).
          wrapHeaderText: true,
        }))
        .map(withHeaderMinWidth),
      ...(renderActions
        ? [
            {
              colId: '__actions',
              headerName: actionsHeader,
              width: actionsWidth,
              // A wide grid's row buttons stay in view, whatever the grid is scrolled to.
              pinned: 'right',
              wrapHeaderText: true,
              sortable: false,
              filter: false,
              cellRenderer: (params: { data?: GridRow }) => (params.data ? renderActions(params.data) : null),
            } satisfies ColDef<GridRow>,
          ]
        : []),
    ],
    [fields, t, renderActions, actionsHeader, actionsWidth, local],
  );

  // Reloads the rows once, however many causes ask in the same tick.
  const refreshPending = useRef(false);
  const refresh = () => {
    if (refreshPending.current) return;
    refreshPending.current = true;
    setTimeout(() => {
      refreshPending.current = false;
      gridRef.current?.api?.refreshInfiniteCache();
    }, 0);
  };

  // Rows held by the page changed: the grid reads them again (no call to the server).
  useEffect(() => {
    rowsRef.current = rows;
    if (rows) refresh();
  }, [rows]);

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
    [queryClient, path],
  );

  const saved = (mode: 'insert' | 'update') => {
    notify.success((mode === 'insert' ? messages?.inserted : messages?.updated) ?? t('grid.saved'));
    setForm(null);
    refresh();
  };

  const clearSelection = () => gridRef.current?.api?.deselectAll();

  const deleteRows = (rows: GridRow[]): Promise<unknown> =>
    multiSelect && multiple
      ? multiSelect.deleteSelected(rows.map((row) => recordKey(row, keyFields)))
      : write.mutateAsync({ kind: 'delete', key: recordKey(rows[0]!, keyFields) });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const request = { ...(lastRequest.current ?? { filter, sort: [] }), skip: 0, take: MAX_TAKE };
      const page = await queryClient.fetchQuery(gridPageQuery(path, request));
      const rows = page.data.map((row) => gridFields.map((field) => cellText(field, row, resolver, yesNo)));
      saveBlob(
        new Blob(
          [
            toCsv(
              gridFields.map((field) => t(field.label)),
              rows,
            ),
          ],
          { type: 'text/csv;charset=utf-8' },
        ),
        `${exportName}.csv`,
      );
    } catch (error) {
      notify.error(errorMessage(error, t('common.unknownError')));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box data-testid={testId}>
      <Flex align="center" gap="2" mb="2" wrap="wrap">
        {title && <Heading size="md">{title}</Heading>}
        {/* Read-only only when the user can do nothing here: row actions (recognize, split, adjust) are doing. */}
        {!canWrite && !rowActions && (
          <Badge colorPalette="gray" data-testid={`${testId}-read-only`}>
            {t('grid.readOnly')}
          </Badge>
        )}
        <HStack gap="2" ms="auto" wrap="wrap">
          {toolbar}
          {canWrite && can.insert && (
            <Button size="sm" colorPalette="teal" onClick={() => setForm({ mode: 'insert', record: null })} data-testid={`${testId}-add`}>
              {t('grid.add')}
            </Button>
          )}
          {canWrite && can.update && !selectionLocked && (
            <Button
              size="sm"
              variant="outline"
              disabled={!selected}
              onClick={() => selected && setForm({ mode: 'update', record: selected })}
              data-testid={`${testId}-edit`}
            >
              {t('grid.edit')}
            </Button>
          )}
          {canWrite && can.delete && !selectionLocked && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={multiple ? selection.length === 0 : !selected}
              onClick={() => setConfirmDelete(selection)}
              data-testid={`${testId}-delete`}
            >
              {t('grid.delete')}
            </Button>
          )}
          {multiple && (
            <Button
              size="sm"
              variant="outline"
              disabled={selection.length === 0}
              onClick={clearSelection}
              data-testid={`${testId}-clear-selection`}
            >
              {t('grid.clearSelection', { n: selection.length })}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => void exportCsv()} loading={exporting} data-testid={`${testId}-export`}>
            {t('grid.exportCsv')}
          </Button>
        </HStack>
      </Flex>
      {loadError && (
        <Text color="fg.error" mb="2" data-testid={`${testId}-load-error`}>
          {loadError}
        </Text>
      )}
      <Box h={height} w="full">
        <AgGridReact<GridRow>
          key={i18n.language}
          ref={gridRef}
          rowModelType="infinite"
          datasource={datasource}
          columnDefs={columnDefs}
          getRowId={(params: GetRowIdParams<GridRow>) => JSON.stringify(recordKey(params.data, keyFields))}
          pagination
          paginationPageSize={pageSize}
          paginationPageSizeSelector={false}
          cacheBlockSize={pageSize}
          rowSelection={rowSelection}
          onSelectionChanged={(event) => {
            const rows = event.api.getSelectedRows();
            setSelection(rows);
            onSelect?.(rows.length === 1 ? rows[0]! : null);
          }}
          getRowClass={
            isRowLocked
              ? (params: RowClassParams<GridRow>) => (params.data && isRowLocked(params.data) ? 'row-locked' : undefined)
              : undefined
          }
          onRowDoubleClicked={(event) =>
            canWrite && can.update && event.data && !locked(event.data) && setForm({ mode: 'update', record: event.data })
          }
          localeText={t('agGrid', { returnObjects: true }) as Record<string, string>}
        />
      </Box>
      {form && (
        <RecordFormDialog
          mode={form.mode}
          record={form.record}
          fields={fields}
          canWrite={canWrite}
          fixedValues={fixedValues}
          resolver={resolver}
          optionsOf={optionsOf}
          size={formSize}
          onClose={() => setForm(null)}
          onSubmit={(values) =>
            write
              .mutateAsync(
                form.mode === 'insert' ? { kind: 'insert', values } : { kind: 'update', key: recordKey(form.record!, keyFields), values },
              )
              .then(() => saved(form.mode))
          }
        />
      )}
      {confirmDelete && (
        <DeleteRecordDialog
          count={confirmDelete.length}
          remove={() => deleteRows(confirmDelete)}
          messages={messages}
          onClose={() => setConfirmDelete(null)}
          onDeleted={() => {
            setConfirmDelete(null);
            clearSelection();
            setSelection([]);
            onSelect?.(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
