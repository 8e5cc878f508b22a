import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import { AdjustDialog } from '../../components/orders/lazy-adjust-dialog';
import { RowButton } from '../../components/row-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { hasRole, ORDER_ADJUST_ROLES } from '../../lib/roles';
import { useGridRefreshMs } from '../../lib/parameters';
import { useSessionUser } from '../../lib/session';
import { ORDER_INDEX_PAGE_SIZE, ORDER_INDEX_PATH } from './api/get-order-indexes';
import { IndexFilterBar } from './components/index-filter-bar';
import { WaterfallSection } from './components/waterfall-section';
import { NO_INDEX_FILTER, orderIndexFilter } from './index-filters';
import { orderIndexFields, type OrderIndex } from './order-index-fields';

/**
 * /indexes/order (SPEC.md sections 2, 3, 4, 6): every order with its indexes, newest first, paged on the server,
 * filtered by line, production days and status. The supervisor adjusts an ended order's discount ('Ajustar') and
 * switches its validation, both signed; the others only read.
 */
export default function OrderIndexesPage() {
  const { t } = useTranslation();
  const refreshMs = useGridRefreshMs();
  useDocumentTitle(t('orderIndexes.title'));
  const user = useSessionUser();
  const supervisor = hasRole(user?.roleID, ORDER_ADJUST_ROLES);
  const [filter, setFilter] = useState(NO_INDEX_FILTER);
  const [adjusting, setAdjusting] = useState<OrderIndex | null>(null);
  const [selected, setSelected] = useState<OrderIndex | null>(null);
  const fields = useMemo(() => orderIndexFields(t, supervisor), [t, supervisor]);
  const renderAdjust = useCallback(
    (order: OrderIndex) => {
      return (
        <RowButton disabled={!order.endDate} onClick={() => setAdjusting(order)} data-testid={`adjust-${order.order}`}>
          {t('orderIndexes.adjust')}
        </RowButton>
      );
    },
    [t],
  );
  return (
    <Stack gap="3">
      <IndexFilterBar onApply={setFilter} withStatus testId="order-indexes-filter" />
      <DataGrid<OrderIndex>
        path={ORDER_INDEX_PATH}
        keyFields={['order']}
        fields={fields}
        canWrite={false}
        filter={orderIndexFilter(filter)}
        exportName="indices-por-orden"
        title={t('orderIndexes.title')}
        height={560}
        pageSize={ORDER_INDEX_PAGE_SIZE}
        rowActions={supervisor ? { header: t('orderIndexes.adjust'), width: 110, render: renderAdjust } : undefined}
        refreshMs={refreshMs}
        onSelect={setSelected}
        testId="order-indexes-grid"
      />
      {selected && (
        <WaterfallSection key={selected.order} query={{ order: selected.order }} caption={selected.order} testId="order-waterfall" />
      )}
      {adjusting && (
        <AdjustDialog
          order={adjusting.order}
          op={adjusting.op ?? ''}
          currentMinutes={adjusting.adjustedDiscountTime}
          stopMinutes={adjusting.stopTime}
          onClose={() => setAdjusting(null)}
        />
      )}
    </Stack>
  );
}
