import { Badge, Box, DataList, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import type { MessageKey } from '../../../lib/i18n';
import { formatNumber, minutesLabel, percentLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useShiftIndex, type ShiftIndex } from '../api/get-shift-index';
import { useShiftOrders } from '../api/get-shift-orders';
import { ORDER_STATUS_LABELS } from '../order-index-fields';

/** The figures of a shift, each with its label and how it reads. */
const FIGURES: readonly (readonly [keyof ShiftIndex, MessageKey, (value: number | null) => string])[] = [
  ['productionQuantity', 'indexes.fields.productionQuantity', (value) => (value === null ? '—' : formatNumber(value))],
  ['staffedTime', 'indexes.fields.staffedTime', minutesLabel],
  ['discountTime', 'indexes.fields.discountTime', minutesLabel],
  ['adjustedDiscountTime', 'indexes.fields.adjustedDiscountTime', minutesLabel],
  ['runtime', 'indexes.fields.runtime', minutesLabel],
  ['utilization', 'indexes.fields.utilization', percentLabel],
  ['throughput', 'indexes.fields.throughput', percentLabel],
  ['acceptance', 'indexes.fields.acceptance', percentLabel],
  ['oee', 'indexes.fields.oee', percentLabel],
  ['mtbf', 'indexes.fields.mtbf', minutesLabel],
  ['mttr', 'indexes.fields.mttr', minutesLabel],
];

function ShiftOrders({ lineID, shiftStart, shiftEnd }: { lineID: number; shiftStart: string; shiftEnd: string }) {
  const { t } = useTranslation();
  const orders = useShiftOrders(lineID, shiftStart, shiftEnd);
  if (orders.isPending) return <Spinner size="sm" />;
  if (orders.isError) return <Text color="fg.error">{errorMessage(orders.error, t('common.unknownError'))}</Text>;
  if (orders.data.length === 0) return <Text color="fg.muted">{t('shiftIndexes.noOrders')}</Text>;
  return (
    <Table.Root size="sm" data-testid="shift-history-orders">
      <Table.Header>
        <Table.Row>
          {(['order', 'productName', 'startDate', 'endDate', 'status', 'productionQuantity', 'oee'] as const).map((column) => (
            <Table.ColumnHeader key={column}>{t(`indexes.fields.${column}`)}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.data.map((order) => (
          <Table.Row key={order.order} data-testid={`shift-order-${order.order}`}>
            <Table.Cell>{order.order}</Table.Cell>
            <Table.Cell>{[order.productCode, order.productName].filter(Boolean).join(' · ')}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatPlantDateTime(order.startDate)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatPlantDateTime(order.endDate)}</Table.Cell>
            <Table.Cell>{ORDER_STATUS_LABELS[order.status] ? t(ORDER_STATUS_LABELS[order.status]!) : order.status}</Table.Cell>
            <Table.Cell textAlign="end">{order.productionQuantity === null ? '—' : formatNumber(order.productionQuantity)}</Table.Cell>
            <Table.Cell textAlign="end">{percentLabel(order.oee)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * A shift's history, below the shift grid: its index as GET /api/history/get answers it (stored once closed, computed
 * now while it runs) and the orders that ran in it.
 */
export function ShiftHistory({ lineID, shiftStart }: { lineID: number; shiftStart: string }) {
  const { t } = useTranslation();
  const index = useShiftIndex(lineID, shiftStart);
  if (index.isPending) return <Spinner />;
  if (index.isError) return <Text color="fg.error">{errorMessage(index.error, t('common.unknownError'))}</Text>;
  const shift = index.data;
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="shift-history">
      <HStack gap="3" wrap="wrap">
        <Heading size="md" data-testid="shift-history-title">
          {t('shiftIndexes.historyTitle', {
            shift: shift.shift,
            line: `${shift.lineID} · ${shift.description}`,
            day: shift.productionDay,
          })}
        </Heading>
        <Badge colorPalette={shift.closed ? 'gray' : 'teal'}>{shift.closed ? t('shiftIndexes.closed') : t('shiftIndexes.open')}</Badge>
        <Text color="fg.muted" fontSize="sm">
          {formatPlantDateTime(shift.shiftStart)} – {formatPlantDateTime(shift.shiftEnd)}
        </Text>
      </HStack>
      <Box>
        <Heading size="sm" mb="2">
          {t('shiftIndexes.figures')}
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4, lg: 6 }} gap="3">
          {FIGURES.map(([name, label, format]) => (
            <DataList.Root key={name} size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="semibold" data-testid={`shift-history-${name}`}>
                  {format(shift[name] as number | null)}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ))}
        </SimpleGrid>
      </Box>
      <Box>
        <Heading size="sm" mb="2">
          {t('shiftIndexes.orders')}
        </Heading>
        <ShiftOrders lineID={lineID} shiftStart={shift.shiftStart} shiftEnd={shift.shiftEnd} />
      </Box>
    </Stack>
  );
}
