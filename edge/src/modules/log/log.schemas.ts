import { z } from 'zod';

export const logEntriesSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      time: z.string(),
      level: z.enum(['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE']),
      logger: z.string(),
      message: z.string(),
    }),
  ),
  totalCount: z.number().int().optional(),
});

export const logInformationSchema = z.object({
  /** How many entries the viewer keeps in memory. */
  capacity: z.number().int(),
  held: z.number().int(),
  oldestTime: z.string().nullable(),
  /** The folder of the log files (the current one and its rotated predecessors .1 … .5). */
  directory: z.string(),
  file: z.string(),
});
