import { describe, expect, it } from 'vitest';
import { headerMinWidth, MIN_COLUMN_PX, twoLineTextWidth } from './header-width';

/** A monospace stand-in for the canvas: 10 px a character. */
const mono = (text: string) => text.length * 10;

describe('grid header widths (two lines at most, no word broken)', () => {
  it('splits the words where the longer line is the shortest, and keeps a single word whole', () => {
    expect(twoLineTextWidth('Rendimiento', mono)).toBe(110);
    expect(twoLineTextWidth('Tiempo en marcha (min)', mono)).toBe(120); // 'Tiempo en' / 'marcha (min)'
    expect(twoLineTextWidth('Nº de sector', mono)).toBe(60); // 'Nº de' / 'sector'
    expect(twoLineTextWidth('  ', mono)).toBe(0);
  });

  it('adds the padding and the icons the column shows, never below the floor', () => {
    expect(headerMinWidth('Rendimiento', { filter: false, sortable: false }, mono)).toBe(110 + 11 + 32);
    expect(headerMinWidth('Rendimiento', { filter: true, sortable: true }, mono)).toBe(110 + 11 + 32 + 16 + 24);
    expect(headerMinWidth('Rol', { filter: false, sortable: false }, mono)).toBe(MIN_COLUMN_PX);
  });

  it('measures without a canvas outside the browser', () => {
    expect(headerMinWidth('Apellido', { filter: true, sortable: true })).toBeGreaterThanOrEqual(MIN_COLUMN_PX);
  });
});
