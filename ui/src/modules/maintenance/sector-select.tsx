import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useResourceTree } from '../../components/line-picker/resource-tree';

/** The sector filter of the module's pages: one sector, or every one (null). */
export function SectorSelect({ value, onChange }: { value: number | null; onChange: (sectorID: number | null) => void }) {
  const { t } = useTranslation();
  const tree = useResourceTree();
  return (
    <Field.Root w="60">
      <Field.Label>{t('maintenanceManager.sector')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name="sectorID"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('maintenanceManager.allSectors')}</option>
          {(tree.data ?? []).map((sector) => (
            <option key={sector.sectorID} value={sector.sectorID}>
              {sector.sectorName}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
