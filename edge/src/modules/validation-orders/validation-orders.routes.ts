import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource } from '../grid/grid.routes';
import { validationOrdersSource } from './validation-orders.repository';
import { deleteManyResultSchema, deleteManySchema, VALIDATION_ORDER_COLUMNS, validationOrderSchema } from './validation-orders.schemas';
import { deleteSelectedValidationOrders, prepareValidationOrder } from './validation-orders.service';

const SUPERVISOR = [ROLE.SUPERVISOR];

/**
 * Future orders for validation (SPEC.md sections 3, 5, 6, 7): seen by supervisor, administrator and consultant;
 * added, edited, deleted and cleared only by the supervisor. The orderID is the key and never changes.
 */
export function registerValidationOrderRoutes(api: Api): void {
  const tag = 'validatedOrder';
  api.route(
    {
      method: 'post',
      path: '/api/validatedOrder/deleteMany',
      access: SUPERVISOR,
      tag,
      summary: 'Deletes the selected orders ({orderIDs: [..]}) in one transaction; answers { deleted }.',
      body: deleteManySchema,
      response: deleteManyResultSchema,
    },
    ({ ctx, body }) => deleteSelectedValidationOrders(ctx, body.orderIDs),
  );
  registerGridResource(api, {
    name: tag,
    path: '/api/validatedOrder',
    table: 'validation_orders',
    key: ['orderID'],
    columns: VALIDATION_ORDER_COLUMNS,
    schema: validationOrderSchema,
    access: { read: [ROLE.SUPERVISOR, ROLE.ADMINISTRATOR, ROLE.CONSULTANT], write: SUPERVISOR },
    defaultSort: [{ column: 'orderID', desc: false }],
    stamp: true,
    source: validationOrdersSource,
    prepare: prepareValidationOrder,
  });
}
