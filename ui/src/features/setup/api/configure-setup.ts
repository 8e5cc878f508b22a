import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setupInformationQuery, type SetupInformation } from './get-setup-information';

/** What the wizard sends; options added to the wizard later (the demo plant) travel beside these fields. */
export interface ConfigureRequest {
  databaseSelected: string;
  connectionString: string;
  [option: string]: unknown;
}

export interface ConfigureResult {
  valid: boolean;
  error: string | null;
  created: boolean;
  password: string | null;
}

/** POST /api/setup/configure: creates the database and the administrator, whose temporary password comes once. */
export function configureSetup(request: ConfigureRequest): Promise<ConfigureResult> {
  return apiRequest<ConfigureResult>('/api/setup/configure', { method: 'POST', json: request, authenticated: false });
}

export function useConfigureSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configureSetup,
    // Setup done: pages stop sending the browser to /setup (router guards read this query).
    onSuccess: (result) => {
      if (result.valid) queryClient.setQueryData<SetupInformation>(setupInformationQuery.queryKey, { setupPending: false });
    },
  });
}
