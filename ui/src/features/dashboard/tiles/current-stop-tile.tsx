import { useTranslation } from 'react-i18next';
import { noStopMessage } from '../../../components/beacon';
import { ElapsedRing } from '../../../components/elapsed-ring/elapsed-ring';
import { RecognizeButton } from '../../../components/stops/stop-dialogs';
import { canHandleStops, stopColor, type Stop } from '../../../components/stops/stop';
import { useNow } from '../../../components/use-now';
import { formatPlantTime } from '../../../lib/plant-time';
import type { CurrentStop } from '../api/get-line-status';
import { useDashboard } from '../dashboard-context';
import { MaintenanceCallButton } from './maintenance-call-button';
import { maintenancePhases } from './maintenance-phases';
import styles from './tiles.module.css';

/** SPEC.md section 9: declaring time dark red, waiting red, maintenance orange. */
export const RING_COLORS = { declaring: '#8b1a1a', waiting: '#e53e3e', maintenance: '#dd6b20' } as const;

/** The stop in progress as the recognition dialog takes it. */
export function stopOfOverview(current: CurrentStop, lineID: number, order: string | null): Stop {
  return {
    stopID: current.stopID,
    order,
    op: null,
    lineID,
    split: false,
    reason: current.reason,
    reasonID: current.reasonID,
    root: null,
    path: current.path,
    startDate: current.startDate,
    endDate: null,
    duration: current.duration,
    recognized: current.recognized,
    observation: null,
    declaringTime: null,
    waitingTime: null,
    maintenanceTime: null,
    color: current.color,
  };
}

/**
 * The stop in progress: a ring of its elapsed time (s, m, h, d up to 98 d, then '+99d'), its reason or 'No
 * reconocida'; with a maintenance call, the declaring, waiting and maintenance times as three rings. It redraws every
 * second: its boxes are static classes (tiles.module.css), not Chakra style props.
 */
export function CurrentStopTile() {
  const { t } = useTranslation();
  const { status, lineID, roleID } = useDashboard();
  const now = useNow(1_000);
  const current = status.data?.stopData;
  const callButton = <MaintenanceCallButton lineID={lineID} roleID={roleID} callOpen={Boolean(status.data?.callData)} />;
  if (!current) {
    return (
      <div className={styles.column}>
        <p className={styles.muted}>{status.isPending ? t('app.loading') : t(noStopMessage(status.data?.beacon))}</p>
        {status.data && callButton}
      </div>
    );
  }
  // The server's duration when it answered, plus the time since: the ring keeps counting between polls.
  const elapsedMs = current.duration * 60_000 + Math.max(0, now - status.dataUpdatedAt);
  const call = status.data?.callData;
  const phases = call ? maintenancePhases(current.startDate, call, now) : null;
  const stop = stopOfOverview(current, lineID, status.data?.orderData?.order ?? null);
  return (
    <div className={styles.column} data-testid="current-stop">
      {phases ? (
        <div className={`${styles.centeredRow} ${styles.rings}`} data-testid="maintenance-rings">
          <ElapsedRing
            elapsedMs={phases.declaringMs}
            color={RING_COLORS.declaring}
            caption={t('dashboard.declaring')}
            size={90}
            testId="ring-declaring"
          />
          <ElapsedRing
            elapsedMs={phases.waitingMs}
            color={RING_COLORS.waiting}
            caption={t('dashboard.waiting')}
            size={90}
            testId="ring-waiting"
          />
          <ElapsedRing
            elapsedMs={phases.maintenanceMs}
            color={RING_COLORS.maintenance}
            caption={t('dashboard.maintenance')}
            size={90}
            testId="ring-maintenance"
          />
        </div>
      ) : (
        <ElapsedRing elapsedMs={elapsedMs} color={stopColor(current)} size={110} testId="current-stop-ring" />
      )}
      <div className={styles.centered}>
        <p className={current.recognized ? styles.strong : `${styles.strong} ${styles.unrecognized}`} data-testid="current-stop-reason">
          {current.recognized ? (current.reason ?? current.path) : t('dashboard.unrecognized')}
        </p>
        <p className={`${styles.small} ${styles.muted}`}>{t('dashboard.stopSince', { time: formatPlantTime(current.startDate) })}</p>
      </div>
      <div className={styles.centeredRow}>
        {canHandleStops(roleID) && <RecognizeButton stop={stop} size="sm" />}
        {callButton}
      </div>
    </div>
  );
}
