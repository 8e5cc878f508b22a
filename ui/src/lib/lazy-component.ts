import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: `lazyComponent(() => import('./dialog').then((module) => module.Dialog))`. Used for
 * dialogs a page opens on a click, so their code (Chakra's dialog, its dismissable layer and focus trap) is fetched
 * when first opened instead of before the page's content shows; render it inside a Suspense.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
