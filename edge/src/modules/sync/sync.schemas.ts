import { z } from 'zod';

/** GET /api/sync/status: times in ISO 8601 with the plant's offset. */
export const syncStatusSchema = z.object({
  enabled: z.boolean(),
  plantId: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lagRows: z.number().int(),
  lagSeconds: z.number(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
  acknowledgedSeq: z.number().int().nullable(),
  consecutiveFailures: z.number().int(),
  nextRetryAt: z.string().nullable(),
});

export type SyncStatusResponse = z.infer<typeof syncStatusSchema>;
