import type { OverviewFilter } from './api/get-sector-indicators';

/** SPEC.md sections 2, 9: 3 to 5 columns, 3 by default; the toggle cycles 3 → 4 → 5 → 3. */
export const COLUMN_CHOICES = [3, 4, 5] as const;
export type Columns = (typeof COLUMN_CHOICES)[number];
export const DEFAULT_COLUMNS: Columns = 3;

export function nextColumns(current: Columns): Columns {
  return COLUMN_CHOICES[(COLUMN_CHOICES.indexOf(current) + 1) % COLUMN_CHOICES.length]!;
}

/** /resumen?sector=&lines=1,2: a sector, or a list of lines (numbers); anything else is ignored (every line). */
export function overviewFilter(params: URLSearchParams): OverviewFilter {
  const sector = params.get('sector')?.trim() ?? '';
  const lines = params.get('lines')?.trim() ?? '';
  return {
    sectorID: /^\d+$/.test(sector) ? Number(sector) : null,
    lines: /^\d+(\s*,\s*\d+)*$/.test(lines) ? lines.split(',').map((line) => Number(line.trim())) : null,
  };
}
