import { Gauge } from '../../../components/gauge/gauge';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../dashboard-context';
import { useShiftName } from '../use-shift-name';
import { ACCEPTANCE_COLOR, oeeColor, THROUGHPUT_COLOR, UTILIZATION_COLOR } from '../../../components/gauge/indicator-colors';

type GaugeIndicator = 'oee' | 'utilization' | 'throughput' | 'acceptance';

const FIXED_COLORS: Record<Exclude<GaugeIndicator, 'oee'>, string> = {
  utilization: UTILIZATION_COLOR,
  throughput: THROUGHPUT_COLOR,
  acceptance: ACCEPTANCE_COLOR,
};

/**
 * A gauge of one indicator: the shift's value under the shift's caption (the same figure as /resumen's card and the
 * shift grid's row). On the shift in progress the Ready order's value stands beside it under the order's own caption,
 * unless the line shows its indicators per shift only. A figure above nominal speed carries its warning.
 */
export function IndicatorTile({ indicator }: { indicator: GaugeIndicator }) {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  const { lineID, indicators, shift, isCurrent, status } = useDashboard();
  const value = shift?.[indicator] ?? null;
  const order = isCurrent && !indicators.data?.indicadorPorTurno ? indicators.data?.order : null;
  const color = indicator === 'oee' ? oeeColor(value, status.data?.targetOEE) : FIXED_COLORS[indicator];
  const caption = shift ? t('dashboard.shiftCaption', { name: nameOf(shift) }) : undefined;
  const side = order ? { value: order[indicator], caption: t('dashboard.orderCaption', { order: order.order }) } : undefined;
  // Only OEE and throughput carry the nominal speed, so only their gauges can be above it.
  const flagged = (indicator === 'oee' || indicator === 'throughput') && (shift?.aboveNominalSpeed || order?.aboveNominalSpeed);
  return (
    <Gauge
      value={indicators.data ? value : undefined}
      color={color}
      caption={caption}
      side={side}
      warning={flagged ? t('indicators.aboveNominalSpeed', { n: lineID }) : undefined}
      testId={`gauge-${indicator}`}
    />
  );
}
