import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { LINE_OPTIONS, PRODUCT_OPTIONS } from '../../../components/data-grid/shared-fields';

const FIELDS: readonly GridField[] = [
  { name: 'code', label: 'fields.code', kind: 'select', key: true, required: true, options: PRODUCT_OPTIONS },
  { name: 'lineID', label: 'fields.lineID', kind: 'select', key: true, required: true, options: LINE_OPTIONS },
  { name: 'speed', label: 'fields.speed', kind: 'number', required: true },
];

/** The nominal speed of a product on a line (the pair is the key). */
export default function ProductSpeedsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid
      path="/api/productspeeds"
      keyFields={['code', 'lineID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="velocidades"
      testId="product-speeds-grid"
    />
  );
}
