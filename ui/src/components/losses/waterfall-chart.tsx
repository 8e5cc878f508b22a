import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatNumber, shareLabel } from '../../lib/indicator-format';
import { numberTicks } from '../charts/chart-numbers';
import type { WaterfallAnswer } from './api/get-waterfall';
import { STEP_COLORS, waterfallSteps } from './waterfall-steps';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * The time waterfall as floating bars (chart.js bars whose values are [from, to] pairs): calendar time, each loss
 * hanging from the level the ones before it left, and the fully productive time. The tooltip gives minutes and share.
 */
export default function WaterfallChart({ answer, testId }: { answer: WaterfallAnswer; testId?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const steps = useMemo(() => waterfallSteps(answer), [answer]);
  const data = useMemo<ChartData<'bar', [number, number][], string>>(
    () => ({
      labels: steps.map((step) => (step.key === 'calendar' ? t('losses.calendar') : t(`losses.bars.${step.key}`))),
      datasets: [
        {
          label: t('dashboard.minutesUnit'),
          data: steps.map((step) => [step.from, step.to] as [number, number]),
          backgroundColor: steps.map((step) => STEP_COLORS[step.key]),
          borderRadius: 3,
        },
      ],
    }),
    [steps, t],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => {
              const step = steps[item.dataIndex]!;
              const share = step.share === null ? '' : ` (${shareLabel(step.share, locale)})`;
              return `${formatNumber(step.minutes, { decimals: 1 }, locale)} min${share}`;
            },
          },
        },
      },
      scales: {
        y: { beginAtZero: true, title: { display: true, text: t('dashboard.minutesUnit') }, ticks: numberTicks(locale) },
        x: { ticks: { autoSkip: false, maxRotation: 60 } },
      },
    }),
    [steps, locale, t],
  );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }} data-testid={testId}>
      <Chart type="bar" data={data} options={options} />
    </div>
  );
}
