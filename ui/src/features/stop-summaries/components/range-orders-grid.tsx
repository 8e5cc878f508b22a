import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { prefetchFirstPage } from '../../../components/data-grid/grid-api';
import type { GridField, GridRow } from '../../../components/data-grid/grid-types';
import { rangeOrdersFilter } from '../range-orders';

const FIELDS: readonly GridField[] = [
  { name: 'order', label: 'stopSummary.orderFields.order', width: 130 },
  { name: 'op', label: 'stopSummary.orderFields.op', width: 95 },
  { name: 'productCode', label: 'stopSummary.orderFields.productCode', width: 120 },
  { name: 'productName', label: 'stopSummary.orderFields.productName', width: 190 },
  { name: 'startDate', label: 'stopSummary.orderFields.startDate', kind: 'date', width: 170 },
  { name: 'endDate', label: 'stopSummary.orderFields.endDate', kind: 'date', width: 170 },
  { name: 'desiredProductionQuantity', label: 'stopSummary.orderFields.desiredProductionQuantity', kind: 'number', width: 130 },
  { name: 'productionQuantity', label: 'stopSummary.orderFields.productionQuantity', kind: 'number', width: 130 },
  { name: 'utilization', label: 'stopSummary.orderFields.utilization', kind: 'percent', width: 110 },
  { name: 'throughput', label: 'stopSummary.orderFields.throughput', kind: 'percent', width: 110 },
  { name: 'acceptance', label: 'stopSummary.orderFields.acceptance', kind: 'percent', width: 110 },
  { name: 'oee', label: 'stopSummary.orderFields.oee', kind: 'percent', width: 90 },
];

const PATH = '/api/oeeindex';
const PAGE_SIZE = 10;

interface RangeOrders {
  lineID: number;
  range: { start: string; end: string };
  productCode?: string | null;
}

/** Starts reading the first page of the range's orders (at 'Aplicar', before the grid mounts). */
export function prefetchRangeOrders(queryClient: QueryClient, { lineID, range, productCode = null }: RangeOrders): Promise<void> {
  return prefetchFirstPage(queryClient, PATH, rangeOrdersFilter(lineID, range, productCode), PAGE_SIZE);
}

/**
 * The orders of the line that share time with the range (the order-index grid, read-only, paged on the server), or
 * `rows` given instead (the summaries' rehearsal).
 */
export function RangeOrdersGrid({
  lineID,
  range,
  productCode = null,
  rows,
  testId,
}: RangeOrders & { rows?: readonly GridRow[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <DataGrid
      path={PATH}
      keyFields={['order']}
      fields={FIELDS}
      canWrite={false}
      filter={rangeOrdersFilter(lineID, range, productCode)}
      exportName="resumen-paradas-ordenes"
      title={t('stopSummary.orders')}
      pageSize={PAGE_SIZE}
      rows={rows}
      height={340}
      testId={testId}
    />
  );
}
