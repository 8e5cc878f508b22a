import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { storageSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** The data directory's disk: free and total bytes, the database's size, and the warnings (low space, full). */
export type StorageStatus = z.output<typeof storageSchema>;

/** GET /api/diagnostics/storage. */
export const storageQuery = diagnosticsQuery<StorageStatus>('storage', '/api/diagnostics/storage', { history: false });

export function useStorage() {
  return useQuery(storageQuery);
}
