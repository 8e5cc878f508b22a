import type { Database } from '../../db/database';
import { parsePlantDate } from '../../domain/time-zone';
import { AppError } from '../../http/errors';
import { translate, type Language } from '../../http/messages';
import { productsOfLineBetween, unitOfProduct } from './products.repository';
import { DEFAULT_UNIT } from './products.schemas';

/** The unit a product is counted in; 'kilos/piezas' when the product has none or is unknown (SPEC.md section 7). */
export async function productUnit(db: Database, code: string | undefined): Promise<string> {
  const unit = code ? await unitOfProduct(db, code.trim()) : null;
  return unit?.trim() ? unit : DEFAULT_UNIT;
}

/**
 * The products made on a line in a range (the stop summary's product filter), optionally preceded by the option for
 * all products ({ value: '', text: 'Todos' }, which the stop summary reads as no product filter).
 */
export async function productsOfLineAndDates(
  db: Database,
  query: { line: number; startDate: string; endDate: string; includeOptionForAll?: boolean },
  timeZone: string,
  language: Language,
) {
  const fromMs = parsePlantDate(query.startDate, timeZone);
  const toMs = parsePlantDate(query.endDate, timeZone);
  if (fromMs === null) throw new AppError('validation', 'validation.invalid', { field: 'startDate' });
  if (toMs === null || toMs < fromMs) throw new AppError('validation', 'validation.invalid', { field: 'endDate' });
  const products = await productsOfLineBetween(db, query.line, fromMs, toMs);
  return query.includeOptionForAll ? [{ value: '', text: translate('lookup.all', language) }, ...products] : products;
}
