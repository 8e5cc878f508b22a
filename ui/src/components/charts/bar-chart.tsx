import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { numberTicks, numberTooltip } from './chart-numbers';
import { shareLabels } from './share-labels';

// Only what the bar charts (and the Pareto's line) use, so the charts chunk stays small.
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

type BarOrLine = 'bar' | 'line';

export interface BarSeries {
  label: string;
  values: readonly (number | null)[];
  /** One colour for the series, or one per bar. */
  color: string | readonly string[];
}

/** A line drawn over vertical bars on a second axis at the right, 0 to `max` (the Pareto's cumulative percent). */
export interface LineSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
  max: number;
  /** Axis title. */
  unit?: string;
}

/** Writes each bar's share of its series' total on the bar, where the share is above 30 % (lines are not labelled). */
const shareLabelPlugin: Plugin<BarOrLine> = {
  id: 'shareLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = 'bold 12px sans-serif';
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    chart.data.datasets.forEach((dataset, index) => {
      if (dataset.type === 'line') return;
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
 * destroys it on unmount), optionally with a line on a second axis. No animation: polled data redraws without work
 * in between.
 */
export function BarChart({
  labels,
  series,
  line,
  horizontal = false,
  showShares = false,
  unit,
  testId,
}: {
  labels: readonly string[];
  series: readonly BarSeries[];
  line?: LineSeries;
  horizontal?: boolean;
  /** Label each bar with its share of the series' total (above 30 %). */
  showShares?: boolean;
  /** Axis title (min, u/min). */
  unit?: string;
  testId?: string;
}) {
  const data = useMemo<ChartData<BarOrLine, (number | null)[], string>>(
    () => ({
      labels: [...labels],
      datasets: [
        ...(line
          ? [
              {
                type: 'line' as const,
                label: line.label,
                data: [...line.values],
                borderColor: line.color,
                backgroundColor: line.color,
                yAxisID: 'line',
                order: 0,
                pointRadius: 3,
              },
            ]
          : []),
        ...series.map((item) => ({
          type: 'bar' as const,
          label: item.label,
          data: [...item.values],
          backgroundColor: typeof item.color === 'string' ? item.color : [...item.color],
          borderRadius: 3,
          order: 1,
        })),
      ],
    }),
    [labels, series, line],
  );
  const lineMax = line?.max;
  const lineUnit = line?.unit;
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const options = useMemo<ChartOptions<BarOrLine>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale,
      indexAxis: horizontal ? 'y' : 'x',
      plugins: {
        legend: { display: series.length + (lineMax === undefined ? 0 : 1) > 1, position: 'bottom' },
        tooltip: numberTooltip(locale, horizontal),
      },
      scales: {
        [horizontal ? 'x' : 'y']: { beginAtZero: true, title: { display: !!unit, text: unit }, ticks: numberTicks(locale) },
        ...(lineMax === undefined
          ? {}
          : {
              line: {
                position: 'right',
                min: 0,
                max: lineMax,
                grid: { drawOnChartArea: false },
                title: { display: !!lineUnit, text: lineUnit },
                ticks: numberTicks(locale),
              },
            }),
      },
    }),
    [horizontal, series.length, unit, lineMax, lineUnit, locale],
  );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }} data-testid={testId}>
      <Chart type="bar" data={data} options={options} plugins={showShares ? [shareLabelPlugin] : []} />
    </div>
  );
}
