import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatPlantDate, formatPlantTime } from '../../lib/plant-time';
import type { ShiftInfo } from './api/get-line-status';
import { useShiftName } from './use-shift-name';

/** Back, forward (by the shifts of the line's work calendar) and now; the shift on screen between them. */
export function ShiftNavigator({
  shift,
  isCurrent,
  onStep,
  onNow,
}: {
  shift: ShiftInfo | null;
  isCurrent: boolean;
  onStep: (direction: -1 | 1) => void;
  onNow: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  return (
    <HStack gap="1" data-testid="shift-navigator">
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('dashboard.previousShift')}
        title={t('dashboard.previousShift')}
        disabled={!shift}
        onClick={() => onStep(-1)}
        data-testid="shift-back"
      >
        ‹
      </IconButton>
      <Text fontSize="sm" minW="56" textAlign="center" data-testid="shift-label">
        {shift
          ? t('dashboard.shiftLabel', {
              name: nameOf(shift),
              date: formatPlantDate(shift.start),
              from: formatPlantTime(shift.start),
              to: formatPlantTime(shift.end),
            })
          : '…'}
      </Text>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('dashboard.nextShift')}
        title={t('dashboard.nextShift')}
        disabled={!shift || isCurrent}
        onClick={() => onStep(1)}
        data-testid="shift-forward"
      >
        ›
      </IconButton>
      <Button size="sm" variant="outline" disabled={isCurrent} onClick={onNow} data-testid="shift-now">
        {t('dashboard.now')}
      </Button>
    </HStack>
  );
}
