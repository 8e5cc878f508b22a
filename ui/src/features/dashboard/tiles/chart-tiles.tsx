import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShiftName } from '../use-shift-name';
import { BarChart, type BarSeries } from '../../../components/charts/bar-chart';
import { WaterfallPanel } from '../../../components/losses/waterfall-panel';
import { summaryRowColor } from '../../../components/stops/api/get-stop-summary';
import { roundToTenth } from '../../../lib/indicator-format';
import { useShiftHistory } from '../api/get-shift-history';
import { useStopSummary } from '../api/get-stop-summary';
import { useDashboard } from '../dashboard-context';
import { shiftSpeeds } from './shift-speeds';

/** Stop minutes of the shift on screen by reason (unrecognized in red), each share above 30 % labelled. */
export function StopReasonsChartTile() {
  const { t } = useTranslation();
  const { lineID, range, refreshMs } = useDashboard();
  const summary = useStopSummary(lineID, range, refreshMs);
  const rows = summary.data?.byReason;
  const chart = useMemo(() => {
    if (!rows) return null;
    return {
      labels: rows.map((row) => row.reason ?? t('dashboard.unrecognized')),
      series: [
        { label: t('dashboard.minutesUnit'), values: rows.map((row) => roundToTenth(row.duration)), color: rows.map(summaryRowColor) },
      ],
    };
  }, [rows, t]);
  if (!chart || chart.labels.length === 0)
    return <Text color="fg.muted">{summary.isPending ? t('app.loading') : t('dashboard.noStops')}</Text>;
  return (
    <BarChart
      labels={chart.labels}
      series={chart.series}
      horizontal
      showShares
      unit={t('dashboard.minutesUnit')}
      testId="chart-stop-reasons"
    />
  );
}

/** MTBF and MTTR in minutes of each shift of the plant day on screen. */
export function MtbfMttrChartTile() {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  const { indicators } = useDashboard();
  const perShift = indicators.data?.perShift;
  const chart = useMemo(() => {
    if (!perShift) return null;
    const series: BarSeries[] = [
      { label: t('dashboard.mtbf'), values: perShift.map((shift) => shift.mtbf), color: '#3182ce' },
      { label: t('dashboard.mttr'), values: perShift.map((shift) => shift.mttr), color: '#dd6b20' },
    ];
    return { labels: perShift.map((shift) => nameOf(shift)), series };
  }, [perShift, t, nameOf]);
  if (!chart) return <Text color="fg.muted">{t('app.loading')}</Text>;
  return <BarChart labels={chart.labels} series={chart.series} unit={t('dashboard.minutesUnit')} testId="chart-mtbf-mttr" />;
}

/** Current and nominal speed (units per minute) of each shift of the plant day on screen. */
export function SpeedChartTile() {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  const { lineID, day, indicators, refreshMs } = useDashboard();
  const history = useShiftHistory(lineID, day, refreshMs);
  const perShift = indicators.data?.perShift;
  const chart = useMemo(() => {
    if (!perShift || !history.data) return null;
    const speeds = shiftSpeeds(
      perShift.map((shift) => shift.code),
      history.data,
    );
    const series: BarSeries[] = [
      { label: t('dashboard.currentSpeed'), values: speeds.map((speed) => speed.current), color: '#319795' },
      { label: t('dashboard.nominalSpeed'), values: speeds.map((speed) => speed.nominal), color: '#a0aec0' },
    ];
    return { labels: perShift.map((shift) => nameOf(shift)), series };
  }, [perShift, history.data, t, nameOf]);
  if (!chart) return <Text color="fg.muted">{t('app.loading')}</Text>;
  return <BarChart labels={chart.labels} series={chart.series} unit={t('dashboard.speedUnit')} testId="chart-speed" />;
}

/** Where the time of the shift on screen went: the waterfall from calendar to fully productive time, OEE and TEEP. */
export function WaterfallTile() {
  const { lineID, range, refreshMs } = useDashboard();
  const query = useMemo(() => (range ? { lineID, from: range.start, to: range.end } : null), [lineID, range]);
  return <WaterfallPanel query={query} refreshMs={refreshMs} height="160px" testId="tile-waterfall" />;
}
