import type { Menu } from '@chakra-ui/react';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ButtonHTMLAttributes,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { lazyComponent } from '../../lib/lazy-component';
import type { MenuAction, MenuDialogProps } from '../../modules/manifest';
import type { MenuEntry } from '../navigation';
import { preloadRoute } from '../preload';
import styles from './nav-menu.module.css';

type OpenDialog = (load: MenuAction['dialog']) => void;

/** Chakra's menu parts, handed to a menu's items when it opens (see NavMenu). */
export type MenuParts = typeof Menu;

const loadOpenNavMenu = () => import('./open-nav-menu');
const OpenNavMenu = lazyComponent(() => loadOpenNavMenu().then((module) => module.OpenNavMenu));
const preloadOpenNavMenu = () => void loadOpenNavMenu().catch(() => undefined);

const MenuDialogContext = createContext<OpenDialog>(() => undefined);

/**
 * Holds the dialog a menu entry opened (the OEE report) outside the menus, so it stays open once its menu closes.
 * Only one is open at a time.
 */
export function MenuDialogHost({ children }: { children: ReactNode }) {
  const [Dialog, setDialog] = useState<ComponentType<MenuDialogProps> | null>(null);
  const open = useCallback<OpenDialog>((load) => {
    void load().then((module) => setDialog(() => module.default));
  }, []);
  return (
    <MenuDialogContext value={open}>
      {children}
      {Dialog && <Dialog onClose={() => setDialog(null)} />}
    </MenuDialogContext>
  );
}

/** The items of one menu's entries: links to pages, or dialogs. */
export function EntryItems({ entries, menu: Menu }: { entries: readonly MenuEntry[]; menu: MenuParts }) {
  const { t } = useTranslation();
  const openDialog = useContext(MenuDialogContext);
  return entries.map((entry) =>
    entry.kind === 'link' ? (
      <Menu.Item key={entry.key} value={entry.key} asChild>
        <Link to={entry.to} onPointerEnter={() => preloadRoute(entry.to)} onFocus={() => preloadRoute(entry.to)}>
          {t(entry.label)}
        </Link>
      </Menu.Item>
    ) : (
      <Menu.Item key={entry.key} value={entry.key} onSelect={() => openDialog(entry.dialog)}>
        {t(entry.label)}
      </Menu.Item>
    ),
  );
}

/**
 * A navigation-bar menu: a trigger button and its items. Until it is first opened it is the button alone, and the
 * Chakra menu (a zag state machine with its listeners, one for each of the bar's up to 8 menus on every page) is
 * mounted by that first click, already open; from then on it is the menu as any other. Its code (Chakra's menu, zag's
 * popper and dismissable layer, about 30 kB brotli) is fetched then too, or when the pointer or focus first reaches a
 * menu's button, not before a page's content: `items` draws the menu's items with the menu parts it is handed. The
 * trigger is a plain button with a static class. A first ArrowDown, ArrowUp or Enter on the focused button opens it as
 * the menu's trigger would.
 */
export function NavMenu({ label, testId, items }: { label: ReactNode; testId: string; items: (menu: MenuParts) => ReactNode }) {
  const [used, setUsed] = useState(false);
  const trigger = (props: ButtonHTMLAttributes<HTMLButtonElement> = {}) => (
    <button type="button" className={styles.trigger} data-testid={testId} {...props}>
      {label} ▾
    </button>
  );
  const closed = { 'aria-haspopup': 'menu', 'aria-expanded': false } as const;
  if (!used) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Enter') return;
      event.preventDefault();
      setUsed(true);
    };
    return trigger({ ...closed, onClick: () => setUsed(true), onKeyDown, onPointerEnter: preloadOpenNavMenu, onFocus: preloadOpenNavMenu });
  }
  return (
    <Suspense fallback={trigger(closed)}>
      <OpenNavMenu trigger={trigger()} items={items} />
    </Suspense>
  );
}
