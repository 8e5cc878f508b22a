// The pages' Spanish texts, before any page is drawn (lib/page-messages.ts).
import '../../lib/page-messages';
import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { useSessionUser } from '../../lib/session';
import { NavBar } from './nav-bar';

/** Navigation bar and the current page. */
export function AppLayout() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Box minH="100vh" bg="bg.subtle">
      <NavBar user={user} />
      <Box as="main" p={{ base: '2', md: '4' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
