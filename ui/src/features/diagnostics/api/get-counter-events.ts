import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { counterEventsSchema } from '../../../../../edge/src/modules/diagnostics/diagnostics.schemas';
import { diagnosticsQuery } from './diagnostics-query';

/** A counter reading the engine did not book as it came (a reset, a new source, a step no line could make). */
export type CounterEvent = z.output<typeof counterEventsSchema>[number];

/** GET /api/diagnostics/counters: the last 100 events, oldest first. */
export const counterEventsQuery = diagnosticsQuery<CounterEvent[]>('counterEvents', '/api/diagnostics/counters', { history: true });

export function useCounterEvents() {
  return useQuery(counterEventsQuery);
}
