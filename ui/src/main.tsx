import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { preloadRoute } from './app/preload';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';

// The opened route's code starts downloading now, beside React's first render.
preloadRoute(window.location.pathname);

// After the stored language's catalogue (at once in Spanish; English is fetched first).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
