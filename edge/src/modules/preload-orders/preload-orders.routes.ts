import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource } from '../grid/grid.routes';
import { PRELOAD_ORDER_COLUMNS, preloadOrderSchema } from './preload-orders.schemas';
import { refuseDeletedPreloadOrder } from './preload-orders.service';

/**
 * Preload of operation orders, /indexes/precargaOp (SPEC.md sections 3, 4, 5, 6, 7): seen by supervisor and
 * administrator, changed only by the supervisor. Delete is soft: the row stays, flagged deleted, and the default
 * deleted rows come last whatever the requested sort (SPEC.md section 4); a deleted row can no longer be edited.
 */
export function registerPreloadOrderRoutes(api: Api): void {
  registerGridResource(api, {
    name: 'preContract',
    path: '/api/preContract',
    table: 'preload_orders',
    key: ['id'],
    columns: PRELOAD_ORDER_COLUMNS,
    schema: preloadOrderSchema,
    access: { read: [ROLE.SUPERVISOR, ROLE.ADMINISTRATOR], write: [ROLE.SUPERVISOR] },
    leadingSort: [{ column: 'deleted', desc: false }],
    defaultSort: [{ column: 'id', desc: false }],
    stamp: true,
    softDelete: 'deleted',
    beforeUpdate: refuseDeletedPreloadOrder,
    beforeDelete: refuseDeletedPreloadOrder,
  });
}
