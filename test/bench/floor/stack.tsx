import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../ui/src/app/providers';
import { i18nReady } from '../../../ui/src/lib/i18n';
import { LoginCard } from './login-card';

/**
 * The pages bench's third floor: the same card inside the app's providers (query client, i18n with the Spanish
 * catalogue's first part as the app's first bundle holds it, Chakra, the toaster) and a data router of one route: the stack as the app starts it, without the app's
 * own pages, session or API code.
 */
const router = createBrowserRouter([{ path: '*', element: <LoginCard /> }], { basename: '/floor' });

void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
