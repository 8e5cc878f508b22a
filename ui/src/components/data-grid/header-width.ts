/**
 * The narrowest a grid column may be so that its header shows whole on at most two lines, never breaking a word
 * (issue 27: 'Rendimient o', 'Nombr e'). The grid's header has a fixed height that holds two lines: AG Grid's
 * auto header height measured every header cell (offsetHeight and computed styles, one forced layout each, 125 ms of
 * a grid page's first draw), and the width is what decides the lines, so it is computed here without the DOM.
 */

/** AG Grid's Quartz header font (500 14px, its font stack), as its headers are drawn. */
export const HEADER_FONT =
  '500 14px "IBM Plex Sans", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Oxygen-Sans, Ubuntu, Cantarell, "Helvetica Neue", sans-serif';

/** A header cell's own room besides its text: 16 px padding each side. */
const PADDING_PX = 32;
/** The filter icon beside the text (16 px), and the sort arrow with its spacing once the column is sorted (24 px). */
const FILTER_ICON_PX = 16;
const SORT_ICON_PX = 24;
/** Room for a font that draws a little wider than the one measured (the web font, or none of the stack's first): a tenth. */
const slack = (px: number) => px / 10;
/** The grid's floor for any column, as before. */
export const MIN_COLUMN_PX = 90;

/** Text width in px; the canvas's measureText, which lays out nothing. */
export type Measure = (text: string) => number;

/**
 * The narrowest width, in px, at which `text` fits on at most two lines without a word broken: the best split of its
 * words into a first and a second line (a single word stays whole on one line).
 */
export function twoLineTextWidth(text: string, measure: Measure): number {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  let best = measure(words.join(' '));
  for (let split = 1; split < words.length; split += 1) {
    best = Math.min(best, Math.max(measure(words.slice(0, split).join(' ')), measure(words.slice(split).join(' '))));
  }
  return best;
}

/** A column's minimum width for its header: its text on two lines at most, its icons and padding, never below 90 px. */
export function headerMinWidth(text: string, icons: { filter: boolean; sortable: boolean }, measure: Measure = measureHeaderText): number {
  const room = PADDING_PX + (icons.filter ? FILTER_ICON_PX : 0) + (icons.sortable ? SORT_ICON_PX : 0);
  const textPx = twoLineTextWidth(text, measure);
  return Math.max(MIN_COLUMN_PX, Math.ceil(textPx + slack(textPx) + room));
}

/** A column with its minimum width from its header, the filter icon and sort arrow it may show counted. */
export function withHeaderMinWidth<Column extends { headerName?: string; filter?: unknown; sortable?: boolean }>(
  column: Column,
): Column & { minWidth: number } {
  return {
    ...column,
    minWidth: headerMinWidth(column.headerName ?? '', { filter: Boolean(column.filter), sortable: column.sortable !== false }),
  };
}

let context: CanvasRenderingContext2D | null | undefined;

/** The header text's width in the header's font (a canvas's 2D context, created once); without a canvas, 8.5 px a character. */
export function measureHeaderText(text: string): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) context.font = HEADER_FONT;
  }
  return context ? context.measureText(text).width : text.length * 8.5;
}
