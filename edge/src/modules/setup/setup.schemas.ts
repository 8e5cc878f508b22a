import { z } from 'zod';

export const configureSchema = z.object({
  databaseSelected: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'validation.required')),
  connectionString: z.string().trim().max(1000).optional().nullable(),
  /** Fill the new database with the demo plant (empty database only): users admin/supervisor/operator/consultant, password 'demo'. */
  demo: z.boolean().optional(),
});

export const informationSchema = z.object({
  setupPending: z.boolean(),
  /** Only while setup is pending. */
  dataProviders: z.array(z.object({ value: z.string(), text: z.string() })).optional(),
  defaultConnectionString: z.string().optional(),
});

export const configureResultSchema = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  created: z.boolean(),
  password: z.string().nullable(),
});
