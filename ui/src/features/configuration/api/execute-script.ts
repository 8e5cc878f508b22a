import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ScriptResult {
  error: boolean;
  message: string;
}

/** POST /api/tags/execute/ (form field values = {script, kind}): evaluates a line script on the current tag values. */
export function executeScript(values: { script: string; kind: 'boolean' | 'number' }): Promise<ScriptResult> {
  return apiRequest<ScriptResult>('/api/tags/execute/', { method: 'POST', form: { values } });
}

export function useExecuteScript() {
  return useMutation({ mutationFn: executeScript });
}
