import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../components/data-grid/grid-types';
import { AUDIT_FIELDS, PRODUCT_OPTIONS } from '../../components/data-grid/shared-fields';
import { useDocumentTitle } from '../../components/use-document-title';
import { hasRole, SUPERVISOR_WRITES } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';

/** SPEC.md sections 3 and 5: the preload order's fields; the server holds every rule and answers its text. */
const FIELDS: readonly GridField[] = [
  { name: 'id', label: 'preloadOrders.id', kind: 'number', identifier: true, key: true, required: true, width: 90 },
  { name: 'op', label: 'preloadOrders.op', required: true, maxLength: 12, width: 120 },
  { name: 'cliente', label: 'preloadOrders.cliente', maxLength: 50, width: 180 },
  { name: 'producto', label: 'preloadOrders.producto', required: true, maxLength: 18, options: PRODUCT_OPTIONS, width: 130 },
  { name: 'cosecha', label: 'preloadOrders.cosecha', kind: 'number', identifier: true, min: 1000, max: 9999, width: 120 },
  { name: 'cantidad', label: 'preloadOrders.cantidad', kind: 'number', decimals: 1, required: true, width: 145 },
  { name: 'bolsa', label: 'preloadOrders.bolsa', maxLength: 50, width: 130 },
  { name: 'pesoBolsa', label: 'preloadOrders.pesoBolsa', kind: 'number', decimals: 2, required: true, width: 165 },
  { name: 'utilizado', label: 'preloadOrders.utilizado', kind: 'boolean', width: 110 },
  { name: 'deleted', label: 'preloadOrders.deleted', kind: 'boolean', readOnly: true, width: 110 },
  ...AUDIT_FIELDS,
];

/** A deleted preload order stays listed for the record, last, and can no longer be edited or deleted (SPEC.md section 4). */
const isDeleted = (row: GridRow) => row.deleted === true;

/**
 * /indexes/precargaOp (SPEC.md sections 2, 4, 5, 6): the preload of operation orders. Supervisor and administrator
 * see it; only the supervisor adds, edits and deletes. The id is typed once; a delete keeps the row, marked.
 */
export default function PreloadOrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('preloadOrders.title'));
  const user = useSessionUser();
  return (
    <DataGrid
      path="/api/preContract"
      keyFields={['id']}
      fields={FIELDS}
      canWrite={hasRole(user?.roleID, SUPERVISOR_WRITES)}
      isRowLocked={isDeleted}
      exportName="precarga-op"
      title={t('preloadOrders.title')}
      height={560}
      testId="preload-grid"
    />
  );
}
