import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/feedback/toaster';
import { i18n } from '../lib/i18n';
import { createQueryClient } from './query-client';
import { system } from './theme';

/** Query client, Chakra (with the app's system), i18n and the toaster around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={system}>
          {children}
          <Toaster />
        </ChakraProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
