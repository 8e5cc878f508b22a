import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RecognizeSelectedButton } from '../../../components/stops/stop-dialogs';
import { useStopSelection } from '../../../components/stops/stop-selection';
import { canHandleStops } from '../../../components/stops/stop';
import { errorMessage } from '../../../lib/api-client';
import { useUnrecognizedStops } from '../api/get-unrecognized-stops';
import { useDashboard } from '../dashboard-context';
import { StopRows } from './stop-rows';

/** The line's stops waiting for a reason, the latest first; several can be recognized at once with one reason. */
export function StopsManagerTile() {
  const { t } = useTranslation();
  const { lineID, roleID, refreshMs } = useDashboard();
  const pending = useUnrecognizedStops(lineID, refreshMs);
  const selection = useStopSelection(pending.data?.stops ?? []);
  if (pending.isPending) return <Spinner size="sm" />;
  if (pending.isError) return <Text color="fg.error">{errorMessage(pending.error, t('common.unknownError'))}</Text>;
  const { stops, total } = pending.data;
  const handles = canHandleStops(roleID);
  return (
    <Stack gap="2" data-testid="stops-manager">
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color={total > 0 ? 'red.600' : 'fg.muted'} data-testid="stops-manager-count">
          {t('dashboard.pending', { count: total })}
        </Text>
        {handles && stops.length > 0 && (
          <HStack gap="2">
            <Button size="xs" variant="ghost" onClick={selection.selectAll}>
              {t('dashboard.selectAll')}
            </Button>
            <RecognizeSelectedButton selection={selection} label={t('dashboard.recognizeSelected')} testId="recognize-selected" />
          </HStack>
        )}
      </HStack>
      <StopRows stops={stops} roleID={roleID} selection={handles ? selection : undefined} testId="pending-stops" />
    </Stack>
  );
}
