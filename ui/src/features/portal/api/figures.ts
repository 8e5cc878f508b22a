/** A roll-up's figures as the portal answers them: counts, times in minutes, ratios 0..1 (null when unknown). */
export interface PortalFigures {
  productionQuantity: number | null;
  discardQuantity: number | null;
  goodUnits: number | null;
  staffedTime: number | null;
  runtime: number | null;
  stopTime: number | null;
  failureCount: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  mtbf: number | null;
  mttr: number | null;
  /** Throughput over 100 %: above the nominal speed, the figure kept and flagged. */
  aboveNominalSpeed: boolean;
  /** A roll-up of lines: its OEE and throughput cover coveredLines of lineCount (the lines with a nominal speed). */
  lineCount?: number;
  coveredLines?: number;
}

/** Plants as the API takes them: one comma-separated list; none is every plant. */
export const plantsParam = (plants: readonly string[]) => (plants.length ? plants.join(',') : null);
