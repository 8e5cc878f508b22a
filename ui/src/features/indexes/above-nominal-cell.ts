import type { GridRow } from '../../components/data-grid/grid-types';
import { i18n } from '../../lib/i18n';
import { percentLabel } from '../../lib/indicator-format';

/** Throughput over 100 %: the row ran above the nominal speed its figures are measured against. */
export function rowAboveNominalSpeed(row: GridRow): boolean {
  return typeof row.throughput === 'number' && row.throughput > 1;
}

/**
 * A ratio cell (OEE, throughput) of an order or shift row that ran above nominal speed: its true percentage and a
 * warning sign after it, whose tooltip says which line's product speed to check (issue 25); any other row's cell is
 * its percentage alone. Plain elements, no React (see GridField.cellElement).
 */
export function ratioCellFlaggingSpeed(name: string) {
  return (row: GridRow): HTMLElement | undefined => {
    if (!rowAboveNominalSpeed(row)) return undefined;
    const warning = i18n.t('indicators.aboveNominalSpeed', { n: row.lineID });
    const cell = document.createElement('span');
    cell.title = warning;
    cell.style.color = 'var(--chakra-colors-orange-fg)';
    cell.dataset.aboveNominal = 'true';
    const mark = document.createElement('span');
    mark.setAttribute('aria-label', warning);
    mark.textContent = ' ⚠';
    cell.append(percentLabel(typeof row[name] === 'number' ? (row[name] as number) : null), mark);
    return cell;
  };
}
