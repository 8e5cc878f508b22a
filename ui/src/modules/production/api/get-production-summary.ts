import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productionSummarySchema } from '../../../../../edge/src/modules/production/production.schemas';
import { apiRequest } from '../../../lib/api-client';
import type { PlantRange } from '../../../lib/shift-range';

/** GET /api/production/summary: a line's counted production and declared lots by product over a range. */
export type ProductionSummary = z.infer<typeof productionSummarySchema>;

/** A product's counted production, its declared lots and the difference. */
export type ProductSummary = ProductionSummary['byProduct'][number];

/** Units with their wrappers and packs (null when the product has no factors). */
export type Quantities = ProductSummary['difference'];

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
