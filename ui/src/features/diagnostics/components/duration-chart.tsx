import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart, type LineSeries } from '../../../components/charts/line-chart';
import { DURATION_LIMIT_MS, durationSeries } from '../diagnostics-views';

/** Durations (ms) over time with the limit line at 1000 ms and the average as a rounded line (SPEC.md section 9). */
export function DurationChart({ entries, testId }: { entries: readonly { dateTime: string; duration: number }[]; testId: string }) {
  const { t } = useTranslation();
  const series = useMemo(() => durationSeries(entries), [entries]);
  const lines = useMemo<LineSeries[]>(() => {
    const constant = (value: number) => series.labels.map(() => value);
    return [
      { label: t('diagnostics.duration'), values: series.durations, color: '#3182ce' },
      {
        label: t('diagnostics.limit', { value: DURATION_LIMIT_MS }),
        values: constant(DURATION_LIMIT_MS),
        color: '#e53e3e',
        reference: true,
      },
      ...(series.average === null
        ? []
        : [
            {
              label: t('diagnostics.average', { value: series.average }),
              values: constant(series.average),
              color: '#38a169',
              reference: true,
            },
          ]),
    ];
  }, [series, t]);
  return (
    <Box h="260px" data-average={series.average ?? ''} data-points={series.durations.length}>
      <LineChart labels={series.labels} series={lines} unit="ms" testId={testId} />
    </Box>
  );
}
