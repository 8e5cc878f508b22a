import { z } from 'zod';

/** `POST /api/tags/execute` values: the script, and optionally what it must produce (default: boolean, else number). */
export const executeValuesSchema = z.object({
  script: z.string({ error: 'validation.required' }).max(4_000),
  kind: z.enum(['boolean', 'number']).optional(),
  expect: z.enum(['boolean', 'number']).optional(),
});

export const executeResultSchema = z.object({
  error: z.boolean(),
  message: z.string(),
  value: z.union([z.boolean(), z.number()]).nullable().optional(),
  kind: z.enum(['boolean', 'number']).optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

/** One pushed value: the tag (by tagName, or by its tagValue), the value, optionally when it changed and its quality. */
export const pushedValueSchema = z.object({
  tagName: z.string().min(1).max(400).optional(),
  tagValue: z.string().min(1).max(400).optional(),
  value: z.union([z.boolean(), z.number(), z.string(), z.null()]),
  /** ISO 8601 or epoch ms; default: when received. */
  timestamp: z.union([z.string(), z.number()]).optional(),
  /** false to report a bad reading (the tag then has no value for the scripts). Default true. */
  good: z.boolean().optional(),
});
export type PushedValueInput = z.output<typeof pushedValueSchema>;

export const MAX_PUSHED_VALUES = 10_000;

const pushedValues = z.union([z.array(pushedValueSchema).max(MAX_PUSHED_VALUES), z.record(z.string(), pushedValueSchema.shape.value)]);
/** POST /api/tags/values as the README documents it ({ values: … }), or the list or object as the body itself. */
export const pushedValuesBody = z.union([z.object({ values: pushedValues }), pushedValues]);

export const pushResultSchema = z.object({ accepted: z.number().int() });

export const serverParamsSchema = z.object({ opcServerID: z.coerce.number().int().min(1) });

export const apiKeyResultSchema = z.object({ opcServerID: z.number().int(), apiKey: z.string(), header: z.string() });

export const lineQuerySchema = z
  .object({ line: z.coerce.number().int().min(1).max(99).optional(), lineID: z.coerce.number().int().min(1).max(99).optional() })
  .transform((query, ctx) => {
    const lineID = query.line ?? query.lineID;
    if (lineID === undefined) {
      ctx.addIssue({ code: 'custom', path: ['line'], message: 'validation.required' });
      return z.NEVER;
    }
    return { lineID };
  });

/** SPEC.md "OPC tag status": a tag's name, node (url), quality and value, with its status code. */
export const tagStatusItemSchema = z.object({
  tagName: z.string(),
  url: z.string(),
  goodQuality: z.boolean(),
  data: z.union([z.boolean(), z.number(), z.string(), z.null()]),
  status: z.string(),
  sourceTime: z.string().nullable(),
  /** What is wrong beyond the quality: the server sends another data type than configured. */
  problem: z.string().nullable(),
});

export const tagStatusSchema = z.array(tagStatusItemSchema);
