import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '../lib/idle';

/** Laid out (AG Grid and chart.js measure their box) but out of sight, out of reach and out of the accessibility tree. */
const OFFSTAGE: CSSProperties = {
  position: 'fixed',
  top: 0,
  left: -20_000,
  width: 1_200,
  height: 800,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
  contain: 'strict',
};

type Stage = 'waiting' | 'drawing' | 'done';

/**
 * Draws `children` once where nobody sees them, when the browser is first idle, and drops them when it is idle again.
 *
 * For a page whose heavy content only appears on a click (the stop summaries' grid, Pareto and tables after
 * 'Aplicar'): the first drawing of an AG Grid, a chart.js chart or a Chakra table costs several times the next one,
 * as V8 compiles their code, Chakra inserts their styles and each library sets itself up. Rehearsed with sample data
 * while the user fills the filter, the click pays only for the drawing itself. The children must not fetch.
 */
export function Rehearsal({ children }: { children: ReactNode }) {
  const [stage, setStage] = useState<Stage>('waiting');
  useEffect(() => {
    if (stage === 'done') return undefined;
    // Drawn: the libraries finish on the frames after the commit (AG Grid draws its rows on an animation frame).
    let cancel = () => {};
    const frame = requestAnimationFrame(() => {
      cancel = whenIdle(() => setStage(stage === 'waiting' ? 'drawing' : 'done'));
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [stage]);
  if (stage !== 'drawing') return null;
  return createPortal(
    <div aria-hidden="true" inert style={OFFSTAGE} data-testid="rehearsal">
      {children}
    </div>,
    document.body,
  );
}
