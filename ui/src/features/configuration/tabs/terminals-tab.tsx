import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { AUDIT_FIELDS, LINE_OPTIONS } from '../../../components/data-grid/shared-fields';

const FIELDS: readonly GridField[] = [
  { name: 'terminalID', label: 'fields.terminalID', key: true, generated: true, inForm: false, width: 100 },
  { name: 'lineID', label: 'fields.lineID', kind: 'select', required: true, options: LINE_OPTIONS },
  { name: 'ipAddress', label: 'fields.ipAddress', required: true },
  ...AUDIT_FIELDS,
];

/** Terminals: which line the browser at an IP address shows. */
export default function TerminalsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/terminals"
      keyFields={['terminalID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="terminales"
      testId="terminals-grid"
    />
  );
}
