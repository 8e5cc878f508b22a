import { Gauge } from '../../../components/gauge/gauge';
import { useTranslation } from 'react-i18next';
import type { IndicatorValues } from '../api/get-line-status';
import { useDashboard } from '../dashboard-context';
import { ACCEPTANCE_COLOR, oeeColor, THROUGHPUT_COLOR, UTILIZATION_COLOR } from '../../../components/gauge/indicator-colors';

type GaugeIndicator = 'oee' | 'utilization' | 'throughput' | 'acceptance';

const FIXED_COLORS: Record<Exclude<GaugeIndicator, 'oee'>, string> = {
  utilization: UTILIZATION_COLOR,
  throughput: THROUGHPUT_COLOR,
  acceptance: ACCEPTANCE_COLOR,
};

/**
 * A gauge of one indicator. On the shift in progress it shows the line's values (the Ready order's, or the shift's
 * when the line shows indicators per shift); on a past shift, that shift's.
 */
export function IndicatorTile({ indicator }: { indicator: GaugeIndicator }) {
  const { t } = useTranslation();
  const { indicators, shift, isCurrent, status } = useDashboard();
  const values: IndicatorValues | undefined = isCurrent ? indicators.data?.values : (shift ?? undefined);
  const value = values?.[indicator] ?? null;
  const color = indicator === 'oee' ? oeeColor(value, status.data?.targetOEE) : FIXED_COLORS[indicator];
  const caption = shift ? t('dashboard.shiftCaption', { name: t(`dashboard.shifts.${shift.code}`) }) : undefined;
  return <Gauge value={indicators.data ? value : undefined} color={color} caption={caption} testId={`gauge-${indicator}`} />;
}
