import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatNumber, percentLabel } from '../../lib/indicator-format';
import { useWaterfall, type WaterfallQuery } from './api/get-waterfall';
import { lazyDefault } from '../../lib/lazy-component';

// chart.js is loaded with the chart, not before the page that shows it.
const WaterfallChart = lazyDefault(() => import('./waterfall-chart'));

/**
 * Where the time of a line's range (or of an order) went: OEE and TEEP, the calendar, loading and planned minutes,
 * what was made outside the work calendar's schedule when anything was ('Producción fuera de turno'), and the
 * waterfall chart. `refreshMs` polls it (the dashboard); without it it is read once per query.
 */
export function WaterfallPanel({
  query,
  refreshMs,
  height = '260px',
  testId = 'waterfall',
}: {
  query: WaterfallQuery | null;
  refreshMs?: number;
  height?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const waterfall = useWaterfall(query, refreshMs);
  if (query === null || waterfall.isPending) return <Text color="fg.muted">{t('app.loading')}</Text>;
  if (waterfall.isError) return <Text color="fg.error">{errorMessage(waterfall.error, t('common.unknownError'))}</Text>;
  const answer = waterfall.data;
  if (answer.calendarMinutes === 0) return <Text color="fg.muted">{t('losses.noData')}</Text>;
  const minutes = (value: number) => formatNumber(value, { decimals: 0 }, i18n.language);
  const speed = answer.bars.find((bar) => bar.key === 'speed');
  return (
    <Stack gap="1" height="100%" minHeight={0} data-testid={testId}>
      <HStack gap="4" wrap="wrap" fontSize="sm">
        <Text fontWeight="semibold" data-testid={`${testId}-oee`}>
          {t('losses.oee')} {percentLabel(answer.oee)}
        </Text>
        <Text fontWeight="semibold" data-testid={`${testId}-teep`}>
          {t('losses.teep')} {percentLabel(answer.teep)}
        </Text>
        <Text color="fg.muted">
          {t('losses.summary', {
            calendar: minutes(answer.calendarMinutes),
            loading: minutes(answer.loadingMinutes),
            planned: minutes(answer.plannedMinutes),
          })}
        </Text>
      </HStack>
      {(answer.unscheduled.units > 0 || answer.unscheduled.runMinutes > 0) && (
        // Made outside the work calendar's schedule: beside the bars (inside notScheduled), in no factor.
        <Text fontSize="xs" color="orange.fg" data-testid={`${testId}-unscheduled`}>
          {t('losses.unscheduled', {
            units: formatNumber(answer.unscheduled.units, {}, i18n.language),
            discards: formatNumber(answer.unscheduled.discards, {}, i18n.language),
            minutes: minutes(answer.unscheduled.runMinutes),
          })}
        </Text>
      )}
      {speed && speed.minutes < 0 && (
        <Text fontSize="xs" color="orange.600">
          {t('losses.aboveNominal')}
        </Text>
      )}
      <Box flex="1" minHeight={height}>
        <WaterfallChart answer={answer} testId={`${testId}-chart`} />
      </Box>
    </Stack>
  );
}
