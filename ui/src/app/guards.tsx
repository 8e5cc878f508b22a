import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ModuleOffPage, NotAllowedPage } from '../components/not-allowed-page';
import { PageSpinner } from '../components/page-spinner';
import { setupInformationQuery } from '../features/setup/api/get-setup-information';
import { isModuleOn, useEnabledModules, type ModuleSwitch } from '../lib/enabled-modules';
import { lazyDefault, type LazyProps } from '../lib/lazy-component';
import { useSessionUser } from '../lib/session';
import type { PageAccess } from '../modules/manifest';
import { canOpen } from './navigation';

/** /login while setup is pending goes to /setup: there is nobody to sign in yet. */
export function SetupFirst({ children }: { children: ReactNode }) {
  const setup = useSetupPending(useSessionUser() !== null);
  if (setup.pending) return <Navigate to="/setup" replace />;
  return children;
}

const ChangePasswordPage = lazyDefault(() => import('../features/auth/change-password-page'));

/** While the first-run setup is pending, every page sends the browser to /setup (asked only when nobody is signed in). */
function useSetupPending(signedIn: boolean): { pending: boolean; known: boolean } {
  const setup = useQuery({ ...setupInformationQuery, enabled: !signedIn });
  return { pending: setup.data?.setupPending === true, known: signedIn || !setup.isPending };
}

/**
 * Every route but /login and /setup needs a stored user; without one the browser goes to /login, or to /setup while
 * setup is pending. A user whose password must be changed sees that form and nothing else until it is done.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  const setup = useSetupPending(user !== null);
  if (!user && !setup.known) return <PageSpinner />;
  if (!user && setup.pending) return <Navigate to="/setup" replace />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (user.mustChangePassword) {
    return <ChangePasswordPage fallback={<PageSpinner />} />;
  }
  return children;
}

/**
 * As the route is entered: the page's first data is asked for while its code loads (this runs once the loading
 * spinner is drawn, before the page's own requests). A request the page makes meanwhile is the same one, not a second.
 */
function usePrefetchOnEntry(prefetch: ((client: QueryClient) => void) | undefined, allowed: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (allowed) prefetch?.(client);
  }, [prefetch, allowed, client]);
}

/**
 * A page of the route table: the role is checked before the page's code is fetched, so a role that may not open it
 * gets the not-allowed page without downloading it (nor its data); a feature module's page, while the module runs on
 * no line, says so instead.
 */
export function GuardedPage({
  access,
  page: Page,
  loadingModules = false,
  prefetch,
  module,
}: {
  access: PageAccess;
  page: ComponentType<LazyProps<object>>;
  loadingModules?: boolean;
  prefetch?: (client: QueryClient) => void;
  module?: ModuleSwitch;
}) {
  const user = useSessionUser();
  const modules = useEnabledModules();
  const allowed = canOpen(access, user?.roleID);
  const moduleOn = module === undefined || isModuleOn(modules.data, module);
  usePrefetchOnEntry(prefetch, allowed && moduleOn);
  if (!allowed) return <NotAllowedPage />;
  if (module && modules.isPending) return <PageSpinner />;
  if (!moduleOn) return <ModuleOffPage />;
  return <Page fallback={<PageSpinner modules={loadingModules} />} />;
}
