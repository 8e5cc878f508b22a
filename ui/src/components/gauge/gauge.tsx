import { MeterArc } from '../meter-arc';
import styles from './gauge.module.css';
import { gaugeReading } from './gauge-reading';

/** The upper half circle, drawn left to right; pathLength 100 makes the dash length the filled percentage. */
const ARC = 'M 15 100 A 85 85 0 0 1 185 100';

/** A figure shown beside the gauge's own, under its own caption (the Ready order's beside the shift's). */
export interface GaugeSideReading {
  value: number | null | undefined;
  caption: string;
}

/**
 * A half-circle gauge of a ratio (OEE, utilization, throughput, acceptance): the arc filled up to 100 %, the whole
 * percentage in the middle (capped at '999+%') and a caption under it (the shift it belongs to). `side`: a second
 * figure beside it under its own caption, so each number on screen is of what its caption names; on a narrow tile (a
 * phone) the two are stacked, the side figure under the gauge, so neither is cut. `warning`: a line
 * under the caption (a figure above nominal speed). Plain SVG: nothing to create or destroy while the dashboard polls.
 * Static classes (gauge.module.css), not Chakra style props: nothing serialized or hashed on each poll's render, and
 * the stacking is a container query, not a measurement.
 */
export function Gauge({
  value,
  color,
  caption,
  side,
  warning,
  testId,
}: {
  value: number | null | undefined;
  color: string;
  caption?: string;
  side?: GaugeSideReading;
  warning?: string;
  testId?: string;
}) {
  const reading = gaugeReading(value);
  return (
    <div className={styles.gauge} data-testid={testId}>
      <div className={side ? `${styles.row} ${styles.withSide}` : styles.row}>
        <div className={styles.main}>
          <MeterArc
            path={ARC}
            viewBox="0 0 200 112"
            className={styles.arc}
            fraction={reading.fraction}
            color={color}
            strokeWidth={18}
            label={reading.label}
            labelY={96}
            fontSize={34}
            labelTestId={testId ? `${testId}-value` : undefined}
          />
          {caption && (
            <p className={styles.caption} data-testid={testId ? `${testId}-caption` : undefined}>
              {caption}
            </p>
          )}
        </div>
        {side && (
          <div className={styles.side}>
            <p className={styles.sideValue} data-testid={testId ? `${testId}-side-value` : undefined}>
              {gaugeReading(side.value).label}
            </p>
            <p className={styles.sideCaption} data-testid={testId ? `${testId}-side-caption` : undefined}>
              {side.caption}
            </p>
          </div>
        )}
      </div>
      {warning && (
        <p className={styles.warning} data-testid={testId ? `${testId}-warning` : undefined}>
          {warning}
        </p>
      )}
    </div>
  );
}
