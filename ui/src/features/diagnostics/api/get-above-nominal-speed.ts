import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { aboveNominalSpeedSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** The stored order and shift figures above nominal speed (throughput over 100 %), newest first. */
export type AboveNominalSpeed = z.output<typeof aboveNominalSpeedSchema>;

/** GET /api/diagnostics/above-nominal-speed: the last 100 orders and 100 shifts. */
export const aboveNominalSpeedQuery = diagnosticsQuery<AboveNominalSpeed>('aboveNominalSpeed', '/api/diagnostics/above-nominal-speed', {
  history: true,
});

export function useAboveNominalSpeed() {
  return useQuery(aboveNominalSpeedQuery);
}
