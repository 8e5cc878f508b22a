import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminal, type StoredTerminal } from '../../../lib/terminal';

/** POST /api/terminals/post/ (form field values {lineID, ipAddress}): the stored terminal row. */
export function configureTerminal(values: { lineID: number; ipAddress: string }): Promise<StoredTerminal> {
  return apiRequest<StoredTerminal>('/api/terminals/post/', { method: 'POST', form: { values } });
}

/** DELETE /api/terminals/delete/ (form field key). */
export function deleteTerminal(terminalID: number): Promise<void> {
  return apiRequest<void>('/api/terminals/delete/', { method: 'DELETE', form: { key: terminalID } });
}

export function useConfigureTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configureTerminal,
    onSuccess: (stored) => {
      terminal.set(stored);
      void queryClient.invalidateQueries({ queryKey: ['terminals'] });
    },
  });
}

export function useDeleteTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (stored: StoredTerminal) => {
      // A terminal known only locally (never saved on the server) is simply forgotten.
      if (stored.terminalID !== null) await deleteTerminal(stored.terminalID);
    },
    onSuccess: () => {
      terminal.set(null);
      void queryClient.invalidateQueries({ queryKey: ['terminals'] });
    },
  });
}
