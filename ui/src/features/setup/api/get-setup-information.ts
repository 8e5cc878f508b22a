import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface SetupInformation {
  setupPending: boolean;
  /** Only while setup is pending. */
  dataProviders?: { value: string; text: string }[];
  defaultConnectionString?: string;
}

/** GET /api/setup/information: whether setup is pending, and the database providers. */
export function getSetupInformation(): Promise<SetupInformation> {
  return apiRequest<SetupInformation>('/api/setup/information', { authenticated: false });
}

export const setupInformationQuery = queryOptions({ queryKey: ['setup', 'information'], queryFn: getSetupInformation, retry: 1 });

export function useSetupInformation() {
  return useQuery(setupInformationQuery);
}
