import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { LINE_OPTIONS } from '../../../components/data-grid/shared-fields';

const FIELDS: readonly GridField[] = [
  { name: 'targetID', label: 'fields.targetID', key: true, generated: true, inGrid: false, inForm: false },
  { name: 'lineID', label: 'fields.lineID', kind: 'select', required: true, options: LINE_OPTIONS },
  { name: 'tag', label: 'fields.tag', required: true },
  { name: 'targetSummary', label: 'fields.targetSummary', kind: 'number' },
  { name: 'targetOEE', label: 'fields.targetOEE', kind: 'number' },
];

/** Line targets (read-only for the administrator; the supervisor changes them). */
export default function TargetsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/targets"
      keyFields={['targetID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="objetivos"
      testId="targets-grid"
    />
  );
}
