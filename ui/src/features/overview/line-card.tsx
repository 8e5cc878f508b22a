import { Box, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useShiftName } from '../dashboard/use-shift-name';
import { Link } from 'react-router-dom';
import { BEACON_COLORS, Beacon, noStopMessage } from '../../components/beacon';
import { oeeColor } from '../../components/gauge/indicator-colors';
import { ProgressBar } from '../../components/progress-bar';
import type { MessageKey } from '../../lib/i18n';
import { minutesLabel, percentLabel } from '../../lib/indicator-format';
import type { LineCardData } from './api/get-sector-indicators';

/** One line of the sector overview: beacon colour, OEE and the other indicators, current order and stop; opens its dashboard. */
export function LineCard({ line }: { line: LineCardData }) {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  const shift = line.shiftData;
  const stop = line.stopData;
  return (
    <Card.Root
      asChild
      variant="outline"
      borderTopWidth="6px"
      borderTopColor={BEACON_COLORS[line.beacon]}
      _hover={{ boxShadow: 'md' }}
      data-testid={`line-card-${line.lineID}`}
    >
      <Link to={`/?line=${line.lineID}`}>
        <Card.Header pb="1">
          <HStack justify="space-between" align="start">
            <Card.Title fontSize="md">{t('dashboard.lineHeading', { n: line.lineID, description: line.description })}</Card.Title>
            <Beacon color={line.beacon} />
          </HStack>
        </Card.Header>
        <Card.Body pt="1">
          <Stack gap="2">
            <HStack align="baseline" gap="2">
              <Text
                fontSize="3xl"
                fontWeight="bold"
                color={oeeColor(shift.oee, line.targetOEE)}
                data-testid={`line-card-${line.lineID}-oee`}
              >
                {percentLabel(shift.oee)}
              </Text>
              <Text color="fg.muted">OEE · {t('dashboard.shiftCaption', { name: nameOf(shift) })}</Text>
            </HStack>
            <SimpleGrid columns={2} gap="1" fontSize="sm">
              {(
                [
                  ['dashboard.tiles.utilization', percentLabel(shift.utilization)],
                  ['dashboard.tiles.throughput', percentLabel(shift.throughput)],
                  ['dashboard.tiles.acceptance', percentLabel(shift.acceptance)],
                  ['dashboard.mtbf', minutesLabel(shift.mtbf, 'min')],
                  ['dashboard.mttr', minutesLabel(shift.mttr, 'min')],
                ] as const satisfies readonly (readonly [MessageKey, string])[]
              ).map(([label, value]) => (
                <Text key={label}>
                  {t(label)}: {value}
                </Text>
              ))}
            </SimpleGrid>
            {shift.aboveNominalSpeed && (
              <Text fontSize="xs" color="orange.fg" data-testid={`line-card-${line.lineID}-above-nominal`}>
                {t('indicators.aboveNominalSpeed', { n: line.lineID })}
              </Text>
            )}
            {line.orderData ? (
              <Box>
                <Text fontSize="sm" truncate>
                  {t('overview.currentOrder', {
                    order: line.orderData.order,
                    product: line.orderData.productName ?? line.orderData.productCode ?? '',
                  })}
                </Text>
                <ProgressBar size="xs" value={(line.orderData.progress ?? 0) * 100} />
              </Box>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t('dashboard.noOrder')}
              </Text>
            )}
            <Text fontSize="sm" color={stop && !stop.recognized ? 'red.600' : 'fg.muted'} data-testid={`line-card-${line.lineID}-stop`}>
              {stop
                ? t('overview.stoppedFor', {
                    minutes: Math.floor(stop.duration),
                    reason: stop.recognized ? (stop.reason ?? '') : t('dashboard.unrecognized'),
                  })
                : t(noStopMessage(line.beacon))}
            </Text>
          </Stack>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}
