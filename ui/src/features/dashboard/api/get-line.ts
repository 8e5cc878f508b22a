import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LineSummary {
  lineID: number;
  description: string;
  sectorID: number;
  sectorName: string;
}

/** GET /api/Resources/GetById/{line}: the line's description and sector (404 when there is no such line). */
export function getLine(lineID: number): Promise<LineSummary> {
  return apiRequest<LineSummary>(`/api/Resources/GetById/${lineID}`);
}

export const lineQuery = (lineID: number | null) =>
  queryOptions({ queryKey: ['resources', 'line', lineID], queryFn: () => getLine(lineID!), enabled: lineID !== null, staleTime: 60_000 });

export function useLine(lineID: number | null) {
  return useQuery(lineQuery(lineID));
}
