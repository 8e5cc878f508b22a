import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export interface TreeLine {
  lineID: number;
  description: string;
}

export interface TreeSector {
  sectorID: number;
  sectorName: string;
  lines: TreeLine[];
}

/** GET /api/resources/tree: sectors with their lines (the OEE menu and the line pickers). */
export function getResourceTree(): Promise<TreeSector[]> {
  return apiRequest<TreeSector[]>('/api/resources/tree');
}

export const resourceTreeQuery = queryOptions({ queryKey: ['resources', 'tree'], queryFn: getResourceTree, staleTime: 60_000 });

export function useResourceTree(enabled = true) {
  return useQuery({ ...resourceTreeQuery, enabled });
}
