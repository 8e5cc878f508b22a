import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { system } from '../../../ui/src/app/theme';
import { LoginCard } from './login-card';

/** The pages bench's second floor: the login card drawn with Chakra UI and the app's theme, nothing else. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <LoginCard />
    </ChakraProvider>
  </StrictMode>,
);
