import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** What a lazy component draws while its code loads (nothing unless given), beside its own props. */
export type LazyProps<P> = P & { fallback?: ReactNode };

/**
 * A component whose code is fetched when it is first drawn: `lazyComponent(() => import('./dialog').then((module) =>
 * module.Dialog))`. Used for pages, tabs, dialogs and menus, so their code (Chakra's dialog, its dismissable layer and
 * focus trap, AG Grid…) is fetched when needed instead of before the first page shows. Until it arrives it draws its
 * `fallback` prop (a spinner, a menu's closed button); `preload()` starts the fetch earlier (at start-up, on hover, once
 * a grid's rows show). A failed fetch is thrown from its render, to the nearest error boundary, and tried again the next
 * time it is drawn.
 *
 * Not React.lazy with Suspense: a lazy component suspends on its first render even when its module is already loaded,
 * and React 19 holds a Suspense boundary's content back until 300 ms after its fallback showed (its reveal throttle),
 * so every page took 300 ms more per lazy level (the layout, the page, a configuration tab), and every first opening of
 * a dialog at least 300 ms. This one draws a loaded component at once, and one still loading with an ordinary update
 * as soon as it arrives.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function LazyComponent({ fallback = null, ...props }: LazyProps<P>) {
    const [state, setState] = useState<{ component?: ComponentType<P>; failed?: { error: unknown } }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component || state.failed) return;
      let mounted = true;
      start().then(
        (component) => mounted && setState({ component }),
        (error: unknown) => mounted && setState({ failed: { error } }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state.failed) throw state.failed.error;
    return state.component ? createElement(state.component, props as P) : fallback;
  }

  return Object.assign(LazyComponent, { preload: () => void start().catch(() => undefined) });
}

/** lazyComponent for a module's default export: `lazyDefault(() => import('./page'))`. */
export function lazyDefault<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyComponent(() => load().then((module) => module.default));
}
