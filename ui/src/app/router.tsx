import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { ErrorBoundary, ErrorFallback } from './error-fallback';
import { GuardedPage, RequireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import { pages } from './pages';
import { AppWatchers } from './watchers';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const SetupPage = lazy(() => import('../features/setup/setup-page'));

function Public({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

function Root() {
  return (
    <ErrorBoundary>
      <AppWatchers />
      <Outlet />
    </ErrorBoundary>
  );
}

/** /login and /setup are public; every other page needs a stored user and goes through its role check. */
const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorFallback />,
    children: [
      { path: '/login', element: <Public page={LoginPage} /> },
      { path: '/setup', element: <Public page={SetupPage} /> },
      {
        element: (
          <RequireUser>
            <AppLayout />
          </RequireUser>
        ),
        children: pages.map((page) => {
          const Page = lazy(page.load);
          return { path: page.path, element: <GuardedPage access={page.access} page={Page} /> };
        }),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
