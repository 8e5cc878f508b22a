import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { AUDIT_FIELDS } from '../../components/data-grid/shared-fields';
import type { ConfigurationPageProps } from '../manifest';

const FIELDS: readonly GridField[] = [
  { name: 'callReasonID', label: 'maintenanceManager.callID', key: true, generated: true, inForm: false, inGrid: false },
  { name: 'name', label: 'maintenanceManager.name', required: true, maxLength: 60, flex: 2 },
  ...AUDIT_FIELDS,
];

/** The reasons a maintenance call is made for (Configuración): the supervisor keeps the list, the administrator reads it. */
export default function CallReasonsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/maintenance/reasons"
      keyFields={['callReasonID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="motivos-mantenimiento"
      height={420}
      testId="maintenance-reasons-grid"
    />
  );
}
