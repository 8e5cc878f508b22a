import { reasonLossKinds, stopLossKind, type ConfigurableLossKind, type CountedLossKind } from '../../domain/losses';
import type { Database } from '../../db/database';
import type { CountedLossKindOf } from '../engine';
import { lossReasonNodes } from './losses.repository';

/**
 * How each stop's counted time is classified, from the plant's stop-reason tree: what the waterfall (losses.service)
 * and the shift indexes' loss columns (indexes.service) split stop time by. A file of its own so the indexes can read
 * it without importing the waterfall's service.
 */
export function countedLossKindOf(kinds: ReadonlyMap<number, ConfigurableLossKind>): CountedLossKindOf {
  // Discounted stops never reach it (their time is planned); 'planned' cannot come back here.
  return (stop) => stopLossKind(stop, kinds) as CountedLossKind;
}

export async function loadLossKindOf(db: Database): Promise<CountedLossKindOf> {
  return countedLossKindOf(reasonLossKinds(await lossReasonNodes(db)));
}
