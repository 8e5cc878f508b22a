import type { GridField } from '../../components/data-grid/grid-types';
import { RATIO_FIELDS, RELIABILITY_FIELDS, TIME_FIELDS } from './indicator-fields';

/** The columns of the shift-index grid: per line and shift, the shift's indicators. */
export const SHIFT_INDEX_FIELDS: readonly GridField[] = [
  {
    name: 'lineID',
    label: 'indexes.fields.lineID',
    kind: 'number',
    identifier: true,
    width: 190,
    text: (row) => `${String(row.lineID)} · ${String(row.description ?? '')}`,
  },
  {
    name: 'productionDay',
    label: 'indexes.fields.productionDay',
    width: 150,
    // Stored with the shift by the work calendar that computed it (not always its start's date): sorted and filtered by the server.
    text: (row) => String(row.productionDay ?? ''),
  },
  { name: 'shift', label: 'indexes.fields.shift', width: 90, derived: true, text: (row) => String(row.shift ?? '') },
  // The figures a supervisor opens the page for come right after the shift's identity: in view at 1366 px.
  ...RATIO_FIELDS,
  { name: 'shiftStart', label: 'indexes.fields.shiftStart', kind: 'date', width: 185, initialSort: 'desc' },
  { name: 'shiftEnd', label: 'indexes.fields.shiftEnd', kind: 'date', width: 185 },
  { name: 'productionQuantity', label: 'indexes.fields.productionQuantity', kind: 'number', width: 150 },
  // Made with no order running on a line with the order manager: beside the staffed production, in no factor.
  { name: 'unstaffedQuantity', label: 'indexes.fields.unstaffedQuantity', kind: 'number', width: 150 },
  ...TIME_FIELDS,
  { name: 'adjustedDiscountTime', label: 'indexes.fields.adjustedDiscountTime', kind: 'minutes', width: 160 },
  ...RELIABILITY_FIELDS,
];
