import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { orderIndexRowSchema } from '../../../../edge/src/modules/orders/orders.schemas';
import type { GridField } from '../../components/data-grid/grid-types';
import { ValidationSwitch } from '../../components/orders/validation-switch';
import type { MessageKey } from '../../lib/i18n';
import { minutesLabel } from '../../lib/indicator-format';
import { ORDER_INDEX_SORT } from './api/get-order-indexes';
import { RATIO_FIELDS, RELIABILITY_FIELDS, TIME_FIELDS } from './indicator-fields';

/** An order-index row (GET /api/oeeindex, the edge's declared row): times in minutes, ratios 0..1. */
export type OrderIndex = z.infer<typeof orderIndexRowSchema>;

/**
 * What the adjustment's figure reads of a row: its stop time, what the supervisor typed (adjustedDiscountTime) and
 * what the indicators used, the typed adjustment capped at the order's stop time (null before the order's index).
 */
export type OrderIndexRow = Pick<
  OrderIndex,
  'order' | 'op' | 'endDate' | 'validation' | 'stopTime' | 'adjustedDiscountTime' | 'effectiveAdjustedDiscountTime'
>;

/**
 * The adjustment the OEE used, and what was typed when it differs as shown (an adjustment beyond the order's stop
 * time not discounted counts only up to it).
 */
export function adjustedDiscount(row: OrderIndexRow): { effective: string; typed: string; capped: boolean } {
  const typed = minutesLabel(row.adjustedDiscountTime);
  const effective = row.effectiveAdjustedDiscountTime === null ? typed : minutesLabel(row.effectiveAdjustedDiscountTime);
  return { effective, typed, capped: effective !== typed };
}

function adjustedText(row: OrderIndexRow, t: TFunction): string {
  const figure = adjustedDiscount(row);
  return figure.capped ? t('orderIndexes.adjustedTyped', figure) : figure.effective;
}

/** Order status (SPEC.md section 3): 0 Created, 1 Ready, 2 Finalized. */
export const ORDER_STATUS_LABELS: readonly MessageKey[] = [
  'indexes.statuses.created',
  'indexes.statuses.ready',
  'indexes.statuses.finalized',
];

export const ORDER_STATUS_OPTIONS: GridField['options'] = {
  kind: 'static',
  options: ORDER_STATUS_LABELS.map((label, status) => ({ value: status, label })),
};

/**
 * The columns of the order-index grid: every field of SPEC.md section 3 a person reads. The validation switch is the
 * supervisor's here (`canValidate`); the others see it read-only.
 */
export function orderIndexFields(t: TFunction, canValidate: boolean): GridField<OrderIndex>[] {
  return [
    { name: 'order', label: 'indexes.fields.order', width: 120 },
    { name: 'op', label: 'indexes.fields.op', width: 100 },
    { name: 'version', label: 'indexes.fields.version', kind: 'number', identifier: true, width: 110 },
    { name: 'lineID', label: 'indexes.fields.lineID', kind: 'number', identifier: true, width: 80 },
    // The figures a supervisor opens the page for come right after the order's identity: in view at 1366 px.
    ...RATIO_FIELDS,
    { name: 'lot', label: 'indexes.fields.lot', width: 100 },
    { name: 'productCode', label: 'indexes.fields.productCode', width: 130 },
    { name: 'productName', label: 'indexes.fields.productName', width: 180 },
    {
      name: ORDER_INDEX_SORT.selector,
      label: 'indexes.fields.startDate',
      kind: 'date',
      width: 185,
      initialSort: ORDER_INDEX_SORT.desc ? 'desc' : 'asc',
    },
    { name: 'endDate', label: 'indexes.fields.endDate', kind: 'date', width: 185 },
    { name: 'desiredProductionQuantity', label: 'indexes.fields.desiredProductionQuantity', kind: 'number', width: 150 },
    { name: 'productionQuantity', label: 'indexes.fields.productionQuantity', kind: 'number', width: 150 },
    { name: 'desiredProductionSpeed', label: 'indexes.fields.desiredProductionSpeed', kind: 'rate', width: 170 },
    { name: 'productionSpeed', label: 'indexes.fields.productionSpeed', kind: 'rate', width: 170 },
    ...TIME_FIELDS,
    {
      name: 'effectiveAdjustedDiscountTime',
      label: 'indexes.fields.adjustedDiscountTime',
      kind: 'minutes',
      width: 170,
      text: (row) => adjustedText(row, t),
      cellElement: (row) => {
        const figure = adjustedDiscount(row);
        const cell = document.createElement('span');
        if (figure.capped) {
          cell.style.color = 'var(--chakra-colors-orange-600)';
          cell.title = t('orderIndexes.adjustedCapped', figure);
        }
        cell.dataset.testid = `adjusted-${row.order}`;
        cell.dataset.capped = String(figure.capped);
        cell.textContent = adjustedText(row, t);
        return cell;
      },
    },
    ...RELIABILITY_FIELDS,
    { name: 'status', label: 'indexes.fields.status', kind: 'select', options: ORDER_STATUS_OPTIONS, width: 120 },
    {
      name: 'validation',
      label: 'indexes.fields.validation',
      kind: 'boolean',
      width: 110,
      pinned: 'right',
      text: (row) => (row.validation ? t('orderValidation.yes') : t('orderValidation.no')),
      cell: (order) => (
        <ValidationSwitch
          order={order.order}
          op={order.op ?? ''}
          validated={order.validation}
          enabled={canValidate}
          wording="order"
          testId={`validation-${order.order}`}
        />
      ),
    },
  ];
}
