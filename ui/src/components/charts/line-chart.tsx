import { CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { numberTicks, numberTooltip } from './chart-numbers';

// Only what the line charts use, so the charts chunk stays small.
Chart.register(LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface LineSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
  /** A reference line (a limit, an average): dashed, without points. */
  reference?: boolean;
}

/**
 * A line chart over chart.js (react-chartjs-2 creates the chart once, updates it in place when the data changes and
 * destroys it on unmount). No animation: polled data redraws without work in between.
 */
export function LineChart({
  labels,
  series,
  unit,
  testId,
}: {
  labels: readonly string[];
  series: readonly LineSeries[];
  /** Axis title (ms). */ unit?: string;
  testId?: string;
}) {
  const data = useMemo<ChartData<'line', (number | null)[], string>>(
    () => ({
      labels: [...labels],
      datasets: series.map((item) => ({
        label: item.label,
        data: [...item.values],
        borderColor: item.color,
        backgroundColor: item.color,
        borderWidth: item.reference ? 2 : 1.5,
        borderDash: item.reference ? [6, 4] : [],
        pointRadius: item.reference ? 0 : 2,
        tension: 0,
      })),
    }),
    [labels, series],
  );
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale,
      plugins: { legend: { display: series.length > 1, position: 'bottom' }, tooltip: numberTooltip(locale) },
      scales: {
        x: { ticks: { autoSkip: true, maxRotation: 0 } },
        y: { beginAtZero: true, title: { display: !!unit, text: unit }, ticks: numberTicks(locale) },
      },
    }),
    [series.length, unit, locale],
  );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }} data-testid={testId}>
      <Line data={data} options={options} />
    </div>
  );
}
