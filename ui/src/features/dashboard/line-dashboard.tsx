import { Badge, Box, Flex, Heading, HStack, Spacer, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';
import { StopDialogsProvider } from '../../components/stops/stop-dialogs';
import { useGridRefreshMs } from '../../lib/parameters';
import { useSessionUser } from '../../lib/session';
import { useIndicators } from './api/get-indicators';
import type { LineSummary } from './api/get-line';
import { useLineStatus } from './api/get-line-status';
import { Beacon } from '../../components/beacon';
import { DashboardContext, type DashboardState } from './dashboard-context';
import { TILES, type TileId } from './layout/dashboard-layout';
import { TileGrid } from './layout/tile-grid';
import { useDashboardLayout } from './layout/use-dashboard-layout';
import { MaintenanceAlert } from './maintenance-alert';
import { ShiftNavigator } from './shift-navigator';
import { stepShift } from './shift-navigation';
import { StopExplorerTile } from './stop-explorer/stop-timeline';
import { CurrentStopTile } from './tiles/current-stop-tile';
import { IndicatorTile } from './tiles/indicator-tile';
import { OrderTile } from './tiles/order-tile';
import { ProgressTile } from './tiles/progress-tile';
import { StopsListTile } from './tiles/stops-list-tile';
import { StopsManagerTile } from './tiles/stops-manager-tile';
import { TilePicker } from './tile-picker';

// The chart tiles bring chart.js (a third of the dashboard's code): loaded beside the page, not before its gauges.
const chartTiles = () => import('./tiles/chart-tiles');
const StopReasonsChartTile = lazyComponent(() => chartTiles().then((module) => module.StopReasonsChartTile));
const MtbfMttrChartTile = lazyComponent(() => chartTiles().then((module) => module.MtbfMttrChartTile));
const SpeedChartTile = lazyComponent(() => chartTiles().then((module) => module.SpeedChartTile));
const WaterfallTile = lazyComponent(() => chartTiles().then((module) => module.WaterfallTile));

const TILE_CONTENT: Record<TileId, () => ReactNode> = {
  oee: () => <IndicatorTile indicator="oee" />,
  utilization: () => <IndicatorTile indicator="utilization" />,
  throughput: () => <IndicatorTile indicator="throughput" />,
  acceptance: () => <IndicatorTile indicator="acceptance" />,
  currentStop: () => <CurrentStopTile />,
  progress: () => <ProgressTile />,
  explorer: () => <StopExplorerTile />,
  order: () => <OrderTile />,
  stopsManager: () => <StopsManagerTile />,
  stopsList: () => <StopsListTile />,
  stopReasons: () => <StopReasonsChartTile />,
  mtbfMttr: () => <MtbfMttrChartTile />,
  speed: () => <SpeedChartTile />,
  waterfall: () => <WaterfallTile />,
};

/**
 * A line's dashboard (SPEC.md section 2): the beacon, shift navigation driving every tile, the tiles the user chose
 * where the user put them, the stop dialogs and the maintenance alert. Data is polled: the overview every 15 s, the
 * rest every gridRefreshTime seconds, nothing while the tab is hidden.
 */
export function LineDashboard({ line }: { line: LineSummary }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const refreshMs = useGridRefreshMs();
  const [anchorMs, setAnchorMs] = useState<number | null>(null);
  const at = anchorMs === null ? null : new Date(anchorMs).toISOString();
  const status = useLineStatus(line.lineID);
  const indicators = useIndicators(line.lineID, at, refreshMs);
  const layout = useDashboardLayout(line.lineID);

  const shift = indicators.data?.shift ?? null;
  const shiftStart = shift?.start;
  const shiftEnd = shift?.end;
  const dayStart = indicators.data?.day.start;
  const dayEnd = indicators.data?.day.end;
  const range = useMemo(() => (shiftStart && shiftEnd ? { start: shiftStart, end: shiftEnd } : null), [shiftStart, shiftEnd]);
  const day = useMemo(() => (dayStart && dayEnd ? { start: dayStart, end: dayEnd } : null), [dayStart, dayEnd]);
  const state: DashboardState = {
    lineID: line.lineID,
    roleID: user?.roleID ?? 0,
    refreshMs,
    status,
    indicators,
    shift,
    range,
    day,
    isCurrent: anchorMs === null,
  };

  const tiles = TILES.filter((tile) => layout.visible.includes(tile.id)).map((tile) => ({
    id: tile.id,
    title: t(tile.label),
    content: TILE_CONTENT[tile.id](),
  }));

  return (
    <DashboardContext.Provider value={state}>
      <StopDialogsProvider lineID={line.lineID}>
        <Box data-testid="line-dashboard">
          <Flex align="center" gap="3" wrap="wrap" mb="2">
            <Box>
              <Heading size="lg">{t('dashboard.lineHeading', { n: line.lineID, description: line.description })}</Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('nav.sector', { name: line.sectorName })}
              </Text>
            </Box>
            <Beacon color={status.data?.beacon} />
            {status.data?.notRead && (
              <Badge colorPalette="red" data-testid="line-not-read">
                {t('dashboard.notRead')}
              </Badge>
            )}
            <Spacer />
            <HStack gap="2" wrap="wrap">
              <ShiftNavigator
                shift={shift}
                isCurrent={anchorMs === null}
                onStep={(direction) => shift && setAnchorMs(stepShift(shift, direction, Date.now()))}
                onNow={() => setAnchorMs(null)}
              />
              <TilePicker visible={layout.visible} onToggle={layout.setVisible} onReset={layout.reset} />
            </HStack>
          </Flex>
          <TileGrid tiles={tiles} layouts={layout.layouts} onUserLayout={layout.saveLayout} />
        </Box>
        <MaintenanceAlert lineID={line.lineID} />
      </StopDialogsProvider>
    </DashboardContext.Provider>
  );
}
