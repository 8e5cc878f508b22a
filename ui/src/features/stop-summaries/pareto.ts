import type { ReasonSummaryRow } from '../../components/stops/api/get-stop-summary';

/**
 * The Pareto line (SPEC.md section 9: percent = duration over the total duration of the pareto stops, longest first):
 * each reason's cumulative percent, 0..100, to the tenth. The rows come sorted from the server.
 */
export function cumulativePercents(rows: readonly Pick<ReasonSummaryRow, 'percent'>[]): number[] {
  let sum = 0;
  return rows.map((row) => {
    sum += row.percent;
    return Math.round(Math.min(1, sum) * 1000) / 10;
  });
}
