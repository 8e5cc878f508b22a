import type { MessageKey } from '../../../lib/i18n';

/**
 * The dashboard's tiles and their arrangement (SPEC.md sections 2, 9): breakpoints lg 1200, md 700, sm 500 (then
 * xs and xxs), 12/12/6/6/2 columns; each tile optional and movable; layout and visible tiles saved in the browser per
 * line. Pure, so the placement rules are unit-tested.
 */

export const BREAKPOINTS = { lg: 1200, md: 700, sm: 500, xs: 320, xxs: 0 } as const;
export const COLS = { lg: 12, md: 12, sm: 6, xs: 6, xxs: 2 } as const;
export type BreakpointName = keyof typeof BREAKPOINTS;
export const BREAKPOINT_NAMES = Object.keys(BREAKPOINTS) as BreakpointName[];
export const ROW_HEIGHT = 40;

export const TILE_IDS = [
  'oee',
  'utilization',
  'throughput',
  'acceptance',
  'currentStop',
  'progress',
  'explorer',
  'order',
  'stopsManager',
  'stopsList',
  'stopReasons',
  'mtbfMttr',
  'speed',
  'waterfall',
] as const;
export type TileId = (typeof TILE_IDS)[number];

export interface TileSpec {
  id: TileId;
  label: MessageKey;
  /** Shown until the user hides it (acceptance starts hidden). */
  defaultVisible: boolean;
  /** Size on 12 columns, in grid rows of ROW_HEIGHT. */
  w: number;
  h: number;
  minH?: number;
}

export const TILES: readonly TileSpec[] = [
  { id: 'oee', label: 'dashboard.tiles.oee', defaultVisible: true, w: 3, h: 5, minH: 4 },
  { id: 'utilization', label: 'dashboard.tiles.utilization', defaultVisible: true, w: 3, h: 5, minH: 4 },
  { id: 'throughput', label: 'dashboard.tiles.throughput', defaultVisible: true, w: 3, h: 5, minH: 4 },
  { id: 'acceptance', label: 'dashboard.tiles.acceptance', defaultVisible: false, w: 3, h: 5, minH: 4 },
  { id: 'currentStop', label: 'dashboard.tiles.currentStop', defaultVisible: true, w: 3, h: 5, minH: 4 },
  { id: 'progress', label: 'dashboard.tiles.progress', defaultVisible: true, w: 6, h: 3, minH: 3 },
  { id: 'explorer', label: 'dashboard.tiles.explorer', defaultVisible: true, w: 6, h: 3, minH: 3 },
  { id: 'order', label: 'dashboard.tiles.order', defaultVisible: true, w: 6, h: 8, minH: 5 },
  { id: 'stopsManager', label: 'dashboard.tiles.stopsManager', defaultVisible: true, w: 6, h: 8, minH: 4 },
  { id: 'stopsList', label: 'dashboard.tiles.stopsList', defaultVisible: true, w: 12, h: 7, minH: 4 },
  { id: 'stopReasons', label: 'dashboard.tiles.stopReasons', defaultVisible: true, w: 4, h: 7, minH: 4 },
  { id: 'mtbfMttr', label: 'dashboard.tiles.mtbfMttr', defaultVisible: true, w: 4, h: 7, minH: 4 },
  { id: 'speed', label: 'dashboard.tiles.speed', defaultVisible: true, w: 4, h: 7, minH: 4 },
  // Where the shift's time went (issue 29): shown once the user picks it, so existing dashboards keep their layout.
  { id: 'waterfall', label: 'dashboard.tiles.waterfall', defaultVisible: false, w: 6, h: 8, minH: 6 },
];

const SPEC_OF = new Map(TILES.map((tile) => [tile.id, tile]));

export interface TilePlace {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minH?: number;
}
export type TileLayouts = Record<BreakpointName, TilePlace[]>;

export interface SavedDashboard {
  visible: TileId[];
  layouts: Partial<Record<BreakpointName, TilePlace[]>>;
}

export const DEFAULT_VISIBLE: TileId[] = TILES.filter((tile) => tile.defaultVisible).map((tile) => tile.id);

export const isTileId = (value: unknown): value is TileId => typeof value === 'string' && (TILE_IDS as readonly string[]).includes(value);

/** Breakpoints narrower than sm: a phone held upright. */
const PHONE_BREAKPOINTS: ReadonlySet<BreakpointName> = new Set(['xs', 'xxs']);

/**
 * A tile's width on a breakpoint's columns: scaled from 12 (at least 1, at most every column); on a phone a gauge-sized
 * tile (3 of 12) takes half the row and every wider one the whole row, so no tile is squeezed below about 180 px at
 * 390 px wide.
 */
function widthOn(spec: TileSpec, breakpoint: BreakpointName): number {
  const cols = COLS[breakpoint];
  if (PHONE_BREAKPOINTS.has(breakpoint)) return spec.w <= 3 ? cols / 2 : cols;
  return Math.min(cols, Math.max(1, Math.round((spec.w * cols) / 12)));
}

/** Places tiles left to right, a new row when a tile does not fit, starting at row `fromY`. */
function flow(ids: readonly TileId[], breakpoint: BreakpointName, fromY = 0): TilePlace[] {
  const cols = COLS[breakpoint];
  const places: TilePlace[] = [];
  let x = 0;
  let y = fromY;
  let rowHeight = 0;
  for (const id of ids) {
    const spec = SPEC_OF.get(id)!;
    const w = widthOn(spec, breakpoint);
    if (x + w > cols) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    places.push({ i: id, x, y, w, h: spec.h, minH: spec.minH });
    x += w;
    rowHeight = Math.max(rowHeight, spec.h);
  }
  return places;
}

/**
 * The layout of each breakpoint for the visible tiles: where the user left a tile it stays; a tile without a saved
 * place (newly shown, or never moved) goes below the others, in the catalogue's order.
 */
export function layoutsFor(visible: readonly TileId[], saved: SavedDashboard['layouts'] = {}): TileLayouts {
  const shown = TILE_IDS.filter((id) => visible.includes(id));
  const result = {} as TileLayouts;
  for (const name of BREAKPOINT_NAMES) {
    const cols = COLS[name];
    const kept = (saved[name] ?? [])
      .filter((place) => isTileId(place.i) && shown.includes(place.i))
      .map((place) => ({ ...place, w: Math.min(place.w, cols), minH: SPEC_OF.get(place.i as TileId)!.minH }));
    const keptIds = new Set(kept.map((place) => place.i));
    const bottom = kept.reduce((max, place) => Math.max(max, place.y + place.h), 0);
    result[name] = [
      ...kept,
      ...flow(
        shown.filter((id) => !keptIds.has(id)),
        name,
        bottom,
      ),
    ];
  }
  return result;
}

const isPlace = (value: unknown): value is TilePlace => {
  const place = value as TilePlace | null;
  return (
    !!place &&
    typeof place.i === 'string' &&
    [place.x, place.y, place.w, place.h].every((n) => Number.isInteger(n) && n >= 0) &&
    place.w > 0 &&
    place.h > 0
  );
};

/** Reads what was saved in the browser; anything unreadable falls back to the defaults. */
export function readSaved(value: unknown): SavedDashboard {
  const saved = value as Partial<SavedDashboard> | null;
  const visible = Array.isArray(saved?.visible) ? saved.visible.filter(isTileId) : DEFAULT_VISIBLE;
  const layouts: SavedDashboard['layouts'] = {};
  if (saved?.layouts && typeof saved.layouts === 'object') {
    for (const name of BREAKPOINT_NAMES) {
      const places = (saved.layouts as Record<string, unknown>)[name];
      if (Array.isArray(places)) layouts[name] = places.filter(isPlace).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
    }
  }
  return { visible, layouts };
}

export const storageKey = (lineID: number) => `dashboard.line.${lineID}`;
