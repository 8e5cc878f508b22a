import { z } from 'zod';
import { distinctList, requiredText } from '../grid/fields';

/**
 * SPEC.md section 3: Validation order (orderID, lot, productCode, state). `state` is derived from the orders table
 * (see validation-orders.repository.ts) and read-only.
 */
export const VALIDATION_ORDER_COLUMNS = {
  orderID: 'string',
  lot: 'string',
  productCode: 'string',
  state: 'string',
  createdBy: 'string',
  createDate: 'date',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

/** The states a validation order can show ('Estado'), from no order yet to the order finished. */
export const VALIDATION_ORDER_STATES = ['pending', 'created', 'running', 'finished'] as const;

export const validationOrderSchema = z.object({
  orderID: requiredText(30),
  lot: requiredText(50),
  productCode: requiredText(18),
});

/** "Clear selection": the orderIDs to delete, as a JSON body or a form field holding a JSON list. */
export const deleteManySchema = z.object({
  orderIDs: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    distinctList(z.union([z.string(), z.number()]).transform(String), 1000).min(1, 'validation.required'),
  ),
});

/** POST /api/validatedOrder/deleteMany: how many of the selected orders were deleted. */
export const deleteManyResultSchema = z.object({ deleted: z.number().int() });
