import { useMemo } from 'react';
import { storedValue, useStoredValue, type StoredValue } from '../../../lib/stored-value';
import {
  DEFAULT_VISIBLE,
  layoutsFor,
  readSaved,
  storageKey,
  type BreakpointName,
  type SavedDashboard,
  type TileId,
  type TilePlace,
} from './dashboard-layout';

const stores = new Map<number, StoredValue<SavedDashboard | null>>();

/** One stored value per line, created on first use (a plant has at most 99 lines). */
function storeOf(lineID: number): StoredValue<SavedDashboard | null> {
  let store = stores.get(lineID);
  if (!store) {
    store = storedValue<SavedDashboard | null>(
      storageKey(lineID),
      null,
      (value): value is SavedDashboard | null => value === null || typeof value === 'object',
    );
    stores.set(lineID, store);
  }
  return store;
}

/** The tiles shown on a line's dashboard and where, as this browser saved them. */
export function useDashboardLayout(lineID: number) {
  const store = storeOf(lineID);
  const raw = useStoredValue(store);
  const saved = useMemo(() => (raw ? readSaved(raw) : { visible: DEFAULT_VISIBLE, layouts: {} }), [raw]);
  const layouts = useMemo(() => layoutsFor(saved.visible, saved.layouts), [saved]);
  return {
    visible: saved.visible,
    layouts,
    setVisible(tile: TileId, shown: boolean) {
      const visible = shown ? [...saved.visible.filter((id) => id !== tile), tile] : saved.visible.filter((id) => id !== tile);
      store.set({ ...saved, visible });
    },
    /** What the user left on one breakpoint; the other breakpoints keep theirs. */
    saveLayout(breakpoint: BreakpointName, places: readonly TilePlace[]) {
      const plain = places.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
      if (JSON.stringify(plain) === JSON.stringify(saved.layouts[breakpoint])) return;
      store.set({ ...saved, layouts: { ...saved.layouts, [breakpoint]: plain } });
    },
    reset() {
      store.set(null);
    },
  };
}
