import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { lazyDefault, type LazyProps } from '../lib/lazy-component';
// The login page is in the first bundle: it is what most visits start with, and it must be usable within 1 s.
import LoginPage from '../features/auth/login-page';
import { ErrorBoundary, ErrorFallback } from './error-fallback';
import { GuardedPage, RequireUser, SetupFirst } from './guards';
import { pages } from './pages';
import { AppLayout, pageComponents } from './preload';
import { AppWatchers } from './watchers';

const SetupPage = lazyDefault(() => import('../features/setup/setup-page'));
// The scoreboard for the wall: no menus and no sign-in needed on a configured terminal (the server decides who reads it).
const ScoreboardPage = lazyDefault(() => import('../features/scoreboard/scoreboard-page'));

function Public({ page: Page }: { page: ComponentType<LazyProps<object>> }) {
  return <Page fallback={<PageSpinner />} />;
}

function Root() {
  return (
    <ErrorBoundary>
      <AppWatchers />
      <Outlet />
    </ErrorBoundary>
  );
}

/** /login, /setup and /tablero are public (/login sends to /setup while setup is pending); every other page needs a stored user and goes through its role check. */
const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorFallback />,
    children: [
      {
        path: '/login',
        element: (
          <SetupFirst>
            <Public page={LoginPage} />
          </SetupFirst>
        ),
      },
      { path: '/setup', element: <Public page={SetupPage} /> },
      { path: '/tablero', element: <Public page={ScoreboardPage} /> },
      {
        element: (
          <RequireUser>
            <AppLayout fallback={<PageSpinner />} />
          </RequireUser>
        ),
        children: pages.map((page) => {
          const Page = pageComponents.get(page.path)!;
          // SPEC.md section 2: 'Loading modules...' while the dashboard loads.
          return {
            path: page.path,
            element: (
              <GuardedPage
                access={page.access}
                page={Page}
                loadingModules={page.path === '/'}
                prefetch={page.prefetch}
                module={page.module}
              />
            ),
          };
        }),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
