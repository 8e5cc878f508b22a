// The pages' Spanish texts, before any page is drawn (lib/page-messages.ts).
import '../lib/page-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { portalRouter } from './portal-router';
import { i18nReady } from '../lib/i18n';

// After the stored language's catalogue (at once in Spanish; English is fetched first).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={portalRouter} />
      </AppProviders>
    </StrictMode>,
  ),
);
