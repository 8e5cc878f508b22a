import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { ScriptTest } from './script-test';
import { AUDIT_FIELDS, SECTOR_OPTIONS } from '../../../components/data-grid/shared-fields';

/** A line script: monospace, with its test button (the beacon script gives a boolean, the counters numbers). */
const script = (name: string, label: GridField['label'], kind: 'boolean' | 'number'): GridField => ({
  name,
  label,
  kind: 'code',
  inGrid: false,
  extra: ({ value }) => <ScriptTest script={typeof value === 'string' ? value : ''} kind={kind} testId={`script-${name}`} />,
});

const FIELDS: readonly GridField[] = [
  { name: 'lineID', label: 'fields.lineID', kind: 'number', identifier: true, key: true, required: true, width: 90 },
  { name: 'sectorID', label: 'fields.sectorID', kind: 'select', required: true, options: SECTOR_OPTIONS },
  { name: 'description', label: 'fields.description', required: true, flex: 2 },
  // "calculateThroughput, sent as fixedThroughput (1 or null)" (SPEC.md section 3).
  { name: 'fixedThroughput', label: 'fields.calculateThroughput', kind: 'boolean', width: 120 },
  { name: 'enableStopsManager', label: 'fields.enableStopsManager', kind: 'boolean', width: 120 },
  { name: 'enableOrderManager', label: 'fields.enableOrderManager', kind: 'boolean', width: 120 },
  { name: 'enableProductionManager', label: 'fields.enableProductionManager', kind: 'boolean', width: 120 },
  { name: 'enableCalculationRelative', label: 'fields.enableCalculationRelative', kind: 'boolean', width: 120 },
  { name: 'enableIndicadorPorTurno', label: 'fields.enableIndicadorPorTurno', kind: 'boolean', width: 120 },
  // The start-up window (issue 29): discards within these minutes of an order's start are start-up rejects; blank: none.
  { name: 'startupRejectMinutes', label: 'fields.startupRejectMinutes', kind: 'number', width: 130 },
  script('calculationBaliza', 'fields.calculationBaliza', 'boolean'),
  script('calculationUnits', 'fields.calculationUnits', 'number'),
  script('calculationDiscards', 'fields.calculationDiscards', 'number'),
  ...AUDIT_FIELDS,
];

/** Production lines ("resources"): the line number is chosen once (1 to 99); the three scripts compute its signals. */
export default function ResourcesTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/Resources"
      keyFields={['lineID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="recursos"
      formSize="xl"
      testId="resources-grid"
    />
  );
}
