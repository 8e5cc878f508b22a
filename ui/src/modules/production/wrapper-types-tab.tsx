import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { AUDIT_FIELDS } from '../../components/data-grid/shared-fields';
import type { ConfigurationPageProps } from '../manifest';

const FIELDS: readonly GridField[] = [
  { name: 'wrapperTypeID', label: 'production.wrapperTypeID', key: true, generated: true, inGrid: false, inForm: false },
  { name: 'name', label: 'fields.name', required: true, maxLength: 40, initialSort: 'asc' },
  { name: 'description', label: 'fields.description', maxLength: 100, flex: 2 },
  ...AUDIT_FIELDS,
];

/** The wrapper types production lots are packed in (the supervisor changes them; the administrator reads them). */
export default function WrapperTypesTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/production/wrapperTypes"
      keyFields={['wrapperTypeID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="tipos-envoltorio"
      testId="wrapper-types-grid"
    />
  );
}
