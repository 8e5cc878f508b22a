import { Stack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../../components/compact-table';
import { formatNumber } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useCalculationTimes, type CalculationPass } from '../api/get-calculation-times';
import { newestFirst } from '../diagnostics-views';
import { DurationChart } from './duration-chart';
import { ViewPanel } from './view-panel';

/** A pass: its time and duration once, then one row per line it computed. Drawn again only when it changed. */
const PassRows = memo(
  function PassRows({ pass }: { pass: CalculationPass }) {
    const span = Math.max(1, pass.lines.length);
    const [first, ...rest] = pass.lines;
    return (
      <>
        <tr data-testid="execution-pass">
          <td rowSpan={span} className="nowrap">
            {formatPlantDateTime(pass.dateTime)}
          </td>
          <td rowSpan={span} className="end">
            {formatNumber(pass.duration)}
          </td>
          <td>{first?.line ?? '-'}</td>
          <td>{first?.result ?? '-'}</td>
        </tr>
        {rest.map((line) => (
          <tr key={line.line}>
            <td>{line.line}</td>
            <td>{line.result}</td>
          </tr>
        ))}
      </>
    );
  },
  (before, after) => JSON.stringify(before.pass) === JSON.stringify(after.pass),
);

/** Tags Execution History: the last 100 calculation passes, their durations charted, each with what it computed per line. */
export function ExecutionHistoryView() {
  const { t } = useTranslation();
  const passes = useCalculationTimes();
  return (
    <ViewPanel
      title={t('diagnostics.views.executionHistory')}
      query={passes}
      isEmpty={(data) => data.length === 0}
      testId="view-executionHistory"
    >
      {(data) => (
        <Stack gap="3">
          <DurationChart entries={data} testId="chart-executions" />
          <CompactTable
            testId="execution-history"
            columns={[
              { label: t('diagnostics.time') },
              { label: t('diagnostics.duration'), end: true },
              { label: t('diagnostics.line') },
              { label: t('diagnostics.result') },
            ]}
          >
            {newestFirst(data).map((pass) => (
              <PassRows key={pass.dateTime} pass={pass} />
            ))}
          </CompactTable>
        </Stack>
      )}
    </ViewPanel>
  );
}
