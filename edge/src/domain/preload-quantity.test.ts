import { describe, expect, it } from 'vitest';
import { preloadQuantityInProductUnits } from './preload-quantity';

const eightTonnes = { tonnes: 8, bagKg: 25, bag: 'Big bag' };

describe('the quantity of an order made from a preload order', () => {
  it('converts the tonnes into a product counted by mass', () => {
    expect(preloadQuantityInProductUnits(eightTonnes, 'kg')).toBe(8_000);
    expect(preloadQuantityInProductUnits(eightTonnes, ' Kilos ')).toBe(8_000);
    expect(preloadQuantityInProductUnits({ ...eightTonnes, tonnes: 12.5 }, 't')).toBe(12.5);
    expect(preloadQuantityInProductUnits({ ...eightTonnes, tonnes: 0.3 }, 'g')).toBe(300_000);
  });

  it('into bags of the preload’s bag weight, rounded up to whole bags', () => {
    expect(preloadQuantityInProductUnits(eightTonnes, 'bolsas')).toBe(320);
    expect(preloadQuantityInProductUnits({ ...eightTonnes, tonnes: 8.1, bagKg: 1_000 }, 'Big bags')).toBe(9);
    expect(preloadQuantityInProductUnits({ tonnes: 0.3, bagKg: 0.1, bag: 'Bolsa' }, 'bolsa')).toBe(3_000);
    // A bag of no weight converts nothing.
    expect(preloadQuantityInProductUnits({ ...eightTonnes, bagKg: 0 }, 'bolsas')).toBeNull();
  });

  it('never takes tonnes as units: a product counted in bottles, boxes or an unknown unit cannot be converted', () => {
    // The case: 8 t of a product counted in 'envases' became 8 envases.
    expect(preloadQuantityInProductUnits(eightTonnes, 'envases')).toBeNull();
    expect(preloadQuantityInProductUnits({ tonnes: 12.5, bagKg: 1_000, bag: 'Pallet' }, 'botellas')).toBeNull();
    expect(preloadQuantityInProductUnits(eightTonnes, null)).toBeNull();
  });
});
