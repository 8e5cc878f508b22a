import { AppError } from '../../http/errors';

type AnyRow = Record<string, unknown>;

/** A soft-deleted preload order is kept for the record: it can no longer be edited or deleted again. */
export function refuseDeletedPreloadOrder(before: AnyRow): void {
  if (before.deleted === 1) throw new AppError('conflict', 'preload.deleted');
}
