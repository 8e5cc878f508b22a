import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustDialog } from '../../../components/orders/lazy-adjust-dialog';
import type { MessageKey } from '../../../lib/i18n';
import { formatNumber, minutesLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { hasRole, ORDER_ADJUST_ROLES } from '../../../lib/roles';
import { useLastEndedOrder, type EndedOrder } from '../api/get-last-ended-order';
import { useOrderStops } from '../api/get-order-stops';
import { useDashboard } from '../dashboard-context';
import { StopRows } from './stop-rows';
import { OrderValidation } from './order-validation';

/** The previous, ended order with its 'Ajustar' button (the supervisor's; needs an end date, SPEC.md section 4). */
function PreviousOrder({ order }: { order: EndedOrder }) {
  const { t } = useTranslation();
  const [adjusting, setAdjusting] = useState(false);
  const minutes = order.adjustedDiscountTime ?? order.discountTime;
  return (
    <HStack justify="space-between" gap="2" wrap="wrap" data-testid="previous-order">
      <Text fontSize="sm" color="fg.muted">
        {t('dashboard.previousOrder', { op: order.op, end: formatPlantDateTime(order.endDate), minutes: minutesLabel(minutes ?? 0) })}
      </Text>
      <Button size="xs" variant="outline" onClick={() => setAdjusting(true)} data-testid="adjust-order">
        {t('dashboard.adjust')}
      </Button>
      {adjusting && (
        <AdjustDialog
          order={order.order}
          op={order.op ?? ''}
          currentMinutes={minutes}
          stopMinutes={order.stopTime}
          onClose={() => setAdjusting(false)}
        />
      )}
    </HStack>
  );
}

/**
 * The Ready order: number, lot, product, start, the validation switch, its last 5 stops; the units the shift on screen
 * made with no order running (never silently dropped, issue 25) and outside the work calendar's schedule (issue 29);
 * the previous order to adjust.
 */
export function OrderTile() {
  const { t } = useTranslation();
  const { status, lineID, roleID, refreshMs, indicators } = useDashboard();
  const shift = indicators.data?.shift;
  const order = status.data?.orderData ?? null;
  const stops = useOrderStops(lineID, order?.order ?? null, refreshMs);
  const canAdjust = hasRole(roleID, ORDER_ADJUST_ROLES);
  const previous = useLastEndedOrder(lineID, canAdjust);
  return (
    <Stack gap="3" data-testid="order-information">
      {order ? (
        <>
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                ['order', 'dashboard.order', order.order],
                ['lot', 'dashboard.lot', order.lot ?? ''],
                ['product', 'dashboard.product', `${order.productCode ?? ''} ${order.productName ?? ''}`.trim()],
                ['started', 'dashboard.started', formatPlantDateTime(order.startDate)],
              ] as const satisfies readonly (readonly [string, MessageKey, string])[]
            ).map(([id, label, value]) => (
              <DataList.Item key={id}>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue data-testid={`order-${id}`}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <OrderValidation order={order.order} op={order.op ?? ''} roleID={roleID} />
          <Text fontSize="sm" fontWeight="semibold">
            {t('dashboard.lastStops')}
          </Text>
          <StopRows stops={stops.data ?? []} roleID={roleID} testId="order-last-stops" />
        </>
      ) : (
        <>
          <Text color="fg.muted">{status.isPending ? t('app.loading') : t('dashboard.noOrder')}</Text>
          <OrderValidation order={null} op="" roleID={roleID} />
        </>
      )}
      {shift && shift.unstaffedQuantity > 0 && (
        <Text fontSize="sm" color="orange.fg" data-testid="unstaffed-production">
          {t('dashboard.unstaffedProduction', {
            units: formatNumber(shift.unstaffedQuantity),
            discards: formatNumber(shift.unstaffedDiscards),
          })}
        </Text>
      )}
      {shift && ((shift.unscheduledQuantity ?? 0) > 0 || (shift.unscheduledRuntime ?? 0) > 0) && (
        <Text fontSize="sm" color="orange.fg" data-testid="unscheduled-production">
          {t('losses.unscheduled', {
            units: formatNumber(shift.unscheduledQuantity ?? 0),
            discards: formatNumber(shift.unscheduledDiscards ?? 0),
            minutes: formatNumber(shift.unscheduledRuntime ?? 0, { decimals: 0 }),
          })}
        </Text>
      )}
      {canAdjust && previous.data && <PreviousOrder order={previous.data} />}
    </Stack>
  );
}
