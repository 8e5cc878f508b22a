import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { BUILDING_OPTIONS } from '../../../components/data-grid/shared-fields';

const BUILDING_FIELDS: readonly GridField[] = [
  // The key's own title: 'Edificio' is the name's (SPEC's field labels give both the same word).
  { name: 'buildingId', label: 'sectors.buildingNumber', key: true, generated: true, inForm: false, width: 90 },
  { name: 'buildingName', label: 'fields.buildingName', required: true },
];

const SECTOR_FIELDS: readonly GridField[] = [
  { name: 'sectorID', label: 'sectors.sectorNumber', key: true, generated: true, inForm: false, width: 90 },
  { name: 'sectorName', label: 'fields.sectorName', required: true },
  { name: 'buildingId', label: 'fields.buildingId', kind: 'select', options: BUILDING_OPTIONS },
];

/** Buildings and the sectors in them. */
export default function SectorsTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <DataGrid
        path="/api/sectors"
        keyFields={['sectorID']}
        fields={SECTOR_FIELDS}
        canWrite={canWrite}
        exportName="sectores"
        title={t('sectors.sectors')}
        testId="sectors-grid"
      />
      <DataGrid
        path="/api/buildings"
        keyFields={['buildingId']}
        fields={BUILDING_FIELDS}
        canWrite={canWrite}
        exportName="edificios"
        title={t('sectors.buildings')}
        testId="buildings-grid"
      />
    </SimpleGrid>
  );
}
