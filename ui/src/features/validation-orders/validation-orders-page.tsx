import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridMessages } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { AUDIT_FIELDS, PRODUCT_OPTIONS } from '../../components/data-grid/shared-fields';
import { useDocumentTitle } from '../../components/use-document-title';
import { hasRole, SUPERVISOR_WRITES } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { useDeleteValidationOrders } from './api/delete-validation-orders';

/** The states the server derives from the line's orders ('Estado'): no order yet, created, running, finished. */
const STATES = ['pending', 'created', 'running', 'finished'] as const;

const FIELDS: readonly GridField[] = [
  { name: 'orderID', label: 'validationOrders.orderID', key: true, required: true, width: 150 },
  { name: 'lot', label: 'validationOrders.lot', required: true, flex: 1 },
  { name: 'productCode', label: 'validationOrders.productCode', required: true, options: PRODUCT_OPTIONS, flex: 1 },
  {
    name: 'state',
    label: 'validationOrders.state',
    kind: 'select',
    readOnly: true,
    options: { kind: 'static', options: STATES.map((state) => ({ value: state, label: `validationOrders.states.${state}` as const })) },
    width: 140,
  },
  ...AUDIT_FIELDS,
];

/**
 * /ordenes/validacion (SPEC.md sections 2, 5, 6, 8): future orders for validation. Supervisor, administrator and
 * consultant see them; only the supervisor adds, edits, deletes (several at once) and clears the selection. The
 * order id is fixed once created.
 */
export default function ValidationOrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('validationOrders.title'));
  const user = useSessionUser();
  const deleteOrders = useDeleteValidationOrders();
  const messages = useMemo<GridMessages>(
    () => ({
      inserted: t('validationOrders.created'),
      updated: t('validationOrders.updated'),
      deleted: t('validationOrders.deleted'),
      deleteFailed: t('validationOrders.deleteFailed'),
    }),
    [t],
  );
  return (
    <DataGrid
      path="/api/validatedOrder"
      keyFields={['orderID']}
      fields={FIELDS}
      canWrite={hasRole(user?.roleID, SUPERVISOR_WRITES)}
      multiSelect={{ deleteSelected: (keys) => deleteOrders.mutateAsync(keys) }}
      messages={messages}
      exportName="ordenes-validacion"
      title={t('validationOrders.title')}
      height={560}
      testId="validation-grid"
    />
  );
}
