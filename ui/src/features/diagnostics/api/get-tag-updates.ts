import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tagUpdatesSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** SPEC.md "Tag update": when an update of tag values arrived and how long it took to be stored (ms). */
export type TagUpdate = z.output<typeof tagUpdatesSchema>[number];

/** GET /api/diagnostics/tagsupdates: the last 100 updates, oldest first. */
export const tagUpdatesQuery = diagnosticsQuery<TagUpdate[]>('tagUpdates', '/api/diagnostics/tagsupdates', { history: true });

export function useTagUpdates() {
  return useQuery(tagUpdatesQuery);
}
