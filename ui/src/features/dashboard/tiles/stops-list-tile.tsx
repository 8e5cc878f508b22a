import { Spinner, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useRangeStops } from '../api/get-range-stops';
import { useDashboard } from '../dashboard-context';
import { StopRows } from './stop-rows';

/** The stops of the shift on screen, the latest first, each with its actions. */
export function StopsListTile() {
  const { t } = useTranslation();
  const { lineID, roleID, range, refreshMs } = useDashboard();
  const stops = useRangeStops(lineID, range, refreshMs);
  const latestFirst = useMemo(() => [...(stops.data ?? [])].reverse(), [stops.data]);
  if (stops.isPending) return <Spinner size="sm" />;
  if (stops.isError) return <Text color="fg.error">{errorMessage(stops.error, t('common.unknownError'))}</Text>;
  return <StopRows stops={latestFirst} roleID={roleID} withSplit testId="shift-stops" />;
}
