import { describe, expect, it } from 'vitest';
import { isShownOnLine, type StopReason } from '../../../../lib/stop-reasons';
import { buildReasonTree } from './reason-tree';

const reason = (reasonID: number, parentID: number | null, text: string, isCategory = false): StopReason => ({
  reasonID,
  parentID,
  reason: text,
  detail: null,
  pareto: false,
  discountOEE: false,
  isCategory,
  color: null,
  systemStop: false,
  enabledForLine: [],
  lossKind: null,
  updatedBy: null,
  updateDate: null,
});

describe('stop reason tree', () => {
  it('hangs reasons from their categories under the root, categories first, then by text', () => {
    const tree = buildReasonTree([
      reason(1, null, 'root', true),
      reason(10, 1, 'Mecánica', true),
      reason(12, 10, 'Rotura'),
      reason(11, 10, 'Ajuste'),
      reason(13, 10, 'Sub', true),
      reason(20, 1, 'Eléctrica', true),
    ]);
    expect(tree.map((node) => node.reason.reason)).toEqual(['Eléctrica', 'Mecánica']);
    expect(tree[1]!.children.map((node) => node.reason.reason)).toEqual(['Sub', 'Ajuste', 'Rotura']);
  });

  it('offers a reason on every line when its list is empty, on none when it is [0]', () => {
    expect(isShownOnLine([], 3)).toBe(true);
    expect(isShownOnLine([1, 3], 3)).toBe(true);
    expect(isShownOnLine([1], 3)).toBe(false);
    expect(isShownOnLine([0], 3)).toBe(false);
  });
});
