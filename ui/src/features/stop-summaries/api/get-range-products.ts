import { useQuery } from '@tanstack/react-query';
import { optionsQuery } from '../../../components/data-grid/grid-api';
import { buildUrl } from '../../../lib/api-client';
import type { PlantRange } from '../../../lib/shift-range';

/**
 * GET /api/products/lookupByLineAndDate (line, startDate, endDate, includeOptionForAll): the products the line made
 * in the range, 'Todos' (value '') first; a lookup like any select's, idle until line and range are chosen.
 */
export function useRangeProducts(lineID: number | null, range: PlantRange | null) {
  const path = buildUrl('/api/products/lookupByLineAndDate', {
    line: lineID,
    startDate: range?.start,
    endDate: range?.end,
    includeOptionForAll: true,
  });
  return useQuery({ ...optionsQuery({ kind: 'lookup', path }), enabled: lineID !== null && range !== null });
}
