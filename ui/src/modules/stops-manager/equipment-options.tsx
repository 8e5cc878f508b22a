import { useTranslation } from 'react-i18next';
import type { StopsManagerLine } from './api/get-stops-manager-lines';

/** The choices of a stop's equipment: none, the line's equipment, and the stop's current one if no longer listed. */
export function EquipmentOptions({ line, current }: { line: StopsManagerLine | undefined; current: string }) {
  const { t } = useTranslation();
  const names = [...new Set([...(line?.equipment ?? []), ...(current ? [current] : [])])];
  return (
    <>
      <option value="">{t('common.none')}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
