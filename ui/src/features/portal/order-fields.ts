import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { ORDER_STATUS_OPTIONS } from '../indexes/order-index-fields';
import { RATIO_FIELDS } from '../indexes/indicator-fields';

/** A time of the row as its plant's own clock reads it ('2026-03-28 22:00:00'); sorted by the instant (…Ms). */
const plantTime = (name: 'startDate' | 'endDate') => (row: GridRow) => (row[name] as string | null) ?? '';

/**
 * The columns of the portal's orders grid: the edge's order indexes (same labels, kinds and formatters) with the
 * plant and the line's name in front. Starts and ends are each plant's own time: sorted on the server by the instant,
 * never filtered by column (the range above does that, in each plant's production days). The times in minutes are
 * computed per row by the API, so they are shown, not sorted.
 */
export const PORTAL_ORDER_FIELDS: readonly GridField[] = [
  { name: 'plantId', label: 'portal.orders.plant', width: 110, pinned: 'left' },
  { name: 'order', label: 'indexes.fields.order', width: 120, pinned: 'left' },
  { name: 'op', label: 'indexes.fields.op', width: 100 },
  { name: 'lineID', label: 'indexes.fields.lineID', kind: 'number', identifier: true, width: 80 },
  { name: 'line', label: 'portal.orders.line', width: 150 },
  { name: 'lot', label: 'indexes.fields.lot', width: 100 },
  { name: 'productCode', label: 'indexes.fields.productCode', width: 130 },
  { name: 'productName', label: 'indexes.fields.productName', width: 180 },
  { name: 'startMs', label: 'indexes.fields.startDate', width: 190, text: plantTime('startDate'), filterable: false, initialSort: 'desc' },
  { name: 'endMs', label: 'indexes.fields.endDate', width: 190, text: plantTime('endDate'), filterable: false },
  { name: 'desiredProductionQuantity', label: 'indexes.fields.desiredProductionQuantity', kind: 'number', width: 150 },
  { name: 'productionQuantity', label: 'indexes.fields.productionQuantity', kind: 'number', width: 150 },
  { name: 'discardQuantity', label: 'portal.orders.discardQuantity', kind: 'number', width: 150 },
  ...RATIO_FIELDS,
  { name: 'runtime', label: 'indexes.fields.runtime', kind: 'minutes', width: 140, derived: true },
  { name: 'staffedTime', label: 'indexes.fields.staffedTime', kind: 'minutes', width: 140, derived: true },
  { name: 'stopTime', label: 'portal.orders.stopTime', kind: 'minutes', width: 140, derived: true },
  { name: 'status', label: 'indexes.fields.status', kind: 'select', options: ORDER_STATUS_OPTIONS, width: 120 },
];
