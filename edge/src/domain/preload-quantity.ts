/**
 * The quantity of an order made from a preload order (/indexes/precargaOp). A preload order gives a mass — cantidad
 * in tonnes, packed in bags ('bolsa') of pesoBolsa kg — while an order counts units of its product, in the
 * product's unit. They meet only where the product's unit is itself a mass (t, kg, g: the tonnes converted) or the
 * bag (bags of pesoBolsa kg: tonnes × 1000 / pesoBolsa, rounded up to whole bags, enough to pack the tonnes). A
 * product counted in bottles, boxes or pieces has no weight in its data (wrappersPerPackage and unitsPerWrapper
 * count units per package, not kilograms), so the tonnes cannot be converted and the order's quantity must be given:
 * tonnes are never taken as units.
 */

const MASS_UNITS_PER_TONNE: Readonly<Record<string, number>> = {
  t: 1,
  tn: 1,
  ton: 1,
  tons: 1,
  tonne: 1,
  tonnes: 1,
  tonelada: 1,
  toneladas: 1,
  kg: 1_000,
  kgs: 1_000,
  kilo: 1_000,
  kilos: 1_000,
  kilogramo: 1_000,
  kilogramos: 1_000,
  kilogram: 1_000,
  kilograms: 1_000,
  g: 1_000_000,
  gr: 1_000_000,
  gramo: 1_000_000,
  gramos: 1_000_000,
  gram: 1_000_000,
  grams: 1_000_000,
};

const BAG_UNITS: ReadonlySet<string> = new Set(['bolsa', 'bolsas', 'bag', 'bags']);

const normalized = (text: string | null | undefined) => (text ?? '').trim().toLowerCase().replace(/\.$/, '');

export interface PreloadAmount {
  /** cantidad: tonnes. */
  tonnes: number;
  /** pesoBolsa: kg per bag. */
  bagKg: number;
  /** bolsa: the bag's name (e.g. 'Big bag'). */
  bag: string | null;
}

/** The unit names one bag: 'bolsa(s)', 'bag(s)', or the preload's own bag name (singular or plural). */
function namesTheBag(unit: string, bag: string): boolean {
  return BAG_UNITS.has(unit) || (bag !== '' && (unit === bag || unit === `${bag}s` || `${unit}s` === bag));
}

/**
 * The preload's amount in units of the product, or null when the product's data cannot convert tonnes (then the
 * user gives the quantity). Mass units: rounded to the gram; bags: whole bags, rounded up.
 */
export function preloadQuantityInProductUnits(amount: PreloadAmount, productUnit: string | null): number | null {
  const unit = normalized(productUnit);
  const perTonne = MASS_UNITS_PER_TONNE[unit];
  if (perTonne !== undefined) return Math.round(amount.tonnes * perTonne * 1000) / 1000;
  if (namesTheBag(unit, normalized(amount.bag)) && amount.bagKg > 0)
    return Math.ceil(Math.round(((amount.tonnes * 1_000) / amount.bagKg) * 1e6) / 1e6);
  return null;
}
