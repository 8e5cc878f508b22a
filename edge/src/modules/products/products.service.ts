import type { Database } from '../../db/database';
import { unitOfProduct } from './products.repository';
import { DEFAULT_UNIT } from './products.schemas';

/** The unit a product is counted in; 'kilos/piezas' when the product has none or is unknown (SPEC.md section 7). */
export async function productUnit(db: Database, code: string | undefined): Promise<string> {
  const unit = code ? await unitOfProduct(db, code.trim()) : null;
  return unit?.trim() ? unit : DEFAULT_UNIT;
}
