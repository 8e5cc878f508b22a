import { formatNumber } from '../../lib/indicator-format';

/**
 * The numbers a chart writes (value-axis ticks, tooltips) in the user's language, through the app's one number
 * formatter, so a chart's '1,5 min' reads as the tiles and grids beside it.
 */
export function numberTicks(locale: string) {
  return { callback: (value: number | string) => (typeof value === 'number' ? formatNumber(value, {}, locale) : value) };
}

/** A tooltip line: the series' label and the bar's or point's value along the value axis. */
export function numberTooltip(locale: string, horizontal = false) {
  return {
    callbacks: {
      label: (item: { parsed: { x?: number | null; y?: number | null }; dataset: { label?: string } }) => {
        const value = horizontal ? item.parsed.x : item.parsed.y;
        const text = typeof value === 'number' && Number.isFinite(value) ? formatNumber(value, {}, locale) : '';
        return item.dataset.label ? `${item.dataset.label}: ${text}` : text;
      },
    },
  };
}
