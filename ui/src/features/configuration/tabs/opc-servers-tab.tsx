import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';

const SERVER_TYPES = ['UA', 'DA', 'API'] as const;

const FIELDS: readonly GridField[] = [
  { name: 'opcServerID', label: 'fields.opcServerID', key: true, generated: true, inForm: false, width: 90 },
  { name: 'name', label: 'fields.name', required: true },
  { name: 'description', label: 'fields.description' },
  { name: 'hostName', label: 'fields.hostName', required: true, flex: 2 },
  {
    name: 'serverType',
    label: 'fields.serverType',
    kind: 'select',
    required: true,
    defaultValue: 'UA',
    width: 120,
    options: { kind: 'static', options: SERVER_TYPES.map((type) => ({ value: type, label: type, translate: false })) },
  },
  { name: 'enabled', label: 'fields.enabled', kind: 'boolean', defaultValue: true, width: 110 },
];

/** OPC servers the edge reads tags from. */
export default function OpcServersTab({ canWrite }: ConfigurationPageProps) {
  return <DataGrid path="/api/opcservers" keyFields={['opcServerID']} fields={FIELDS} canWrite={canWrite} exportName="servidores-opc" testId="opc-servers-grid" />;
}
