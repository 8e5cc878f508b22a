import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../../components/compact-table';
import { formatNumber } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useCounterEvents } from '../api/get-counter-events';
import { newestFirst } from '../diagnostics-views';
import { ViewPanel } from './view-panel';

const number = (value: number | null | undefined) => (value === null || value === undefined ? '-' : formatNumber(value));

/** Counter readings the engine did not book as they came (resets, a new source, impossible steps), newest first. */
export function CounterEventsView() {
  const { t } = useTranslation();
  const events = useCounterEvents();
  return (
    <ViewPanel
      title={t('diagnostics.views.counterEvents')}
      query={events}
      isEmpty={(data) => data.length === 0}
      testId="view-counterEvents"
    >
      {(data) => (
        <CompactTable
          columns={[
            { label: t('diagnostics.time') },
            { label: t('diagnostics.line') },
            { label: t('diagnostics.counter') },
            { label: t('diagnostics.event') },
            { label: t('diagnostics.previous'), end: true },
            { label: t('diagnostics.current'), end: true },
            { label: t('diagnostics.stepLimit'), end: true },
          ]}
        >
          {newestFirst(data).map((event, index) => (
            <tr key={`${event.dateTime}-${event.lineID}-${event.counter}-${index}`}>
              <td className="nowrap">{formatPlantDateTime(event.dateTime)}</td>
              <td>{event.lineID}</td>
              <td>{t(`diagnostics.counters.${event.counter}`)}</td>
              <td>{t(`diagnostics.counterKinds.${event.kind}`)}</td>
              <td className="end">{number(event.previous)}</td>
              <td className="end">{number(event.current)}</td>
              <td className="end">{number(event.limit)}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </ViewPanel>
  );
}
