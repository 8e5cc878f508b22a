import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';

const FIELDS: readonly GridField[] = [
  { name: 'code', label: 'fields.code', key: true, required: true, width: 140 },
  { name: 'name', label: 'fields.name', required: true, flex: 2 },
  { name: 'wrappersPerPackage', label: 'fields.wrappersPerPackage', kind: 'number', required: true },
  { name: 'unitsPerWrapper', label: 'fields.unitsPerWrapper', kind: 'number', required: true },
  { name: 'unit', label: 'fields.unit', width: 110 },
  { name: 'performance', label: 'fields.performance', kind: 'number', width: 130 },
];

/** Products: the code is typed once and never changes. */
export default function ProductsTab({ canWrite }: ConfigurationPageProps) {
  return (
    <DataGrid path="/api/products" keyFields={['code']} fields={FIELDS} canWrite={canWrite} exportName="productos" testId="products-grid" />
  );
}
