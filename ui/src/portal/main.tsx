import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { portalRouter } from './portal-router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={portalRouter} />
    </AppProviders>
  </StrictMode>,
);
