import type { Menu } from '@chakra-ui/react';
import { useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

/** Chakra's menu parts, handed to a menu's items when it opens. */
export type MenuParts = typeof Menu;

/** The menu's own settings: whether choosing an item closes it (default yes), its least width and its most height. */
export interface MenuShape {
  closeOnSelect?: boolean;
  minW?: string;
  maxH?: string;
}

const OpenMenu = lazyComponent(() => import('./open-menu').then((module) => module.OpenMenu));

/**
 * A menu that is its trigger button alone until first opened: the Chakra menu (a zag state machine with its listeners)
 * is mounted by that first click, already open, and from then on it is the menu as any other. Its code (Chakra's
 * menu, zag's popper and dismissable layer, about 30 kB brotli) is fetched then, or when the pointer or focus first
 * reaches the button, not before a page's content. `trigger` draws the button with the props it is given (a plain
 * element or a Chakra Button); `items` draws the items with the menu parts it is handed. A first ArrowDown, ArrowUp or
 * Enter on the focused button opens it as the menu's trigger would.
 */
export function LazyMenu({
  trigger,
  items,
  ...shape
}: {
  trigger: (props: ButtonHTMLAttributes<HTMLButtonElement>) => ReactElement;
  items: (menu: MenuParts) => ReactNode;
} & MenuShape) {
  const [used, setUsed] = useState(false);
  const closed = { 'aria-haspopup': 'menu', 'aria-expanded': false } as const;
  if (!used) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Enter') return;
      event.preventDefault();
      setUsed(true);
    };
    return trigger({ ...closed, onClick: () => setUsed(true), onKeyDown, onPointerEnter: OpenMenu.preload, onFocus: OpenMenu.preload });
  }
  return <OpenMenu fallback={trigger(closed)} trigger={trigger({})} items={items} shape={shape} />;
}
