import { MeterArc } from '../meter-arc';
import { elapsedReading } from './elapsed';
import styles from './elapsed-ring.module.css';

/** A full circle of radius 42 drawn clockwise from the top, so the fill grows like a clock hand. */
const RING = 'M 50 8 A 42 42 0 1 1 49.99 8';

/**
 * A ring filled by an elapsed time on its unit's scale, the time in the middle ('12m', '+99d') and a caption under
 * it (the current stop; with a maintenance call its declaring, waiting and maintenance times). Plain SVG, and static
 * classes (elapsed-ring.module.css) rather than Chakra style props: it redraws every second.
 */
export function ElapsedRing({
  elapsedMs,
  color,
  caption,
  size = 120,
  testId,
}: {
  elapsedMs: number;
  color: string;
  caption?: string;
  size?: number;
  testId?: string;
}) {
  const reading = elapsedReading(elapsedMs);
  return (
    <div className={styles.ring} data-testid={testId}>
      <MeterArc
        path={RING}
        viewBox="0 0 100 100"
        style={{ width: size, height: size }}
        fraction={reading.fraction}
        color={color}
        strokeWidth={10}
        label={reading.label}
        labelY={58}
        fontSize={22}
        labelTestId={testId ? `${testId}-value` : undefined}
      />
      {caption && <p className={styles.caption}>{caption}</p>}
    </div>
  );
}
