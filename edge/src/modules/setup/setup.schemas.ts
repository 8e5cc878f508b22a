import { z } from 'zod';

export const configureSchema = z.object({
  databaseSelected: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'validation.required')),
  connectionString: z.string().trim().max(1000).optional().nullable(),
});

export const informationSchema = z.object({
  setupPending: z.boolean(),
  dataProviders: z.array(z.object({ value: z.string(), text: z.string() })),
  defaultConnectionString: z.string(),
});

export const configureResultSchema = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  created: z.boolean(),
  password: z.string().nullable(),
});
