import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/progress-bar';
import { formatNumber, percentLabel } from '../../../lib/indicator-format';
import { useDashboard } from '../dashboard-context';
import styles from './tiles.module.css';

/** SPEC.md section 9: the progress bar has ticks at 10 %, 50 % and 90 %. */
export const PROGRESS_TICKS = [0.1, 0.5, 0.9] as const;

/** Production of the Ready order against its target quantity, with ticks at 10/50/90 %; its boxes are static classes. */
export function ProgressTile() {
  const { t } = useTranslation();
  const { status } = useDashboard();
  const order = status.data?.orderData;
  if (!order) return <Text color="fg.muted">{status.isPending ? t('app.loading') : t('dashboard.noOrder')}</Text>;
  const progress = order.progress ?? 0;
  return (
    <div className={styles.progress} data-testid="production-progress">
      <p className={styles.strong} data-testid="production-progress-value">
        {percentLabel(order.progress)} ·{' '}
        {t('dashboard.progressOf', {
          done: formatNumber(order.productionQuantity ?? 0, { maxDecimals: 0 }),
          target: formatNumber(order.desiredProductionQuantity ?? 0, { maxDecimals: 0 }),
          unit: order.unit ?? '',
        })}
      </p>
      <div className={styles.progressBar}>
        <ProgressBar value={progress * 100} size="lg" />
        {PROGRESS_TICKS.map((tick) => (
          <div key={tick} className={styles.tick} style={{ left: `${tick * 100}%` }} data-testid="progress-tick">
            <div className={styles.tickMark} />
            <p className={styles.tickLabel}>{tick * 100}%</p>
          </div>
        ))}
      </div>
    </div>
  );
}
