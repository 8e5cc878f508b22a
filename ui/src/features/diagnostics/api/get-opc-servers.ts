import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opcServersSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** SPEC.md "OPC server status" with each of its tags' "OPC tag status", as the server's schema states it. */
export type OpcServerStatus = z.output<typeof opcServersSchema>[number];

/** GET /api/diagnostics/opcservers: every enabled server. */
export const opcServersQuery = diagnosticsQuery<OpcServerStatus[]>('opcServers', '/api/diagnostics/opcservers', { history: false });

export function useOpcServers() {
  return useQuery(opcServersQuery);
}
