import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions, type Plugin } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { shareLabels } from './share-labels';

// Only what the bar charts use, so the charts chunk stays small.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: readonly (number | null)[];
  /** One colour for the series, or one per bar. */
  color: string | readonly string[];
}

/** Writes each bar's share of its series' total on the bar, where the share is above 30 %. */
const shareLabelPlugin: Plugin<'bar'> = {
  id: 'shareLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = 'bold 12px sans-serif';
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    chart.data.datasets.forEach((dataset, index) => {
      const labels = shareLabels(dataset.data as (number | null)[]);
      chart.getDatasetMeta(index).data.forEach((bar, barIndex) => {
        const label = labels[barIndex];
        if (!label) return;
        const { x, y, base } = bar.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base: number };
        const horizontal = chart.options.indexAxis === 'y';
        ctx.fillText(label, horizontal ? (x + base) / 2 : x, horizontal ? y : (y + base) / 2);
      });
    });
    ctx.restore();
  },
};

/**
 * A bar chart over chart.js (react-chartjs-2 creates the chart once, updates it in place when the data changes and
 * destroys it on unmount). No animation: polled data redraws without work in between.
 */
export function BarChart({
  labels,
  series,
  horizontal = false,
  showShares = false,
  unit,
  testId,
}: {
  labels: readonly string[];
  series: readonly BarSeries[];
  horizontal?: boolean;
  /** Label each bar with its share of the series' total (above 30 %). */
  showShares?: boolean;
  /** Axis title (min, u/min). */
  unit?: string;
  testId?: string;
}) {
  const data = useMemo<ChartData<'bar', (number | null)[], string>>(
    () => ({
      labels: [...labels],
      datasets: series.map((item) => ({
        label: item.label,
        data: [...item.values],
        backgroundColor: typeof item.color === 'string' ? item.color : [...item.color],
        borderRadius: 3,
      })),
    }),
    [labels, series],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: horizontal ? 'y' : 'x',
      plugins: { legend: { display: series.length > 1, position: 'bottom' } },
      scales: {
        [horizontal ? 'x' : 'y']: { beginAtZero: true, title: { display: !!unit, text: unit } },
      },
    }),
    [horizontal, series.length, unit],
  );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }} data-testid={testId}>
      <Bar data={data} options={options} plugins={showShares ? [shareLabelPlugin] : []} />
    </div>
  );
}
