import type { LineChoice } from '../../components/line-picker/line-select';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { useEnabledModules } from '../../lib/enabled-modules';

export type ProductionLine = LineChoice;

/** The lines the production manager runs on (GET /api/modules/enabled), with their descriptions, in line order. */
export function useProductionLines(): { lines: ProductionLine[]; pending: boolean } {
  const enabled = useEnabledModules();
  const tree = useResourceTree();
  const on = new Set(enabled.data?.productionManager ?? []);
  const lines = (tree.data ?? []).flatMap((sector) => sector.lines).filter((line) => on.has(line.lineID));
  return { lines: lines.sort((a, b) => a.lineID - b.lineID), pending: enabled.isPending || tree.isPending };
}
