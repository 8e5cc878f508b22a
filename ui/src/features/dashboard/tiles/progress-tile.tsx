import { Box, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatNumber, percentLabel } from '../../../lib/indicator-format';
import { useDashboard } from '../dashboard-context';

/** SPEC.md section 9: the progress bar has ticks at 10 %, 50 % and 90 %. */
export const PROGRESS_TICKS = [0.1, 0.5, 0.9] as const;

/** Production of the Ready order against its target quantity, with ticks at 10/50/90 %. */
export function ProgressTile() {
  const { t } = useTranslation();
  const { status } = useDashboard();
  const order = status.data?.orderData;
  if (!order) return <Text color="fg.muted">{status.isPending ? t('app.loading') : t('dashboard.noOrder')}</Text>;
  const progress = order.progress ?? 0;
  return (
    <Stack gap="1" data-testid="production-progress">
      <Text fontWeight="semibold" data-testid="production-progress-value">
        {percentLabel(order.progress)} ·{' '}
        {t('dashboard.progressOf', {
          done: formatNumber(order.productionQuantity ?? 0, { maxDecimals: 0 }),
          target: formatNumber(order.desiredProductionQuantity ?? 0, { maxDecimals: 0 }),
          unit: order.unit ?? '',
        })}
      </Text>
      <Box position="relative" pb="4">
        <Progress.Root value={Math.min(100, Math.max(0, progress * 100))} max={100} colorPalette="teal" size="lg">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {PROGRESS_TICKS.map((tick) => (
          <Box key={tick} position="absolute" top="0" left={`${tick * 100}%`} h="full" data-testid="progress-tick">
            <Box w="2px" h="3" bg="fg.muted" transform="translateX(-1px)" />
            <Text fontSize="2xs" color="fg.muted" transform="translateX(-50%)">
              {tick * 100}%
            </Text>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
