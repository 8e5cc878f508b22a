import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: `lazyComponent(() => import('./dialog').then((module) => module.Dialog))`. Used for
 * dialogs a page opens on a click, so their code (Chakra's dialog, its dismissable layer and focus trap) is fetched
 * when first opened instead of before the page's content shows; render it inside a Suspense. `preload()` starts the
 * fetch earlier (on idle, on hover); the browser fetches the module once, and a failed fetch is left to the component
 * to report when rendered.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { preload: () => void load().catch(() => undefined) },
  );
}
