import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StoredTerminal } from '../../../lib/terminal';

/** GET /api/terminals/syncronize/0: the terminal configured for this browser's IP address, or null. */
export function getTerminalOfCaller(): Promise<StoredTerminal | null> {
  return apiRequest<StoredTerminal | null>('/api/terminals/syncronize/0');
}

export const terminalOfCallerQuery = (enabled: boolean) =>
  queryOptions({ queryKey: ['terminals', 'of-caller'], queryFn: getTerminalOfCaller, enabled, staleTime: Infinity, retry: false });
