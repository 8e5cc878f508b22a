import { describe, expect, it } from 'vitest';
import type { StopReason } from '../../lib/stop-reasons';
import { reasonChoices, reasonPathText } from './reason-choices';

const reason = (reasonID: number, parentID: number | null, text: string, extra: Partial<StopReason> = {}): StopReason => ({
  reasonID,
  parentID,
  reason: text,
  detail: null,
  pareto: true,
  discountOEE: false,
  isCategory: false,
  color: null,
  systemStop: false,
  enabledForLine: [],
  lossKind: null,
  updatedBy: null,
  updateDate: null,
  ...extra,
});
const category = (reasonID: number, parentID: number, text: string, extra: Partial<StopReason> = {}) =>
  reason(reasonID, parentID, text, { isCategory: true, ...extra });

const TREE: StopReason[] = [
  category(1, 0, 'Raíz', { parentID: null, systemStop: true }),
  category(2, 1, 'Sistema', { systemStop: true }),
  reason(3, 2, 'Microparada', { systemStop: true }),
  category(8, 1, 'No planificadas', { systemStop: true }),
  category(15, 8, 'Mecánicas'),
  reason(16, 15, 'Atasco de envases'),
  reason(17, 15, 'Rotura de cinta', { enabledForLine: [2] }),
  reason(30, 8, 'Otra'),
  category(19, 8, 'Eléctricas', { enabledForLine: [3] }),
  reason(20, 19, 'Falla de sensor'),
  category(40, 8, 'Vacía'),
];

describe('recognition choices (SPEC.md section 4: category leads deeper, a reason to signing)', () => {
  it('offers the top categories, but not the system one whose reasons the system assigns', () => {
    expect(reasonChoices(TREE, 1, 1).map((r) => r.reason)).toEqual(['No planificadas']);
  });

  it('lists categories first, then reasons, and leaves out categories with nothing to choose', () => {
    expect(reasonChoices(TREE, 8, 1).map((r) => r.reason)).toEqual(['Mecánicas', 'Otra']);
    expect(reasonChoices(TREE, 8, 3).map((r) => r.reason)).toEqual(['Eléctricas', 'Mecánicas', 'Otra']);
  });

  it('offers only reasons enabled for the line (an empty list is every line)', () => {
    expect(reasonChoices(TREE, 15, 1).map((r) => r.reason)).toEqual(['Atasco de envases']);
    expect(reasonChoices(TREE, 15, 2).map((r) => r.reason)).toEqual(['Atasco de envases', 'Rotura de cinta']);
  });

  it('names a reason by its path below the root', () => {
    expect(reasonPathText(TREE, 16)).toBe('No planificadas / Mecánicas / Atasco de envases');
    expect(reasonPathText(TREE, 999)).toBe('');
  });
});
