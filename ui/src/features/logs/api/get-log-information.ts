import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { logInformationSchema } from '../../../../../edge/src/modules/log/log.schemas';
import { apiRequest } from '../../../lib/api-client';

/** How many entries the edge keeps in memory for the viewer, the oldest, and the folder of the log files. */
export type LogInformation = z.output<typeof logInformationSchema>;

/** GET /api/log/info: what the viewer can show and where the older entries are. */
export function getLogInformation(): Promise<LogInformation> {
  return apiRequest<LogInformation>('/api/log/info');
}

export const logInformationQuery = queryOptions({ queryKey: ['log', 'info'], queryFn: getLogInformation, staleTime: 60_000 });

export function useLogInformation() {
  return useQuery(logInformationQuery);
}
