import type { ComponentType } from 'react';
import type { StopSummary } from '../../../components/stops/api/get-stop-summary';
import { Rehearsal } from '../../../components/rehearsal';
import { RangeOrdersGrid } from './range-orders-grid';

const RANGE = { start: '2026-01-01T06:00:00.000Z', end: '2026-01-02T06:00:00.000Z' };

/** A page of orders as the order-index resource answers it, every column filled. */
const ORDERS = Array.from({ length: 10 }, (_, index) => ({
  order: `R${index}`,
  op: `OP${index}`,
  productCode: `P${index}`,
  productName: `Producto ${index}`,
  startDate: RANGE.start,
  endDate: RANGE.end,
  desiredProductionQuantity: 1_000 * index,
  productionQuantity: 900 * index,
  utilization: 0.8,
  throughput: 0.9,
  acceptance: 0.99,
  oee: 0.71,
}));

const REASONS = Array.from({ length: 8 }, (_, index) => ({
  reason: `Motivo ${index}`,
  path: `Categoría/Motivo ${index}`,
  color: '#3182ce',
  duration: 80 - index * 10,
  quantity: 8 - index,
  percent: 12.5,
}));

const SUMMARY: StopSummary = {
  totalMinutes: 360,
  paretoTotalMinutes: 360,
  byPath: REASONS.map(({ path, duration, quantity, percent }) => ({ path, duration, stopCount: quantity, percent })),
  byReason: REASONS,
  pareto: REASONS,
};

/**
 * What a stop summary draws after 'Aplicar' (the orders' grid, then the page's own `results`: the Pareto and the table
 * by reason, the table by path), drawn once with sample data while the filter is filled (components/rehearsal.tsx):
 * the first 'Aplicar' then draws as quickly as the next ones. The page hands in its results' components, so this file
 * imports none of them: the second summary, which has no chart, does not load chart.js for a rehearsal.
 */
export function SummaryRehearsal({ results }: { results: readonly ComponentType<{ summary: StopSummary }>[] }) {
  return (
    <Rehearsal>
      <RangeOrdersGrid lineID={0} range={RANGE} rows={ORDERS} testId="summary-rehearsal-orders" />
      {results.map((Results, index) => (
        <Results key={index} summary={SUMMARY} />
      ))}
    </Rehearsal>
  );
}
