import { useTranslation } from 'react-i18next';
import { useShiftName } from '../../dashboard/use-shift-name';
import { CompactTable } from '../../../components/compact-table';
import { formatNumber, percentLabel } from '../../../lib/indicator-format';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useAboveNominalSpeed } from '../api/get-above-nominal-speed';
import { ViewPanel } from './view-panel';

const speed = (value: number | null) => (value === null ? '-' : formatNumber(value, { maxDecimals: 1 }));

/**
 * The orders and shifts whose figures ran above the nominal speed (throughput over 100 %, an OEE that may pass 100 %):
 * line, order or shift, OEE, throughput and product, so an administrator knows which product speed to check.
 */
export function AboveNominalSpeedView() {
  const { t } = useTranslation();
  const nameOf = useShiftName();
  const cases = useAboveNominalSpeed();
  return (
    <ViewPanel
      title={t('diagnostics.views.aboveNominalSpeed')}
      query={cases}
      isEmpty={(data) => data.orders.length === 0 && data.shifts.length === 0}
      testId="view-aboveNominalSpeed"
    >
      {(data) => (
        <CompactTable
          columns={[
            { label: t('diagnostics.line') },
            { label: t('diagnostics.aboveNominal.period') },
            { label: t('diagnostics.time') },
            { label: 'OEE', end: true },
            { label: t('dashboard.tiles.throughput'), end: true },
            { label: t('diagnostics.aboveNominal.nominalSpeed'), end: true },
            { label: t('diagnostics.aboveNominal.product') },
          ]}
        >
          {data.orders.map((order) => (
            <tr key={`order-${order.order}`} data-testid={`above-nominal-order-${order.order}`}>
              <td>{order.lineID}</td>
              <td>{t('diagnostics.aboveNominal.order', { order: order.order })}</td>
              <td className="nowrap">{order.startDate ? formatPlantDateTime(order.startDate) : '-'}</td>
              <td className="end">{percentLabel(order.oee)}</td>
              <td className="end">{percentLabel(order.throughput)}</td>
              <td className="end">{speed(order.nominalSpeed)}</td>
              <td>{[order.productCode, order.productName].filter(Boolean).join(' · ') || '-'}</td>
            </tr>
          ))}
          {data.shifts.map((shift) => (
            <tr key={`shift-${shift.lineID}-${shift.shiftStart}`} data-testid={`above-nominal-shift-${shift.lineID}`}>
              <td>{shift.lineID}</td>
              <td>{t('dashboard.shiftCaption', { name: nameOf({ code: shift.shift }) })}</td>
              <td className="nowrap">{formatPlantDateTime(shift.shiftStart)}</td>
              <td className="end">{percentLabel(shift.oee)}</td>
              <td className="end">{percentLabel(shift.throughput)}</td>
              <td className="end">-</td>
              <td>{shift.productCodes.join(', ') || '-'}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </ViewPanel>
  );
}
