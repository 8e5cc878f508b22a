import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import { MasterDetail } from '../../../components/data-grid/master-detail';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { LINE_OPTIONS } from '../../../components/data-grid/shared-fields';

const EQUIPMENT_FIELDS: readonly GridField[] = [
  { name: 'equipmentID', label: 'fields.equipmentID', key: true, generated: true, inForm: false, width: 100 },
  { name: 'name', label: 'fields.name', required: true },
  { name: 'description', label: 'fields.description', required: true, flex: 2 },
  { name: 'tag', label: 'fields.tag' },
  { name: 'lineID', label: 'fields.lineID', kind: 'select', options: LINE_OPTIONS },
];

/** A link: the selected equipment and one stop reason (not a category); nothing else to edit, so no update. */
const LINK_FIELDS: readonly GridField[] = [
  { name: 'equipmentID', label: 'fields.equipmentID', key: true, inGrid: false, inForm: false },
  {
    name: 'reasonID',
    label: 'fields.reason',
    kind: 'select',
    key: true,
    required: true,
    options: { kind: 'records', path: '/api/stopreasons', filter: ['isCategory', '=', false], value: 'reasonID', text: 'reason' },
  },
];

/** Equipment, and the stop reasons linked to the selected one. */
export default function EquipmentTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  return (
    <MasterDetail
      master={{
        path: '/api/equipments',
        keyFields: ['equipmentID'],
        fields: EQUIPMENT_FIELDS,
        canWrite,
        exportName: 'equipos',
        height: 340,
        testId: 'equipment-grid',
      }}
      keyField="equipmentID"
      prompt={t('equipment.selectEquipment')}
      heading={(equipment) => t('equipment.selected', { name: String(equipment.name ?? '') })}
    >
      {(equipmentID) => (
        <DataGrid
          path="/api/equipments/stops"
          keyFields={['equipmentID', 'reasonID']}
          fields={LINK_FIELDS}
          canWrite={canWrite}
          operations={{ update: false }}
          filter={['equipmentID', '=', equipmentID]}
          fixedValues={{ equipmentID }}
          exportName="equipos-motivos"
          title={t('equipment.linkedReasons')}
          height={260}
          pageSize={10}
          testId="equipment-reasons-grid"
        />
      )}
    </MasterDetail>
  );
}
