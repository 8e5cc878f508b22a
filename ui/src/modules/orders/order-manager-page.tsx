import { Badge, Box, Button, Card, Flex, Heading, HStack, Spacer, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/lazy-confirm-dialog';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { notify } from '../../components/feedback/toaster';
import { LineSelect } from '../../components/line-picker/line-select';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { useEnabledModules } from '../../lib/enabled-modules';
import type { MessageKey } from '../../lib/i18n';
import { formatPlantDateTime } from '../../lib/plant-time';
import { lazyComponent } from '../../lib/lazy-component';
import { hasRole } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { useOrderRun, useRunningOrder, type OrderRun } from './api';
import { ORDER_PLAN_ROLES, ORDER_RUN_ROLES } from '../../../../edge/src/domain/roles';

// Fetched when first opened: the page shows its orders first.
const PreloadOrderDialog = lazyComponent(() => import('./preload-order-dialog').then((module) => module.PreloadOrderDialog));

/** Order status (SPEC.md section 3): 0 Created, 1 Ready, 2 Finalized. */
const STATUS_LABELS: readonly MessageKey[] = ['indexes.statuses.created', 'indexes.statuses.ready', 'indexes.statuses.finalized'];
const CREATED = 0;
const READY = 1;

const onInsert = ({ mode }: { mode: 'insert' | 'update' }) => mode === 'insert';

/**
 * The orders of a line: op and version make the order's number (op-version, SPEC.md section 3) and are typed once; the
 * product is one the line has a speed for; lot and quantity stay editable until the order starts (the server refuses
 * afterwards). An empty desired speed is the product's nominal speed on the line.
 */
function orderFields(lineID: number, speedHint: string): GridField[] {
  return [
    { name: 'order', label: 'indexes.fields.order', inForm: false, width: 130 },
    { name: 'op', label: 'indexes.fields.op', key: true, required: true, maxLength: 12, inGrid: false },
    {
      name: 'version',
      label: 'indexes.fields.version',
      kind: 'number',
      identifier: true,
      key: true,
      defaultValue: 0,
      min: 0,
      max: 999,
      inGrid: false,
    },
    { name: 'lot', label: 'indexes.fields.lot', maxLength: 50, width: 110 },
    {
      name: 'productCode',
      label: 'indexes.fields.productCode',
      kind: 'select',
      required: true,
      options: { kind: 'records', path: '/api/productspeeds', filter: ['lineID', '=', lineID], value: 'code', text: 'code' },
      editable: onInsert,
      width: 150,
    },
    { name: 'productName', label: 'indexes.fields.productName', inForm: false, width: 190 },
    { name: 'desiredProductionQuantity', label: 'indexes.fields.desiredProductionQuantity', kind: 'number', min: 0, width: 150 },
    {
      name: 'desiredProductionSpeed',
      label: 'indexes.fields.desiredProductionSpeed',
      kind: 'number',
      min: 0,
      editable: onInsert,
      extra: ({ mode }) =>
        mode === 'insert' ? (
          <Text fontSize="xs" color="fg.muted">
            {speedHint}
          </Text>
        ) : null,
      width: 150,
    },
    { name: 'productionQuantity', label: 'indexes.fields.productionQuantity', kind: 'number', readOnly: true, width: 150 },
    {
      name: 'status',
      label: 'indexes.fields.status',
      kind: 'select',
      readOnly: true,
      options: { kind: 'static', options: STATUS_LABELS.map((label, status) => ({ value: status, label })) },
      width: 110,
    },
    { name: 'startDate', label: 'indexes.fields.startDate', kind: 'date', readOnly: true, width: 170 },
    { name: 'endDate', label: 'indexes.fields.endDate', kind: 'date', readOnly: true, width: 170 },
    { name: 'createDate', label: 'orderManager.createDate', kind: 'date', readOnly: true, initialSort: 'desc', width: 170 },
  ];
}

/**
 * The order manager (issue 14): a line's orders, newest first. The supervisor creates orders (by hand or from a
 * preload order), edits lot and quantity before they start and deletes those never run; supervisor and operator start
 * an order (the running one is finalized at the same instant) and finish the running one. Other roles read.
 */
export default function OrderManagerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('orderManager.title'));
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const enabled = useEnabledModules();
  const tree = useResourceTree();
  const lines = useMemo(() => {
    const ids = enabled.data?.orderManager ?? [];
    const descriptions = new Map(
      (tree.data ?? []).flatMap((sector) => sector.lines.map((line) => [line.lineID, line.description] as const)),
    );
    return ids.map((lineID) => ({ lineID, description: descriptions.get(lineID) ?? '' }));
  }, [enabled.data, tree.data]);
  const asked = Number(params.get('line'));
  const lineID = lines.some((line) => line.lineID === asked) ? asked : (lines[0]?.lineID ?? null);
  const running = useRunningOrder(lineID);
  const run = useOrderRun();
  const [confirm, setConfirm] = useState<OrderRun | null>(null);
  const [fromPreload, setFromPreload] = useState(false);
  const canPlan = hasRole(user?.roleID, ORDER_PLAN_ROLES);
  const canRun = hasRole(user?.roleID, ORDER_RUN_ROLES);
  const fields = useMemo(() => (lineID === null ? [] : orderFields(lineID, t('orderManager.speedHint'))), [lineID, t]);

  const perform = (request: OrderRun) =>
    run.mutateAsync(request).then(
      () => {
        notify.success(t(request.action === 'start' ? 'orderManager.started' : 'orderManager.finished', { order: request.order }));
        setConfirm(null);
      },
      (error: unknown) => {
        notify.error(t('orderManager.failed'), errorMessage(error, t('common.unknownError')));
        setConfirm(null);
      },
    );

  const current = running.data ?? null;
  const confirmText = (request: OrderRun) =>
    request.action === 'finish'
      ? t('orderManager.confirmFinish', { order: request.order })
      : current
        ? t('orderManager.confirmStartFinalizes', { order: request.order, running: current.order })
        : t('orderManager.confirmStart', { order: request.order });

  const rowActions = canRun
    ? {
        header: t('orderManager.actions'),
        width: 130,
        render: (row: GridRow) =>
          row.status === CREATED ? (
            <Button
              size="xs"
              colorPalette="teal"
              onClick={() => setConfirm({ action: 'start', order: String(row.order) })}
              data-testid={`start-${String(row.order)}`}
            >
              {t('orderManager.start')}
            </Button>
          ) : row.status === READY ? (
            <Button
              size="xs"
              colorPalette="orange"
              onClick={() => setConfirm({ action: 'finish', lineID: Number(row.lineID), order: String(row.order) })}
              data-testid={`finish-${String(row.order)}`}
            >
              {t('orderManager.finish')}
            </Button>
          ) : null,
      }
    : undefined;

  return (
    <Stack gap="4" data-testid="order-manager">
      <Flex gap="3" align="end" wrap="wrap">
        <Heading size="lg">{t('orderManager.title')}</Heading>
        <Spacer />
        <LineSelect
          label={t('orderManager.line')}
          name="line"
          lines={lines}
          value={lineID}
          onChange={(line) => setParams({ line: String(line) })}
          width="64"
          testId="order-manager-line"
        />
      </Flex>
      {enabled.isSuccess && lineID === null && <Text color="fg.muted">{t('orderManager.noLines')}</Text>}
      {lineID !== null && (
        <>
          <Card.Root size="sm" variant="outline" data-testid="order-manager-running">
            <Card.Body>
              <HStack gap="3" wrap="wrap">
                {current ? (
                  <>
                    <Badge colorPalette="green">{t('indexes.statuses.ready')}</Badge>
                    <Text fontWeight="semibold">{current.order}</Text>
                    <Text>{[current.productName ?? current.productCode, current.lot].filter(Boolean).join(' · ')}</Text>
                    <Text color="fg.muted">{t('orderManager.since', { start: formatPlantDateTime(current.startDate) })}</Text>
                    <Spacer />
                    {canRun && (
                      <Button
                        size="sm"
                        colorPalette="orange"
                        onClick={() => setConfirm({ action: 'finish', lineID, order: current.order })}
                        data-testid="order-manager-finish"
                      >
                        {t('orderManager.finish')}
                      </Button>
                    )}
                  </>
                ) : (
                  <Text color="fg.muted">{t('orderManager.noneRunning')}</Text>
                )}
              </HStack>
            </Card.Body>
          </Card.Root>
          <Box>
            <DataGrid
              key={lineID}
              path="/api/orders"
              keyFields={['order']}
              fields={fields}
              canWrite={canPlan}
              filter={['lineID', '=', lineID]}
              fixedValues={{ lineID }}
              exportName={`ordenes-linea-${lineID}`}
              height={480}
              rowActions={rowActions}
              toolbar={
                canPlan ? (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="teal"
                    onClick={() => setFromPreload(true)}
                    data-testid="order-manager-from-preload"
                  >
                    {t('orderManager.fromPreload')}
                  </Button>
                ) : undefined
              }
              testId="orders-grid"
            />
          </Box>
        </>
      )}
      {confirm && (
        <ConfirmDialog
          title={t(confirm.action === 'start' ? 'orderManager.confirmStartTitle' : 'orderManager.confirmFinishTitle', {
            order: confirm.order,
          })}
          text={confirmText(confirm)}
          confirmLabel={t(confirm.action === 'start' ? 'orderManager.start' : 'orderManager.finish')}
          onConfirm={() => perform(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
      {fromPreload && lineID !== null && <PreloadOrderDialog lineID={lineID} onClose={() => setFromPreload(false)} />}
    </Stack>
  );
}
