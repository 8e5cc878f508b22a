import { Menu, Portal } from '@chakra-ui/react';
import {
  createContext,
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
import type { MenuAction, MenuDialogProps } from '../../modules/manifest';
import type { MenuEntry } from '../navigation';
import { preloadRoute } from '../preload';
import styles from './nav-menu.module.css';

type OpenDialog = (load: MenuAction['dialog']) => void;

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
export function EntryItems({ entries }: { entries: readonly MenuEntry[] }) {
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
 * mounted by that first click, already open; from then on it is the menu as any other. The trigger is a plain button
 * with a static class. A first ArrowDown, ArrowUp or Enter on the focused button opens it as the menu's trigger would.
 */
export function NavMenu({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const trigger = (props: ButtonHTMLAttributes<HTMLButtonElement> = {}) => (
    <button type="button" className={styles.trigger} data-testid={testId} {...props}>
      {label} ▾
    </button>
  );
  if (!used) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Enter') return;
      event.preventDefault();
      setUsed(true);
    };
    return trigger({ 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setUsed(true), onKeyDown });
  }
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger asChild>{trigger()}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto" minW="48">
            {children}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
