import { useTranslation } from 'react-i18next';
import { useResourceTree } from '../../../components/line-picker/resource-tree';
import type { StepOption } from './step-fields';

/**
 * The plant's sectors that have lines, and the lines of the chosen sector, as options of the summary filters. With
 * no sector chosen, the sector is the chosen line's (a line given in the query string).
 */
export function useSectorLines(chosenSectorID: number | null, lineID: number | null = null) {
  const { t } = useTranslation();
  const tree = (useResourceTree().data ?? []).filter((sector) => sector.lines.length > 0);
  const sectorID = chosenSectorID ?? tree.find((sector) => sector.lines.some((line) => line.lineID === lineID))?.sectorID ?? null;
  const sectors: StepOption<number>[] = tree.map((sector) => ({ value: sector.sectorID, text: sector.sectorName }));
  const lines: StepOption<number>[] = (tree.find((sector) => sector.sectorID === sectorID)?.lines ?? []).map((line) => ({
    value: line.lineID,
    text: t('dashboard.lineHeading', { n: line.lineID, description: line.description }),
  }));
  return { sectorID, sectors, lines };
}
