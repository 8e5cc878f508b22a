import { matchPath } from 'react-router-dom';
import { pages } from './pages';

/** The navigation bar and its menus: code every page behind the login needs, and the login page does not. */
export const loadAppLayout = () => import('./layout/app-layout');

const PUBLIC_PATHS = ['/login', '/setup'];

/**
 * Starts fetching a route's code (its page and, behind the login, the layout) before React asks for it: at start-up
 * for the route opened, so both chunks download side by side instead of one after the other; when a menu entry is
 * pointed at; and on idle after the login form shows, for the dashboard it leads to. The browser fetches and runs each
 * chunk once, and React.lazy's own import then finds it done. A failed fetch is left to that import to report.
 */
export function preloadRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0]!;
  if (PUBLIC_PATHS.includes(pathname)) return;
  void loadAppLayout().catch(() => undefined);
  void pages
    .find((page) => matchPath(page.path, pathname))
    ?.load()
    .catch(() => undefined);
}
