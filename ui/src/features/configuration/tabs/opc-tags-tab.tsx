import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { TagAddressEditor } from './tag-address-editor';

/** SPEC.md section 3: the data types of an OPC tag. */
const TAG_TYPES = [
  'Boolean',
  'Byte',
  'Double',
  'Float',
  'Int16',
  'Int32',
  'Int64',
  'SByte',
  'String',
  'UInt16',
  'UInt32',
  'UInt64',
] as const;

const FIELDS: readonly GridField[] = [
  { name: 'tagID', label: 'fields.tagID', key: true, generated: true, inForm: false, width: 80 },
  { name: 'tagName', label: 'fields.tagName', required: true },
  {
    name: 'tagType',
    label: 'fields.tagType',
    kind: 'select',
    required: true,
    width: 120,
    options: { kind: 'static', options: TAG_TYPES.map((type) => ({ value: type, label: type, translate: false })) },
  },
  {
    name: 'opcServerID',
    label: 'fields.opcServerID',
    kind: 'select',
    required: true,
    options: { kind: 'lookup', path: '/api/opcservers/lookup' },
  },
  {
    name: 'tagValue',
    label: 'fields.tagValue',
    required: true,
    flex: 2,
    // A Modbus or MQTT server's tag: its address edited by parts too (the text stays editable as it is).
    extra: ({ values, value, setValue }) => (
      <TagAddressEditor opcServerID={values.opcServerID} value={value} setValue={setValue} disabled={false} />
    ),
  },
];

/** Tags: what each reads (a NodeId for UA servers, a register for Modbus, a topic or Sparkplug B metric for MQTT) and its type. */
export default function OpcTagsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid path="/api/tags" keyFields={['tagID']} fields={FIELDS} canWrite={canWrite} exportName="tags-opc" testId="opc-tags-grid" />
  );
}
