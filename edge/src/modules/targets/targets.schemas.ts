import { z } from 'zod';
import { requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 3: Line target (lineID, tag, targetSummary, targetOEE), keyed by targetID; (lineID, tag) is unique. */
export const TARGET_COLUMNS = {
  targetID: 'number',
  lineID: 'number',
  tag: 'string',
  targetSummary: 'number',
  targetOEE: 'number',
} as const;

/** A number; text that is not one says "must be numeric" (bounds keep their own messages). */
const numeric = () => z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.number' : undefined) });

/**
 * targetOEE is a percentage (the dashboard compares OEE with targetOEE/100, SPEC.md section 9), so 0..100;
 * targetSummary is a production target, never negative. SPEC.md only says "numeric": the bounds are our choice.
 */
export const targetSchema = z.object({
  lineID: requiredInt({ min: 1, max: 99 }),
  tag: requiredText(50),
  targetSummary: numeric().min(0).nullish(),
  targetOEE: numeric().min(0).max(100).nullish(),
});
export type TargetValues = z.output<typeof targetSchema>;
