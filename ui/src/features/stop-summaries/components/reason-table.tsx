import { Box, Heading, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/charts/bar-chart';
import { summaryRowColor, type StopSummary } from '../../../components/stops/api/get-stop-summary';
import { cumulativePercents } from '../pareto';
import { SummaryTable } from './summary-table';

const PARETO_LINE_COLOR = '#2d3748';

/**
 * The Pareto of the range's stops (bars by reason in their colours, longest first; the cumulative percent on a second
 * axis; a bar's share written on it above 30 %), then every stop by reason: reason, minutes, quantity, percent of the
 * total, colour.
 */
export function ReasonSummary({ summary }: { summary: StopSummary }) {
  const { t } = useTranslation();
  const chart = useMemo(
    () => ({
      labels: summary.pareto.map((row) => row.reason ?? t('stopSummary.unrecognized')),
      series: [
        { label: t('stopSummary.minutes'), values: summary.pareto.map((row) => row.duration), color: summary.pareto.map(summaryRowColor) },
      ],
      line: {
        label: t('stopSummary.cumulative'),
        values: cumulativePercents(summary.pareto),
        color: PARETO_LINE_COLOR,
        max: 100,
        unit: '%',
      },
    }),
    [summary, t],
  );
  return (
    <Box>
      <Heading size="md" mb="2">
        {t('stopSummary.pareto')}
      </Heading>
      {summary.pareto.length === 0 ? (
        <Text color="fg.muted" mb="4" data-testid="summary-pareto-empty">
          {t('stopSummary.noParetoStops')}
        </Text>
      ) : (
        <Box h="300px" mb="4">
          <BarChart
            labels={chart.labels}
            series={chart.series}
            line={chart.line}
            showShares
            unit={t('stopSummary.minutes')}
            testId="summary-pareto"
          />
        </Box>
      )}
      <SummaryTable
        title={t('stopSummary.stopsByReason')}
        headers={{ label: 'stopSummary.columns.reason', count: 'stopSummary.columns.quantity', extra: 'stopSummary.columns.color' }}
        rows={summary.byReason.map((row) => ({
          path: row.path,
          label: row.reason ?? t('stopSummary.unrecognized'),
          title: row.path ?? undefined,
          minutes: row.duration,
          count: row.quantity,
          percent: row.percent,
          extra: <Box w="4" h="4" borderRadius="sm" bg={summaryRowColor(row)} data-testid="summary-reason-swatch" />,
        }))}
        totalMinutes={summary.totalMinutes}
        testId="summary-reason"
      />
    </Box>
  );
}
