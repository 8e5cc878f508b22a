import type { ColDef, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText, type OptionResolver } from './field-values';
import type { GridField, GridRow } from './grid-types';
import { withHeaderMinWidth } from './header-width';

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
 * A cell AG Grid draws itself (a class with getGui, not a React component): the element a field's `cellElement` made
 * for the row. A changed row is drawn again (refresh answers false), as a React cell is.
 */
class ElementCell implements ICellRendererComp {
  private element!: HTMLElement;
  init(params: ICellRendererParams & { element: HTMLElement }): void {
    this.element = params.element;
  }
  getGui(): HTMLElement {
    return this.element;
  }
  refresh(): boolean {
    return false;
  }
}

/** Buttons in a last column of every row (the stops grid's 'Reconocer' / 'Modificar' and split). */
export interface RowActions<T extends GridRow> {
  header: string;
  width: number;
  render: (row: T) => ReactNode;
}

/**
 * The columns of a DataGrid: one per field shown in the grid (sorted and filtered on the server unless the rows are
 * the page's own or the field is derived), and the row actions' column. The cells read the select fields' options
 * through a ref: when a lookup arrives or changes, the cells are redrawn, while the columns (and so the rows, the sort
 * and the selection) stay as they are.
 */
export function useGridColumns<T extends GridRow>(
  fields: readonly GridField<T>[],
  resolver: OptionResolver,
  rowActions: RowActions<T> | undefined,
  local: boolean,
  gridRef: RefObject<AgGridReact<T> | null>,
): ColDef<T>[] {
  const { t } = useTranslation();
  const resolverRef = useRef(resolver);
  useEffect(() => {
    resolverRef.current = resolver;
    gridRef.current?.api?.refreshCells({ force: true });
  }, [resolver, gridRef]);

  const renderActions = rowActions?.render;
  const actionsHeader = rowActions?.header;
  const actionsWidth = rowActions?.width;
  return useMemo<ColDef<T>[]>(
    () => [
      ...fields
        .filter((field) => (field.inGrid ?? true) && !field.writeOnly)
        .map(
          // AG Grid's own column type reads the row's value by the field's name (a path it can only check of a row
          // type it knows, which these shared columns do not): a column of any row, which the grid's rows fit.
          (field): ColDef => ({
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
            cellRenderer: field.cell ? (params: { data?: T }) => (params.data ? field.cell!(params.data) : null) : undefined,
            cellRendererSelector:
              field.cellElement && !field.cell
                ? (params) => {
                    const element = params.data ? field.cellElement!(params.data) : undefined;
                    return element ? { component: ElementCell, params: { element } } : undefined;
                  }
                : undefined,
            cellStyle:
              field.kind === 'color' ? (params) => ({ borderLeft: `12px solid ${String(params.value ?? 'transparent')}` }) : undefined,
            width: field.width,
            flex: field.width ? undefined : (field.flex ?? 1),
            // A long header ('Duración (min)', 'Motivo del llamado') wraps onto a second line instead of being cut: the
            // header's height is fixed (two lines) and the column's minimum width is its header's (header-width.ts).
            wrapHeaderText: true,
          }),
        )
        .map((column): ColDef => withHeaderMinWidth(column)),
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
              cellRenderer: (params: { data?: T }) => (params.data ? renderActions(params.data) : null),
            } satisfies ColDef<T>,
          ]
        : []),
    ],
    [fields, t, renderActions, actionsHeader, actionsWidth, local],
  );
}
