import { Badge, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { formatNumber, percentLabel } from '../../lib/indicator-format';
import { formatPlantDateTime } from '../../lib/plant-time';
import { PRODUCTION_DECLARING_ROLES } from '../../../../edge/src/domain/roles';
import { hasRole } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { useProductionOrders, type ProductionOrder } from './api/get-production-orders';
import { Figures, InfoNote } from './figures';
import { useProductionLines } from './production-lines';
import { LineSelect } from '../../components/line-picker/line-select';

/** Operators declare lots and discards as the line packs its output; supervisors too (the server says so again). */
const READY = 1;

const withUnit = (unit: string | null) => (row: GridRow) =>
  `${typeof row.units === 'number' ? formatNumber(row.units) : ''} ${unit ?? ''}`.trim();

function lotFields(unit: string | null): GridField[] {
  return [
    { name: 'lotID', label: 'production.lotID', key: true, generated: true, inGrid: false, inForm: false },
    { name: 'lot', label: 'production.lot', required: true, maxLength: 30, flex: 1 },
    { name: 'packs', label: 'production.packs', kind: 'number', required: true, min: 0, step: 1, defaultValue: 0, width: 120 },
    { name: 'wrappers', label: 'production.wrappers', kind: 'number', required: true, min: 0, step: 1, defaultValue: 0, width: 130 },
    {
      name: 'wrapperType',
      label: 'production.wrapperType',
      kind: 'select',
      options: { kind: 'records', path: '/api/production/wrapperTypes', value: 'name', text: 'name' },
      width: 170,
    },
    { name: 'units', label: 'production.units', kind: 'number', readOnly: true, text: withUnit(unit), width: 140 },
    { name: 'createdBy', label: 'production.createdBy', readOnly: true, width: 130 },
    { name: 'createDate', label: 'production.createDate', kind: 'date', readOnly: true, width: 170, initialSort: 'desc' },
  ];
}

const DISCARD_FIELDS: readonly GridField[] = [
  { name: 'discardID', label: 'production.discardID', key: true, generated: true, inGrid: false, inForm: false },
  { name: 'quantity', label: 'production.quantity', kind: 'number', required: true, min: 1, step: 1, width: 130 },
  // Start-up rejects (issue 29): shown apart from the production rejects in the waterfall.
  { name: 'startup', label: 'production.startup', kind: 'boolean', width: 150 },
  { name: 'observation', label: 'fields.observation', maxLength: 255, flex: 1 },
  { name: 'createdBy', label: 'production.createdBy', readOnly: true, width: 130 },
  { name: 'createDate', label: 'production.createDate', kind: 'date', readOnly: true, width: 170, initialSort: 'desc' },
];

function orderLabel(order: ProductionOrder, ready: string): string {
  const product = order.productName ?? order.productCode ?? '';
  return `${order.order} · ${product}${order.status === READY ? ` (${ready})` : ` · ${formatPlantDateTime(order.startDate)}`}`;
}

/** What the order made so far, as its index has it (declared lots and discards included once booked). */
function OrderFigures({ order }: { order: ProductionOrder }) {
  const { t } = useTranslation();
  const unit = order.unit ?? '';
  const figures = [
    { label: t('production.produced'), value: `${formatNumber(order.productionQuantity ?? 0)} ${unit}`, testId: 'production-produced' },
    { label: t('production.discards'), value: `${formatNumber(order.discardQuantity ?? 0)} ${unit}`, testId: 'production-discards' },
    { label: t('production.acceptance'), value: percentLabel(order.acceptance), testId: 'production-acceptance' },
  ];
  return <Figures figures={figures} columns={{ base: 1, sm: 3 }} />;
}

/**
 * The production manager's lots (/produccion/lotes): for a line and one of its started orders (the Ready one by
 * default), the lots packed and the discards declared by hand (only on a line with no discards signal), with what the
 * order's index counts so far. On a line with no units counter the lots are its production; on one with a counter
 * they are declarations beside it (the summary page compares both).
 */
export default function ProductionLotsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('production.lotsTitle'));
  const { lines, pending } = useProductionLines();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser();
  const canDeclare = hasRole(user?.roleID, PRODUCTION_DECLARING_ROLES);
  const lineID = lines.find((line) => line.lineID === Number(params.get('line')))?.lineID ?? lines[0]?.lineID ?? null;
  const orders = useProductionOrders(lineID);

  if (pending) return <Spinner />;
  const list = orders.data?.orders ?? [];
  const order =
    list.find((candidate) => candidate.order === params.get('order')) ?? list.find((candidate) => candidate.status === READY) ?? list[0];
  const choose = (next: { line?: number; order?: string }) => {
    const line = next.line ?? lineID;
    setParams(next.order ? { line: String(line), order: next.order } : { line: String(line) });
  };

  return (
    <Stack gap="4" data-testid="production-lots-page">
      <HStack gap="3" wrap="wrap" align="end">
        <Text fontSize="xl" fontWeight="semibold" flex="1">
          {t('production.lotsTitle')}
        </Text>
        {lineID !== null && (
          <LineSelect
            lines={lines}
            value={lineID}
            onChange={(line) => line !== null && choose({ line })}
            width="auto"
            testId="production-line"
          />
        )}
        {order && (
          <NativeSelect.Root width={{ base: 'full', sm: 'auto' }} minW={{ base: '0', sm: '300px' }}>
            <NativeSelect.Field
              aria-label={t('fields.order')}
              value={order.order}
              onChange={(event) => choose({ order: event.target.value })}
              data-testid="production-order"
            >
              {list.map((candidate) => (
                <option key={candidate.order} value={candidate.order}>
                  {orderLabel(candidate, t('production.ready'))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </HStack>
      {orders.isError && <Text color="fg.error">{errorMessage(orders.error, t('common.unknownError'))}</Text>}
      {lineID !== null && orders.isSuccess && !order && <InfoNote text={t('production.noOrders')} testId="production-no-orders" />}
      {lineID !== null && order && orders.data && (
        <>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={orders.data.unitsCounted ? 'gray' : 'teal'} whiteSpace="normal" data-testid="production-lots-mode">
              {orders.data.unitsCounted ? t('production.lotsBeside') : t('production.lotsAreProduction')}
            </Badge>
          </HStack>
          <OrderFigures order={order} />
          <DataGrid
            key={`lots-${lineID}-${order.order}`}
            path="/api/production/lots"
            keyFields={['lotID']}
            fields={lotFields(order.unit)}
            canWrite={canDeclare}
            filter={[['lineID', '=', lineID], 'and', ['order', '=', order.order]]}
            fixedValues={{ lineID, order: order.order }}
            exportName="lotes-produccion"
            title={t('production.lots')}
            height={320}
            testId="production-lots-grid"
          />
          {orders.data.discardsCounted ? (
            <Text fontSize="sm" color="fg.muted" data-testid="production-discards-counted">
              {t('production.discardsCounted')}
            </Text>
          ) : (
            <DataGrid
              key={`discards-${lineID}-${order.order}`}
              path="/api/production/discards"
              keyFields={['discardID']}
              fields={DISCARD_FIELDS}
              canWrite={canDeclare}
              operations={{ update: false }}
              filter={[['lineID', '=', lineID], 'and', ['order', '=', order.order]]}
              fixedValues={{ lineID, order: order.order }}
              exportName="descartes-declarados"
              title={t('production.declaredDiscards')}
              height={260}
              testId="production-discards-grid"
            />
          )}
        </>
      )}
      {lineID === null && <InfoNote text={t('production.noLines')} />}
    </Stack>
  );
}
