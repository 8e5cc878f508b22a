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
  RowSelectionModule,
  TextFilterModule,
  type ColDef,
  type GetRowIdParams,
  type IDatasource,
  type IGetRowsParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { notify } from '../feedback/toaster';
import { displayValue, toCsv } from './field-values';
import { MAX_TAKE, gridPageQuery, recordKey, useRecordWrite } from './grid-api';
import { filterFromModel, joinFilters, sortFromModel, type FilterExpression, type LoadRequest } from './grid-query';
import type { GridField, GridOperations, GridRow } from './grid-types';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordFormDialog } from './record-form-dialog';
import { useFieldOptions } from './use-field-options';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  RowSelectionModule,
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
  /** The selected row changed (master-detail). */
  onSelect?: (row: GridRow | null) => void;
  /** More buttons for the toolbar. */
  toolbar?: ReactNode;
  /** Buttons in a last column of every row (the stops grid's 'Reconocer' / 'Modificar' and split). */
  rowActions?: { header: string; width: number; render: (row: GridRow) => ReactNode };
  formSize?: 'md' | 'lg' | 'xl';
  testId?: string;
}

type FormState = { mode: 'insert' | 'update'; record: GridRow | null } | null;

const FILTERS: Partial<Record<NonNullable<GridField['kind']>, string>> = { text: 'agTextColumnFilter', textarea: 'agTextColumnFilter', code: 'agTextColumnFilter', time: 'agTextColumnFilter', color: 'agTextColumnFilter', number: 'agNumberColumnFilter', date: 'agDateColumnFilter' };

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
  onSelect,
  toolbar,
  rowActions,
  formSize,
  testId = 'data-grid',
}: DataGridProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const gridRef = useRef<AgGridReact<GridRow>>(null);
  const lastRequest = useRef<LoadRequest | null>(null);
  const [selected, setSelected] = useState<GridRow | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [confirmDelete, setConfirmDelete] = useState<GridRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { optionsOf, resolver } = useFieldOptions(fields);
  const write = useRecordWrite(path);
  const can = { insert: true, update: true, delete: true, ...operations };
  const yesNo = { yes: t('common.yes'), no: t('common.no') };
  const gridFields = fields.filter((field) => (field.inGrid ?? true) && !field.writeOnly);
  const filterKey = JSON.stringify(filter);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params: IGetRowsParams) {
        const request: LoadRequest = {
          filter: joinFilters('and', [filterKey === 'null' ? null : (JSON.parse(filterKey) as FilterExpression), filterFromModel(params.filterModel)]),
          sort: sortFromModel(params.sortModel),
          skip: params.startRow,
          take: params.endRow - params.startRow,
        };
        lastRequest.current = request;
        queryClient.fetchQuery(gridPageQuery(path, request)).then(
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
    [path, filterKey, queryClient, t],
  );

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
        .map(
          (field): ColDef<GridRow> => ({
            colId: field.name,
            field: field.name,
            headerName: t(field.label),
            sortable: true,
            filter: FILTERS[field.kind ?? 'text'] ?? false,
            filterParams: { maxNumConditions: 1, buttons: ['reset'] },
            valueFormatter: (params) => displayValue(field, params.value, resolverRef.current, { yes: t('common.yes'), no: t('common.no') }),
            cellStyle: field.kind === 'color' ? (params) => ({ borderLeft: `12px solid ${String(params.value ?? 'transparent')}` }) : undefined,
            width: field.width,
            flex: field.width ? undefined : (field.flex ?? 1),
            minWidth: 90,
          }),
        ),
      ...(renderActions
        ? [{ colId: '__actions', headerName: actionsHeader, width: actionsWidth, sortable: false, filter: false, cellRenderer: (params: { data?: GridRow }) => (params.data ? renderActions(params.data) : null) } satisfies ColDef<GridRow>]
        : []),
    ],
    [fields, t, renderActions, actionsHeader, actionsWidth],
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

  // A write anywhere that marks this resource's data stale (a stop recognized in a dialog) shows in the rows.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.queryKey[0] === 'grid' && event.query.queryKey[1] === path) refresh();
      }),
    [queryClient, path],
  );

  const saved = () => {
    notify.success(t('grid.saved'));
    setForm(null);
    refresh();
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const request = { ...(lastRequest.current ?? { filter, sort: [] }), skip: 0, take: MAX_TAKE };
      const page = await queryClient.fetchQuery(gridPageQuery(path, request));
      const rows = page.data.map((row) => gridFields.map((field) => displayValue(field, row[field.name], resolver, yesNo)));
      saveBlob(new Blob([toCsv(gridFields.map((field) => t(field.label)), rows)], { type: 'text/csv;charset=utf-8' }), `${exportName}.csv`);
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
        {!canWrite && (
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
          {canWrite && can.update && (
            <Button size="sm" variant="outline" disabled={!selected} onClick={() => selected && setForm({ mode: 'update', record: selected })} data-testid={`${testId}-edit`}>
              {t('grid.edit')}
            </Button>
          )}
          {canWrite && can.delete && (
            <Button size="sm" variant="outline" colorPalette="red" disabled={!selected} onClick={() => setConfirmDelete(selected)} data-testid={`${testId}-delete`}>
              {t('grid.delete')}
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
          rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
          onSelectionChanged={(event) => {
            const row = event.api.getSelectedRows()[0] ?? null;
            setSelected(row);
            onSelect?.(row);
          }}
          onRowDoubleClicked={(event) => canWrite && can.update && event.data && setForm({ mode: 'update', record: event.data })}
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
              .mutateAsync(form.mode === 'insert' ? { kind: 'insert', values } : { kind: 'update', key: recordKey(form.record!, keyFields), values })
              .then(saved)
          }
        />
      )}
      {confirmDelete && (
        <DeleteRecordDialog
          path={path}
          recordKey={recordKey(confirmDelete, keyFields)}
          onClose={() => setConfirmDelete(null)}
          onDeleted={() => {
            setConfirmDelete(null);
            setSelected(null);
            onSelect?.(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
