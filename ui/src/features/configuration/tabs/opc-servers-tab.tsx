import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { OpcCertificatesPanel } from './opc-certificates-panel';

const SERVER_TYPES = ['UA', 'DA', 'API'] as const;
const SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
const SECURITY_POLICIES = ['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const;
const choices = (values: readonly string[]) => ({ kind: 'static' as const, options: values.map((value) => ({ value, label: value, translate: false })) });

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
  { name: 'securityMode', label: 'opcSecurity.securityMode', kind: 'select', defaultValue: 'None', width: 150, options: choices(SECURITY_MODES) },
  { name: 'securityPolicy', label: 'opcSecurity.securityPolicy', kind: 'select', defaultValue: 'None', width: 190, options: choices(SECURITY_POLICIES) },
  { name: 'userName', label: 'opcSecurity.userName', width: 130 },
  // Write-only: blank keeps the stored password, a value replaces it; the grid shows only whether one is set.
  { name: 'password', label: 'opcSecurity.password', kind: 'password', writeOnly: true },
  { name: 'passwordSet', label: 'opcSecurity.passwordSet', kind: 'boolean', readOnly: true, inForm: false, width: 120 },
];

/** OPC servers the edge reads tags from, with their security, and the OPC UA certificates to trust. */
export default function OpcServersTab({ canWrite }: ConfigurationPageProps) {
  return (
    <>
      <DataGrid path="/api/opcservers" keyFields={['opcServerID']} fields={FIELDS} canWrite={canWrite} exportName="servidores-opc" testId="opc-servers-grid" />
      <OpcCertificatesPanel canWrite={canWrite} />
    </>
  );
}
