import { useTranslation } from 'react-i18next';
import { useTagUpdates } from '../api/get-tag-updates';
import { DurationChart } from './duration-chart';
import { ViewPanel } from './view-panel';

/** Tags Update Over Time: how long each of the last 100 tag updates took to be stored. */
export function TagUpdatesView() {
  const { t } = useTranslation();
  const updates = useTagUpdates();
  return (
    <ViewPanel title={t('diagnostics.views.tagUpdates')} query={updates} isEmpty={(data) => data.length === 0} testId="view-tagUpdates">
      {(data) => <DurationChart entries={data} testId="chart-tag-updates" />}
    </ViewPanel>
  );
}
