import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getBreakpointFromWidth, Responsive, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { BREAKPOINTS, COLS, ROW_HEIGHT, type BreakpointName, type TileLayouts, type TilePlace } from './dashboard-layout';
import styles from './tile-grid.module.css';

export interface GridTile {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * The tiles on react-grid-layout's responsive grid: each moves by its title bar and resizes by its corner. Only what
 * the user does (a move or a resize that ends) is handed back to be saved, with the breakpoint it was done on: the
 * grid's own re-layouts (a new width, compaction) are never saved, so saving can never feed back into the grid.
 */
export function TileGrid({
  tiles,
  layouts,
  onUserLayout,
}: {
  tiles: readonly GridTile[];
  layouts: TileLayouts;
  onUserLayout: (breakpoint: BreakpointName, places: readonly TilePlace[]) => void;
}) {
  // The tiles are drawn once the container's width is known: drawn first at react-grid-layout's guess (1280 px), the
  // width's measuring forced a layout of every tile, and the measured width laid them out again.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const done = (layout: Layout) => onUserLayout(getBreakpointFromWidth(BREAKPOINTS, width) as BreakpointName, layout);
  return (
    <Box ref={containerRef} data-testid="tile-grid">
      {mounted && (
        <Responsive
          width={width}
          breakpoints={BREAKPOINTS}
          cols={COLS}
          layouts={layouts}
          rowHeight={ROW_HEIGHT}
          margin={[10, 10]}
          dragConfig={{ handle: '.tile-handle' }}
          onDragStop={done}
          onResizeStop={done}
        >
          {tiles.map((tile) => (
            <div key={tile.id} data-testid={`tile-${tile.id}`}>
              <TileFrame title={tile.title}>{tile.content}</TileFrame>
            </div>
          ))}
        </Responsive>
      )}
    </Box>
  );
}

/** A tile's card: the title bar (the handle that moves it) and its content filling the rest. Static classes (tile-grid.module.css). */
function TileFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <div className={`tile-handle ${styles.handle}`}>
        <p className={styles.title}>{title}</p>
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
