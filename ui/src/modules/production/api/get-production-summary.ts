import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PlantRange } from '../../../lib/shift-range';

export interface Quantities {
  units: number;
  wrappers: number | null;
  packs: number | null;
}

export interface ProductSummary extends Quantities {
  productCode: string | null;
  productName: string | null;
  unit: string | null;
  discards: number;
  goodUnits: number;
  declared: Quantities & { lots: number };
  difference: Quantities;
}

/** GET /api/production/summary: a line's counted production and declared lots by product over a range. */
export interface ProductionSummary {
  lineID: number;
  unitsCounted: boolean;
  discardsCounted: boolean;
  units: number;
  discards: number;
  goodUnits: number;
  declaredUnits: number;
  differenceUnits: number;
  declaredDiscards: number;
  byProduct: ProductSummary[];
}

export function getProductionSummary(lineID: number, range: PlantRange): Promise<ProductionSummary> {
  return apiRequest<ProductionSummary>('/api/production/summary', { query: { line: lineID, start: range.start, end: range.end } });
}

export const productionSummaryQuery = (lineID: number, range: PlantRange) =>
  queryOptions({
    queryKey: ['production', 'summary', lineID, range.start, range.end],
    queryFn: () => getProductionSummary(lineID, range),
    placeholderData: keepPreviousData,
  });

export function useProductionSummary(lineID: number | null, range: PlantRange | null) {
  return useQuery({ ...productionSummaryQuery(lineID ?? 0, range ?? { start: '', end: '' }), enabled: lineID !== null && range !== null });
}
