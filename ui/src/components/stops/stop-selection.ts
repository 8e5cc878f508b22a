import { useState } from 'react';
import type { Stop } from './stop';

export interface StopSelection {
  selected: ReadonlySet<number>;
  /** The selected stops among those listed now. */
  chosen: Stop[];
  toggle: (stopID: number) => void;
  selectAll: () => void;
  clear: () => void;
}

/**
 * Stops ticked for bulk recognition (the dashboard's stops manager tile, the stops manager page). Only stops still
 * listed stay selected: a refresh may have seen some recognized elsewhere.
 */
export function useStopSelection(stops: readonly Stop[]): StopSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const chosen = stops.filter((stop) => selected.has(stop.stopID));
  const toggle = (stopID: number) => {
    const next = new Set(chosen.map((stop) => stop.stopID));
    if (next.has(stopID)) next.delete(stopID);
    else next.add(stopID);
    setSelected(next);
  };
  return {
    selected,
    chosen,
    toggle,
    selectAll: () => setSelected(new Set(stops.map((stop) => stop.stopID))),
    clear: () => setSelected(new Set()),
  };
}
