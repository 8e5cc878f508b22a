import { useTranslation } from 'react-i18next';
import type { StopSummary } from '../../../components/stops/api/get-stop-summary';
import { UNRECOGNIZED_COLOR } from '../../../components/stops/stop';
import { ProgressBar } from '../../../components/progress-bar';
import { shareLabel } from '../../../lib/indicator-format';
import { SummaryTable } from './summary-table';

/** The range's stops by reason path cut to the chosen level: minutes, stops, percent, and a bullet bar of the share. */
export function PathSummary({ summary }: { summary: StopSummary }) {
  const { t } = useTranslation();
  return (
    <SummaryTable
      title={t('stopSummary.stopsByPath')}
      headers={{
        label: 'stopSummary.columns.path',
        count: 'stopSummary.columns.stopCount',
        extra: 'stopSummary.columns.share',
        extraWidth: '30%',
      }}
      rows={summary.byPath.map((row) => ({
        path: row.path,
        label: row.path ?? t('stopSummary.unrecognized'),
        minutes: row.duration,
        count: row.stopCount,
        percent: row.percent,
        extra: (
          <ProgressBar
            size="sm"
            value={row.percent * 100}
            label={shareLabel(row.percent)}
            color={row.path === null ? UNRECOGNIZED_COLOR : undefined}
          />
        ),
      }))}
      totalMinutes={summary.totalMinutes}
      testId="summary-path"
    />
  );
}
