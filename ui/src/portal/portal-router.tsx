import { Button, Flex, Spacer, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, NavLink, Outlet, type RouteObject } from 'react-router-dom';
import { ErrorBoundary, ErrorFallback } from '../app/error-fallback';
import { LanguageSwitch } from '../components/language-switch';
import { NotAllowedPage } from '../components/not-allowed-page';
import { PageSpinner } from '../components/page-spinner';
import { useLogout } from '../features/auth/api/logout';
import LoginPage from '../features/auth/login-page';
import { isPortalAdministrator } from '../features/portal/api/portal-users';
import type { MessageKey } from '../lib/i18n';
import { lazyDefault, type LazyProps } from '../lib/lazy-component';
import { useSessionUser } from '../lib/session';

const ChangePasswordPage = lazyDefault(() => import('../features/auth/change-password-page'));

/**
 * The portal's pages, in the navigation bar's order. Only the portal's feature: never an edge page. `administrator`:
 * shown to administrators only; anyone else who opens its address is refused it (the server refuses its calls too).
 */
const PAGES: readonly {
  path: string;
  label: MessageKey;
  testId: string;
  page: ComponentType<LazyProps<object>>;
  administrator?: boolean;
}[] = [
  { path: '/', label: 'portal.nav.plants', testId: 'nav-plants', page: lazyDefault(() => import('../features/portal/plants-page')) },
  {
    path: '/compare',
    label: 'portal.nav.compare',
    testId: 'nav-compare',
    page: lazyDefault(() => import('../features/portal/compare-page')),
  },
  { path: '/losses', label: 'portal.nav.losses', testId: 'nav-losses', page: lazyDefault(() => import('../features/portal/losses-page')) },
  { path: '/orders', label: 'portal.nav.orders', testId: 'nav-orders', page: lazyDefault(() => import('../features/portal/orders-page')) },
  {
    path: '/users',
    label: 'portal.nav.users',
    testId: 'nav-users',
    page: lazyDefault(() => import('../features/portal/users-page')),
    administrator: true,
  },
];

const mayOpen = (page: (typeof PAGES)[number], roleID: number | undefined) => !page.administrator || isPortalAdministrator(roleID);

/** A page as its role may see it: an administrators' page is refused to the others, whatever address they type. */
function GuardedPage({ page }: { page: (typeof PAGES)[number] }) {
  const user = useSessionUser();
  const Page = page.page;
  return mayOpen(page, user?.roleID) ? <Page fallback={<PageSpinner />} /> : <NotAllowedPage />;
}

function PortalNavBar() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const logout = useLogout();
  return (
    <Flex as="nav" bg="teal.700" color="white" px="4" py="2" align="center" gap="3" wrap="wrap" data-testid="nav-bar">
      <Text fontWeight="bold">{t('portal.title')}</Text>
      {PAGES.filter((page) => mayOpen(page, user?.roleID)).map((page) => (
        <NavLink
          key={page.path}
          to={page.path}
          end
          data-testid={page.testId}
          style={({ isActive }) => ({ textDecoration: isActive ? 'underline' : 'none', fontWeight: 500 })}
        >
          {t(page.label)}
        </NavLink>
      ))}
      <Spacer />
      <Text fontSize="sm" data-testid="nav-user">
        {user ? `${user.firstName} ${user.lastName ?? ''}`.trim() : ''}
      </Text>
      <LanguageSwitch />
      <Button size="xs" variant="outline" color="white" onClick={() => logout.mutate()} data-testid="nav-logout">
        {t('nav.logout')}
      </Button>
    </Flex>
  );
}

/** Signed in (after the first change of password): the navigation bar over the page. */
function PortalLayout() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  if (user.mustChangePassword) return <ChangePasswordPage fallback={<PageSpinner />} />;
  return (
    <>
      <PortalNavBar />
      <Outlet />
    </>
  );
}

function Root() {
  return (
    <ErrorBoundary>
      <Outlet />
    </ErrorBoundary>
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorFallback />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <PortalLayout />,
        children: PAGES.map((page) => ({ path: page.path, element: <GuardedPage page={page} /> })),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The central portal's pages (portal.html): sign-in, then the plants overview, compare, losses, orders and (administrators) users. */
export const portalRouter = createBrowserRouter(routes);
