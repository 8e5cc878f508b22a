import { Box, HStack, Text } from '@chakra-ui/react';
import { useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStopDialogs } from '../../../components/stops/stop-dialogs';
import { canHandleStops, NO_DATA_COLOR, RUNNING_COLOR, UNRECOGNIZED_COLOR, type Stop } from '../../../components/stops/stop';
import { useNow } from '../../../components/use-now';
import { minutesLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime, offsetMinutesOf } from '../../../lib/plant-time';
import { useRangeStops } from '../api/get-range-stops';
import { useDashboard } from '../dashboard-context';
import { buildTimeline, timelineTicks } from './timeline';

/** Where a click on a recognized stop goes: the stops list filtered by its order, line and stop id. */
export function stopsListLink(stop: Pick<Stop, 'lineID' | 'order' | 'stopID'>): string {
  const params = new URLSearchParams({ line: String(stop.lineID), stopId: String(stop.stopID) });
  if (stop.order) params.set('order', stop.order);
  return `/paradas/listado?${params.toString()}`;
}

/**
 * The stop explorer: the shift on screen as one bar, running time green ('En marcha') and stops in their reason's
 * colour (red while unrecognized), time without data grey ('Sin datos': before the line's first data, after the last
 * instant a line without a beacon is known, and the edge's own downtime, which stays a stop), tick labels every 15, 30 or 60 minutes as the width allows. Clicking an
 * unrecognized stop opens its recognition; any other goes to the stops list of that stop.
 * Positions and widths change with every refresh, so they are inline styles: as style props each new value would
 * add a rule to Emotion's style cache, which never shrinks (a dashboard runs for hours).
 */
export function StopExplorerTile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useStopDialogs();
  const { lineID, roleID, range, refreshMs, indicators } = useDashboard();
  const stops = useRangeStops(lineID, range, refreshMs);
  const { width, containerRef } = useContainerWidth();
  const now = useNow(30_000);
  const startMs = range ? Date.parse(range.start) : 0;
  const endMs = range ? Date.parse(range.end) : 0;
  const firstData = indicators.data?.firstDataDate;
  const knownUntil = indicators.data?.knownUntilDate;
  const timeline = buildTimeline(
    stops.data ?? [],
    startMs,
    endMs,
    now,
    firstData ? Date.parse(firstData) : null,
    knownUntil ? Date.parse(knownUntil) : null,
  );
  const ticks = range ? timelineTicks(startMs, endMs, width, offsetMinutesOf(range.start)) : [];

  const open = (stop: Stop) => {
    if (!stop.recognized && canHandleStops(roleID)) dialogs.recognize([stop]);
    else navigate(stopsListLink(stop));
  };

  return (
    <Box ref={containerRef} data-testid="stop-explorer">
      <Box position="relative" h="8" bg="bg.muted" borderRadius="sm" overflow="hidden" data-testid="stop-explorer-bar">
        {timeline.segments.map((segment) =>
          segment.stop ? (
            <Box
              key={`stop-${segment.stop.stopID}`}
              as="button"
              position="absolute"
              top="0"
              h="full"
              style={{ left: `${segment.left * 100}%`, width: `max(3px, ${segment.width * 100}%)` }}
              // Above the running time around it: a stop of a few seconds is still a bar one can click.
              zIndex={1}
              bg={segment.color}
              cursor="pointer"
              title={[
                ...(segment.noData ? [t('dashboard.noData')] : []),
                formatPlantDateTime(segment.stop.startDate),
                minutesLabel(segment.stop.duration, 'min'),
                segment.stop.recognized ? (segment.stop.path ?? '') : t('dashboard.unrecognized'),
              ].join(' · ')}
              onClick={() => open(segment.stop!)}
              data-testid={`explorer-stop-${segment.stop.stopID}`}
              data-recognized={segment.stop.recognized}
              data-no-data={segment.noData}
            />
          ) : (
            <Box
              key={`${segment.kind}-${segment.startMs}`}
              position="absolute"
              top="0"
              h="full"
              style={{ left: `${segment.left * 100}%`, width: `${segment.width * 100}%` }}
              bg={segment.color}
              title={t(segment.noData ? 'dashboard.noData' : 'dashboard.running')}
              data-testid={`explorer-${segment.kind}`}
              data-left={segment.left}
            />
          ),
        )}
      </Box>
      {/* Clipped: a label can never widen the tile (its width decides the ticks). */}
      <Box position="relative" h="4" mt="1" overflow="hidden">
        {ticks.map((tick) => (
          <Text
            key={tick.left}
            position="absolute"
            // The first and last labels stay inside the bar's width.
            transform={`translateX(${tick.left <= 0.02 ? 0 : tick.left >= 0.98 ? -100 : -50}%)`}
            style={{ left: `${tick.left * 100}%` }}
            fontSize="2xs"
            color="fg.muted"
            whiteSpace="nowrap"
          >
            {tick.label}
          </Text>
        ))}
      </Box>
      {timeline.overflow && (
        <Text fontSize="xs" color="fg.error">
          {t('dashboard.overflow')}
        </Text>
      )}
      <HStack gap="4" mt="2" fontSize="xs">
        <HStack gap="1">
          <Box w="3" h="3" bg={RUNNING_COLOR} borderRadius="sm" />
          <Text>{t('dashboard.running')}</Text>
        </HStack>
        <HStack gap="1">
          <Box w="3" h="3" bg={UNRECOGNIZED_COLOR} borderRadius="sm" />
          <Text>{t('dashboard.unrecognized')}</Text>
        </HStack>
        <HStack gap="1">
          <Box w="3" h="3" bg={NO_DATA_COLOR} borderRadius="sm" />
          <Text>{t('dashboard.noData')}</Text>
        </HStack>
      </HStack>
    </Box>
  );
}
