import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../lib/i18n';
import styles from './beacon.module.css';

/** The line's beacon as the overview reports it. */
export type BeaconColor = 'green' | 'red' | 'amber' | 'white';

/** SPEC.md section 3: on green, off red, maintenance amber, unknown white. */
export const BEACON_COLORS: Record<BeaconColor, string> = { green: '#38a169', red: '#e53e3e', amber: '#ecc94b', white: '#ffffff' };

/** The line's beacon light and what it means (static classes, beacon.module.css: it re-renders on every poll). */
export function Beacon({ color }: { color: BeaconColor | undefined }) {
  const { t } = useTranslation();
  const shown = color ?? 'white';
  return (
    <div className={styles.beacon} data-testid="beacon" data-color={shown}>
      <div
        className={styles.light}
        style={{ background: BEACON_COLORS[shown], boxShadow: shown === 'white' ? undefined : `0 0 8px ${BEACON_COLORS[shown]}` }}
      />
      <p className={styles.label}>{t(`dashboard.beacon.${shown}`)}</p>
    </div>
  );
}

/**
 * What a line without a stop in progress is said to be doing: running, unless its beacon is unknown (a line whose
 * beacon cannot be computed, or not yet): then nobody can tell, and the text says so rather than 'running'.
 */
export function noStopMessage(beacon: BeaconColor | undefined): MessageKey {
  return beacon === 'white' ? 'dashboard.stateUnknown' : 'dashboard.noStop';
}
