import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import type { MenuParts, MenuShape } from './lazy-menu';

/** A LazyMenu once opened (lazy-menu.tsx loads this module on first use): Chakra's menu, open at once. */
export function OpenMenu({ trigger, items, shape }: { trigger: ReactElement; items: (menu: MenuParts) => ReactNode; shape: MenuShape }) {
  return (
    <Menu.Root defaultOpen closeOnSelect={shape.closeOnSelect ?? true}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={shape.minW} maxH={shape.maxH} overflowY={shape.maxH ? 'auto' : undefined}>
            {items(Menu)}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
