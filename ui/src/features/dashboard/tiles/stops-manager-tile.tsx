import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStopDialogs } from '../../../components/stops/stop-dialogs';
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
  const dialogs = useStopDialogs();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  if (pending.isPending) return <Spinner size="sm" />;
  if (pending.isError) return <Text color="fg.error">{errorMessage(pending.error, t('common.unknownError'))}</Text>;
  const { stops, total } = pending.data;
  // Only stops still listed stay selected (a refresh may have recognized some elsewhere).
  const chosen = stops.filter((stop) => selected.has(stop.stopID));
  const toggle = (stopID: number) => {
    const next = new Set(chosen.map((stop) => stop.stopID));
    if (next.has(stopID)) next.delete(stopID);
    else next.add(stopID);
    setSelected(next);
  };
  const handles = canHandleStops(roleID);
  return (
    <Stack gap="2" data-testid="stops-manager">
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color={total > 0 ? 'red.600' : 'fg.muted'} data-testid="stops-manager-count">
          {t('dashboard.pending', { count: total })}
        </Text>
        {handles && stops.length > 0 && (
          <HStack gap="2">
            <Button size="xs" variant="ghost" onClick={() => setSelected(new Set(stops.map((stop) => stop.stopID)))}>
              {t('dashboard.selectAll')}
            </Button>
            <Button
              size="xs"
              colorPalette="red"
              disabled={chosen.length === 0}
              onClick={() => {
                dialogs.recognize(chosen);
                setSelected(new Set());
              }}
              data-testid="recognize-selected"
            >
              {t('dashboard.recognizeSelected')}
            </Button>
          </HStack>
        )}
      </HStack>
      <StopRows stops={stops} roleID={roleID} selection={handles ? { selected, toggle } : undefined} testId="pending-stops" />
    </Stack>
  );
}
