import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calculationTimesSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** SPEC.md "Calculation times": a calculation pass, how long it took (ms) and what it computed per line. */
export type CalculationPass = z.output<typeof calculationTimesSchema>[number];

/** GET /api/diagnostics/calculationtimes: the last 100 passes, oldest first. */
export const calculationTimesQuery = diagnosticsQuery<CalculationPass[]>('calculationTimes', '/api/diagnostics/calculationtimes', {
  history: true,
});

export function useCalculationTimes() {
  return useQuery(calculationTimesQuery);
}
