import { esCore } from './es-core';
import { esPages } from './es-pages';

/**
 * The Spanish catalogue (default language): every text the app shows. SPEC.md's exact Spanish texts are used where the
 * specification gives them. `en.ts` must have the same keys (its type is this object's). The app loads it in two parts
 * (`es-core.ts` with its first bundle, `es-pages.ts` with the pages), so only tests and types import this whole.
 */
export const es = { ...esCore, ...esPages };

export type Catalogue = typeof es;
