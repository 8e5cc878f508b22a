import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { NotAllowedPage } from '../components/not-allowed-page';
import { PageSpinner } from '../components/page-spinner';
import { useSessionUser } from '../lib/session';
import type { PageAccess } from '../modules/manifest';
import { canOpen } from './navigation';

/** Every route but /login and /setup needs a stored user; without one the browser goes to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

/**
 * A page of the route table: the role is checked before the page's code is fetched, so a role that may not open it
 * gets the not-allowed page without downloading it.
 */
export function GuardedPage({ access, page: Page, loadingModules = false }: { access: PageAccess; page: ComponentType; loadingModules?: boolean }) {
  const user = useSessionUser();
  if (!canOpen(access, user?.roleID)) return <NotAllowedPage />;
  return (
    <Suspense fallback={<PageSpinner modules={loadingModules} />}>
      <Page />
    </Suspense>
  );
}
