import type { FilterExpression } from '../../components/data-grid/grid-query';

/**
 * The orders of a line that share time with a range, as the order-index grid's filter: started before the range
 * ends and not ended before it starts (an order still running has no end). An order not started yet is left out.
 */
export function rangeOrdersFilter(
  lineID: number,
  range: { start: string; end: string },
  productCode: string | null = null,
): FilterExpression {
  const filter: unknown[] = [
    ['lineID', '=', lineID],
    'and',
    ['startDate', '<', range.end],
    'and',
    [['endDate', '=', null], 'or', ['endDate', '>', range.start]],
  ];
  return productCode ? [...filter, 'and', ['productCode', '=', productCode]] : filter;
}
