import { useQuery } from '@tanstack/react-query';
import { optionsQuery } from '../../../components/data-grid/grid-api';

/** GET /api/stopreasons/rootlookup (includeOptionForAll): the top stop categories, 'Todos' (value 0) first. */
export function useStopTypes() {
  return useQuery(optionsQuery({ kind: 'lookup', path: '/api/stopreasons/rootlookup?includeOptionForAll=true' }));
}
