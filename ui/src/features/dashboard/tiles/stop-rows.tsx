import { Checkbox, Text, useBreakpointValue } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RecognizeButton, SplitButton } from '../../../components/stops/stop-dialogs';
import { canHandleStops, SPLIT_COLUMN_ROLES, stopColor, type Stop } from '../../../components/stops/stop';
import { hasRole } from '../../../lib/roles';
import { minutesLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import styles from './stop-rows.module.css';

export interface StopRowsProps {
  stops: readonly Stop[];
  roleID: number;
  /** Selection boxes (the stops manager recognizes several stops at once). */
  selection?: { selected: ReadonlySet<number>; toggle: (stopID: number) => void };
  /** The split button (the supervisor's, SPEC.md section 6). */
  withSplit?: boolean;
  testId: string;
}

interface StopRowProps {
  stop: Stop;
  stacked: boolean;
  handles: boolean;
  splits: boolean;
  /** Whether the row has a selection box, and whether it is ticked. */
  selectable: boolean;
  selected: boolean;
  onToggle: (stopID: number) => void;
}

/**
 * One stop's row. Memoized: a poll's answer keeps the stops that did not change as the same objects (the query's
 * structural sharing), so only a new or changed stop's row renders again.
 */
const StopRow = memo(function StopRow({ stop, stacked, handles, splits, selectable, selected, onToggle }: StopRowProps) {
  const { t } = useTranslation();
  const reason = (
    <div className={styles.reason}>
      <div className={styles.swatch} style={{ background: stopColor(stop) }} />
      <p className={[stop.recognized ? '' : styles.unrecognized, stacked ? '' : styles.truncate].join(' ').trim() || undefined}>
        {stop.recognized ? (stop.path ?? stop.reason) : t('dashboard.unrecognized')}
      </p>
    </div>
  );
  const actions = (handles || splits) && (
    <div className={styles.actions}>
      {handles && <RecognizeButton stop={stop} />}
      {splits && <SplitButton stop={stop} />}
    </div>
  );
  return (
    <tr className={styles.row} data-testid={`stop-row-${stop.stopID}`}>
      {selectable && (
        <td className={`${styles.cell} ${styles.check}`}>
          <Checkbox.Root size="sm" checked={selected} onCheckedChange={() => onToggle(stop.stopID)} aria-label={String(stop.stopID)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
          </Checkbox.Root>
        </td>
      )}
      {stacked ? (
        <td className={styles.cell}>
          <div className={styles.stack}>
            <div className={styles.spread}>
              <p>{formatPlantDateTime(stop.startDate)}</p>
              <p>{minutesLabel(stop.duration, 'min')}</p>
            </div>
            {reason}
            {actions}
          </div>
        </td>
      ) : (
        <>
          <td className={`${styles.cell} ${styles.nowrap}`}>{formatPlantDateTime(stop.startDate)}</td>
          <td className={`${styles.cell} ${styles.nowrap} ${styles.end}`}>{minutesLabel(stop.duration, 'min')}</td>
          <td className={styles.cell}>{reason}</td>
          {(handles || splits) && <td className={`${styles.cell} ${styles.nowrap} ${styles.end}`}>{actions}</td>}
        </>
      )}
    </tr>
  );
});

/**
 * Stops as rows: start, minutes, reason (or 'No reconocida' in red), and 'Reconocer' / 'Modificar' for who may. On a
 * phone (narrower than Chakra's sm, 480 px) each stop is one stacked cell instead of four columns, so the tile never
 * needs more width than the screen has. Chakra's small table drawn with static classes (stop-rows.module.css).
 */
export function StopRows({ stops, roleID, selection, withSplit = false, testId }: StopRowsProps) {
  const { t } = useTranslation();
  const stacked = useBreakpointValue({ base: true, sm: false }) ?? false;
  const handles = canHandleStops(roleID);
  const splits = withSplit && hasRole(roleID, SPLIT_COLUMN_ROLES);
  // The selection's toggle is a new function on each render; the rows get one that stays, calling the latest.
  const toggleRef = useRef(selection?.toggle);
  useEffect(() => {
    toggleRef.current = selection?.toggle;
  });
  const onToggle = useCallback((stopID: number) => toggleRef.current?.(stopID), []);
  if (stops.length === 0) return <Text color="fg.muted">{t('dashboard.noStops')}</Text>;
  return (
    <table className={styles.table} data-testid={testId} data-stacked={stacked}>
      <tbody>
        {stops.map((stop) => (
          <StopRow
            key={stop.stopID}
            stop={stop}
            stacked={stacked}
            handles={handles}
            splits={splits}
            selectable={Boolean(selection)}
            selected={selection?.selected.has(stop.stopID) ?? false}
            onToggle={onToggle}
          />
        ))}
      </tbody>
    </table>
  );
}
