import { matchPath } from 'react-router-dom';
import { lazyComponent, lazyDefault } from '../lib/lazy-component';
import { pages } from './pages';

/** The navigation bar and its menus: code every page behind the login needs, and the login page does not. */
export const AppLayout = lazyComponent(() => import('./layout/app-layout').then((module) => module.AppLayout));

/** Each page of the route table, its code fetched when first drawn or preloaded (by path). */
export const pageComponents = new Map(pages.map((page) => [page.path, lazyDefault(page.load)]));

const PUBLIC_PATHS = ['/login', '/setup'];

/**
 * Starts fetching a route's code (its page and, behind the login, the layout) before React asks for it: at start-up
 * for the route opened, so both chunks download side by side instead of one after the other; when a menu entry is
 * pointed at; and on idle after the login form shows, for the dashboard it leads to. The browser fetches and runs each
 * chunk once, and the page is then drawn at once, without its loading spinner. A failed fetch is left to the page to
 * report when drawn.
 */
export function preloadRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0]!;
  if (PUBLIC_PATHS.includes(pathname)) return;
  AppLayout.preload();
  const page = pages.find((candidate) => matchPath(candidate.path, pathname));
  if (page) pageComponents.get(page.path)!.preload();
}
