import { useTranslation } from 'react-i18next';
import type { TreeSector } from './resource-tree';

/** The <option>s of a line select: the plant's lines grouped by sector ('Línea n: description'); empty sectors left out. */
export function SectorLineOptions({ sectors }: { sectors: readonly TreeSector[] | undefined }) {
  const { t } = useTranslation();
  return (sectors ?? []).map((sector) =>
    sector.lines.length > 0 ? (
      <optgroup key={sector.sectorID} label={sector.sectorName}>
        {sector.lines.map((item) => (
          <option key={item.lineID} value={item.lineID}>
            {t('dashboard.lineHeading', { n: item.lineID, description: item.description })}
          </option>
        ))}
      </optgroup>
    ) : null,
  );
}
