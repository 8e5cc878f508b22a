import type { FilterExpression } from '../../components/data-grid/grid-query';
import { joinFilters } from '../../components/data-grid/grid-query';

export interface StopsListParams {
  lineID: number | null;
  order: string | null;
  stopID: number | null;
}

const wholeNumber = (text: string | null): number | null => (text !== null && /^\d+$/.test(text.trim()) ? Number(text) : null);

/** SPEC.md section 2: /paradas/listado?line=&order=&stopId= prefilter the stops grid (unreadable values are ignored). */
export function stopsListParams(params: URLSearchParams): StopsListParams {
  const order = params.get('order')?.trim() || null;
  return { lineID: wholeNumber(params.get('line')), order, stopID: wholeNumber(params.get('stopId')) };
}

export function stopsListFilter({ lineID, order, stopID }: StopsListParams): FilterExpression | null {
  return joinFilters('and', [
    lineID === null ? null : ['lineID', '=', lineID],
    order === null ? null : ['order', '=', order],
    stopID === null ? null : ['stopID', '=', stopID],
  ]);
}
