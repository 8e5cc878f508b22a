import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { FormContext, GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { OpcCertificatesPanel } from './opc-certificates-panel';

const SERVER_TYPES = ['UA', 'DA', 'API', 'MQTT', 'Modbus'] as const;
const SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
const SECURITY_POLICIES = ['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const;
const choices = (values: readonly string[]) => ({
  kind: 'static' as const,
  options: values.map((value) => ({ value, label: value, translate: false })),
});

/** The form shows a server's settings for its type only (a Modbus PLC has no security policy, a broker no unit id). */
const ofType =
  (...types: string[]) =>
  ({ values }: FormContext) =>
    types.includes(String(values.serverType));

function HostNameHint({ serverType }: { serverType: unknown }) {
  const { t } = useTranslation();
  const hint =
    serverType === 'Modbus'
      ? t('opcSources.hostModbus')
      : serverType === 'MQTT'
        ? t('opcSources.hostMqtt')
        : serverType === 'UA'
          ? t('opcSources.hostUa')
          : null;
  return hint ? (
    <Text fontSize="xs" color="fg.muted" data-testid="host-name-hint">
      {hint}
    </Text>
  ) : null;
}

const FIELDS: readonly GridField[] = [
  { name: 'opcServerID', label: 'fields.opcServerID', key: true, generated: true, inForm: false, width: 90 },
  { name: 'name', label: 'fields.name', required: true },
  { name: 'description', label: 'fields.description' },
  {
    name: 'hostName',
    label: 'fields.hostName',
    required: true,
    flex: 2,
    extra: ({ values }) => <HostNameHint serverType={values.serverType} />,
  },
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
  {
    name: 'securityMode',
    label: 'opcSecurity.securityMode',
    kind: 'select',
    defaultValue: 'None',
    width: 150,
    options: choices(SECURITY_MODES),
    visible: ofType('UA'),
  },
  {
    name: 'securityPolicy',
    label: 'opcSecurity.securityPolicy',
    kind: 'select',
    defaultValue: 'None',
    width: 190,
    options: choices(SECURITY_POLICIES),
    visible: ofType('UA'),
  },
  { name: 'userName', label: 'opcSecurity.userName', width: 130, visible: ofType('UA', 'MQTT') },
  // Write-only: blank keeps the stored password, a value replaces it; the grid shows only whether one is set.
  { name: 'password', label: 'opcSecurity.password', kind: 'password', writeOnly: true, visible: ofType('UA', 'MQTT') },
  { name: 'unitId', label: 'opcSources.unitId', kind: 'number', identifier: true, min: 0, max: 255, width: 100, visible: ofType('Modbus') },
  {
    name: 'pollingMs',
    label: 'opcSources.pollingMs',
    kind: 'number',
    identifier: true,
    min: 100,
    max: 3_600_000,
    width: 130,
    visible: ofType('Modbus'),
  },
  { name: 'clientId', label: 'opcSources.clientId', width: 150, visible: ofType('MQTT') },
  { name: 'caCertificate', label: 'opcSources.caCertificate', kind: 'textarea', inGrid: false, visible: ofType('MQTT') },
  { name: 'passwordSet', label: 'opcSecurity.passwordSet', kind: 'boolean', readOnly: true, inForm: false, width: 120 },
];

/** The servers the edge reads tags from (OPC UA, API, MQTT brokers, Modbus TCP PLCs), and the OPC UA certificates to trust. */
export default function OpcServersTab({ canWrite }: ConfigurationPageProps) {
  return (
    <>
      <DataGrid
        path="/api/opcservers"
        keyFields={['opcServerID']}
        fields={FIELDS}
        canWrite={canWrite}
        exportName="servidores-opc"
        testId="opc-servers-grid"
      />
      <OpcCertificatesPanel canWrite={canWrite} />
    </>
  );
}
