import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import type { MenuParts } from './entry-menu';

/** A navigation-bar menu once opened (entry-menu.tsx's NavMenu, which loads this module on first use): open at once. */
export function OpenNavMenu({ trigger, items }: { trigger: ReactElement; items: (menu: MenuParts) => ReactNode }) {
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto" minW="48">
            {items(Menu)}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
