import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { useEnabledModules } from '../../lib/enabled-modules';

export interface ProductionLine {
  lineID: number;
  description: string;
}

/** The lines the production manager runs on (GET /api/modules/enabled), with their descriptions, in line order. */
export function useProductionLines(): { lines: ProductionLine[]; pending: boolean } {
  const enabled = useEnabledModules();
  const tree = useResourceTree();
  const on = new Set(enabled.data?.productionManager ?? []);
  const lines = (tree.data ?? []).flatMap((sector) => sector.lines).filter((line) => on.has(line.lineID));
  return { lines: lines.sort((a, b) => a.lineID - b.lineID), pending: enabled.isPending || tree.isPending };
}

/** A select of the production manager's lines. */
export function ProductionLineSelect({ lines, value, onChange, testId }: { lines: readonly ProductionLine[]; value: number; onChange: (lineID: number) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root width="auto" minW="220px">
      <NativeSelect.Field aria-label={t('fields.lineID')} value={value} onChange={(event) => onChange(Number(event.target.value))} data-testid={testId}>
        {lines.map((line) => (
          <option key={line.lineID} value={line.lineID}>
            {t('dashboard.lineHeading', { n: line.lineID, description: line.description })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
