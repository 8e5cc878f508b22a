import styles from './progress-bar.module.css';

/**
 * A determinate progress bar (0–100) that looks like Chakra's `Progress` (outline, teal), drawn as two plain elements
 * with static classes: Chakra's is a zag state machine whose value text builds an `Intl.NumberFormat`, and the first
 * one of a page made the browser load its number data (about 120 ms of the dashboard's cold load in its profile).
 */
export function ProgressBar({
  value,
  size,
  color,
  label,
}: {
  value: number;
  size: 'xs' | 'sm' | 'lg';
  /** The range's colour instead of teal. */
  color?: string;
  label?: string;
}) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
      className={`${styles.track} ${styles[size]}`}
    >
      <div className={styles.range} style={{ width: `${percent}%`, backgroundColor: color }} />
    </div>
  );
}
