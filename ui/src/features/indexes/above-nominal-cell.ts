import type { GridRow } from '../../components/data-grid/grid-types';
import { i18n } from '../../lib/i18n';
import { percentLabel } from '../../lib/indicator-format';

/** Throughput over 100 %: the row ran above the nominal speed its figures are measured against. */
export function rowAboveNominalSpeed(row: GridRow): boolean {
  return typeof row.throughput === 'number' && row.throughput > 1;
}

/**
 * A ratio cell (OEE, throughput) of an order or shift row: its true percentage, and, when the row ran above nominal
 * speed, a warning sign after it whose tooltip says which line's product speed to check (issue 25).
 */
export function ratioCellFlaggingSpeed(name: string) {
  return (row: GridRow) => {
    const label = percentLabel(typeof row[name] === 'number' ? (row[name] as number) : null);
    if (!rowAboveNominalSpeed(row)) return label;
    const warning = i18n.t('indicators.aboveNominalSpeed', { n: row.lineID });
    return (
      <span title={warning} style={{ color: 'var(--chakra-colors-orange-fg)' }} data-above-nominal="true">
        {label}
        <span aria-label={warning}> ⚠</span>
      </span>
    );
  };
}
