import { Box, Text } from '@chakra-ui/react';
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
  type GetRowIdParams,
  type RowClassParams,
  type RowSelectionOptions,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../feedback/toaster';
import { recordKey, useRecordWrite } from './grid-api';
import { useGridColumns, type RowActions } from './grid-columns';
import { useGridDatasource } from './grid-datasource';
import type { FilterExpression, LoadRequest } from './grid-query';
import { GridToolbar, useCsvExport } from './grid-toolbar';
import type { GridField, GridOperations, GridRow } from './grid-types';
import { DeleteRecordDialog, preloadRecordDialogs, RecordFormDialog } from './record-dialogs';
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

/** `T`: the row as the resource answers it (its edge schema's `z.infer`); the fields, selection and row actions read it. */
export interface DataGridProps<T extends GridRow = GridRow> {
  /** The grid resource, e.g. '/api/users' (GET/POST/PUT/DELETE on it). */
  path: string;
  keyFields: readonly string[];
  fields: readonly GridField<T>[];
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
  onSelect?: (row: T | null) => void;
  /** More buttons for the toolbar. */
  toolbar?: ReactNode;
  /** Buttons in a last column of every row (the stops grid's 'Reconocer' / 'Modificar' and split). */
  rowActions?: RowActions<T>;
  /**
   * Rows the page holds (the log viewer's live tail), shown instead of the server's pages: paged here, in the order
   * given, not sortable; the filter and export still go to the server.
   */
  rows?: readonly T[];
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
  isRowLocked?: (row: T) => boolean;
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

type FormState<T> = { mode: 'insert' | 'update'; record: T | null } | null;

/**
 * The one grid of the app (STYLE.md principle 5): AG Grid over a grid resource, paged, sorted and filtered on the
 * server; add, edit and delete through a form dialog where the server's validation messages land on their fields;
 * CSV export of every row the filter matches. Its rows (grid-datasource.ts), columns (grid-columns.tsx) and toolbar
 * with the export (grid-toolbar.tsx) are its own files; this one holds the selection and the dialogs.
 */
export function DataGrid<T extends GridRow = GridRow>({
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
}: DataGridProps<T>) {
  const { t, i18n } = useTranslation();
  const gridRef = useRef<AgGridReact<T>>(null);
  const [selection, setSelection] = useState<T[]>([]);
  const [form, setForm] = useState<FormState<T>>(null);
  const [confirmDelete, setConfirmDelete] = useState<T[] | null>(null);
  const { optionsOf, resolver } = useFieldOptions(fields);
  const write = useRecordWrite(path);
  const can = { insert: true, update: true, delete: true, ...operations };
  // Edit works on one row; delete on the one selected row, or on all of them with multiSelect.
  const selected = selection.length === 1 ? selection[0]! : null;
  const locked = (row: T) => isRowLocked?.(row) ?? false;
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

  const { datasource, lastRequest, loadError, local, refresh } = useGridDatasource<T>({
    path,
    filter,
    rows,
    onLoad,
    refreshMs,
    paused: form !== null,
    gridRef,
  });
  const columnDefs = useGridColumns<T>(fields, resolver, rowActions, local, gridRef);
  const { exportCsv, exporting } = useCsvExport<T>({ path, fields, filter, lastRequest, resolver, exportName });

  const saved = (mode: 'insert' | 'update') => {
    notify.success((mode === 'insert' ? messages?.inserted : messages?.updated) ?? t('grid.saved'));
    setForm(null);
    refresh();
  };

  const clearSelection = () => gridRef.current?.api?.deselectAll();

  const deleteRows = (rows: T[]): Promise<unknown> =>
    multiSelect && multiple
      ? multiSelect.deleteSelected(rows.map((row) => recordKey(row, keyFields)))
      : write.mutateAsync({ kind: 'delete', key: recordKey(rows[0]!, keyFields) });

  return (
    <Box data-testid={testId}>
      <GridToolbar
        testId={testId}
        title={title}
        // Read-only only when the user can do nothing here: row actions (recognize, split, adjust) are doing.
        readOnly={!canWrite && !rowActions}
        extra={toolbar}
        onAdd={canWrite && can.insert ? () => setForm({ mode: 'insert', record: null }) : undefined}
        onEdit={canWrite && can.update && !selectionLocked ? () => selected && setForm({ mode: 'update', record: selected }) : undefined}
        editDisabled={!selected}
        onDelete={canWrite && can.delete && !selectionLocked ? () => setConfirmDelete(selection) : undefined}
        deleteDisabled={multiple ? selection.length === 0 : !selected}
        clearSelection={multiple ? { count: selection.length, clear: clearSelection } : undefined}
        onExport={() => void exportCsv()}
        exporting={exporting}
      />
      {loadError && (
        <Text color="fg.error" mb="2" data-testid={`${testId}-load-error`}>
          {loadError}
        </Text>
      )}
      <Box h={height} w="full">
        <AgGridReact<T>
          key={i18n.language}
          ref={gridRef}
          rowModelType="infinite"
          datasource={datasource}
          columnDefs={columnDefs}
          getRowId={(params: GetRowIdParams<T>) => JSON.stringify(recordKey(params.data, keyFields))}
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
          // The record dialogs' code, fetched as soon as the first rows are drawn, for a user who may open them
          // (record-dialogs.tsx): not on idle, which a slow terminal reaches late, after a quick 'Nuevo'.
          onFirstDataRendered={canWrite ? preloadRecordDialogs : undefined}
          getRowClass={
            isRowLocked ? (params: RowClassParams<T>) => (params.data && isRowLocked(params.data) ? 'row-locked' : undefined) : undefined
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
