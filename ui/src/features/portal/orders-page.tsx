import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../components/compact-table';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { LoadRequest } from '../../components/data-grid/grid-query';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../components/use-document-title';
import { minutesLabel } from '../../lib/indicator-format';
import {
  ORDERS_PATH,
  ordersExportQuery,
  ordersGridPath,
  useOrderStops,
  type OrderKey,
  type OrdersFilter,
  type PortalOrderRow,
} from './api/get-orders';
import { PORTAL_ORDER_FIELDS } from './order-fields';
import { DateField, ExportButton, isValidRange, PlantsField, QueryProblems } from './portal-controls';

/** The drill-down: the selected order's stops, in its plant's own time. */
function OrderStops({ selected }: { selected: OrderKey }) {
  const { t } = useTranslation();
  const stops = useOrderStops(selected);
  return (
    <Stack gap="2" data-testid="order-stops">
      <Heading size="md">{t('portal.orders.stopsOf', { order: selected.order, plant: selected.plantId })}</Heading>
      <QueryProblems validRange failed={stops.isError} />
      {stops.isPending ? (
        <PageSpinner />
      ) : stops.data?.length === 0 ? (
        <Text data-testid="order-stops-empty">{t('portal.orders.noStops')}</Text>
      ) : (
        stops.data && (
          <CompactTable
            testId="order-stops-table"
            columns={[
              { label: t('portal.orders.stops.start') },
              { label: t('portal.orders.stops.end') },
              { label: t('portal.orders.stops.duration'), end: true },
              { label: t('portal.orders.stops.line') },
              { label: t('portal.orders.stops.reason') },
              { label: t('portal.orders.stops.path') },
              { label: t('portal.orders.stops.observation') },
            ]}
          >
            {stops.data.map((stop) => (
              <tr key={stop.stopID}>
                <td className="nowrap">{stop.startDate}</td>
                <td className="nowrap">{stop.endDate ?? t('portal.orders.stops.inProgress')}</td>
                <td className="end">{minutesLabel(stop.lostMinutes)}</td>
                <td>{stop.line ?? stop.lineID ?? ''}</td>
                <td>{stop.reason ?? t('portal.losses.unrecognized')}</td>
                <td>{stop.path ?? ''}</td>
                <td>{stop.observation ?? ''}</td>
              </tr>
            ))}
          </CompactTable>
        )
      )}
    </Stack>
  );
}

/**
 * Orders: the order indexes of every plant in one grid (paged, sorted and filtered on the server, as the edge's order
 * indexes), narrowed by the production days of their start and by plant; the Excel download holds the rows the grid's
 * filter matches. Selecting an order shows its stops below.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('portal.orders.title'));
  const [filter, setFilter] = useState<OrdersFilter>({ from: '', to: '', plants: [] });
  const [request, setRequest] = useState<LoadRequest | null>(null);
  const [selected, setSelected] = useState<OrderKey | null>(null);
  const set = (change: Partial<OrdersFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setSelected(null);
  };
  // Either end may stay empty (every order up to, or from, a day); both given, the first not after the second.
  const valid = !filter.from || !filter.to || isValidRange(filter);
  const select = useCallback((row: PortalOrderRow | null) => setSelected(row ? { plantId: row.plantId, order: row.order } : null), []);

  return (
    <Stack gap="4" p="4" data-testid="portal-orders">
      <Heading size="lg">{t('portal.orders.title')}</Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <DateField label={t('portal.orders.from')} value={filter.from} onChange={(from) => set({ from })} testId="orders-from" />
        <DateField label={t('portal.orders.to')} value={filter.to} onChange={(to) => set({ to })} testId="orders-to" />
        <PlantsField value={filter.plants} onChange={(plants) => set({ plants })} testId="orders-plants" />
        <ExportButton
          request={{ path: ORDERS_PATH, query: ordersExportQuery(filter, request), fileName: 'ordenes' }}
          testId="orders-export"
        />
      </Flex>
      <QueryProblems validRange={valid} failed={false} />
      <Text fontSize="sm" color="fg.muted">
        {t('portal.orders.hint')}
      </Text>
      {valid && (
        <DataGrid<PortalOrderRow>
          path={ordersGridPath(filter)}
          keyFields={['plantId', 'order']}
          fields={PORTAL_ORDER_FIELDS}
          canWrite={false}
          exportName="ordenes"
          height={400}
          onLoad={setRequest}
          onSelect={select}
          testId="orders-grid"
        />
      )}
      {selected && <OrderStops selected={selected} />}
    </Stack>
  );
}
